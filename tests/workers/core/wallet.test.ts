/**
 * The balance is one stream of the core for every tab: read at login, moved by the server's
 * wallet events (a gift sent from another device, a credit) and by answers a tab reports, and
 * cleared at logout. Real server, tabs as MessageChannels.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '../../../workers/protocol/index';
import type { WalletValue } from '../../../workers/core/api';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../server/accounts/seed';
import { startTestServer, type TestServer } from '../../helpers/ws-client';
import { CoreHarness } from '../helpers/core-harness';
import { waitFor } from '../helpers/fake-clock';

let srv: TestServer;
let h: CoreHarness | null = null;

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});
afterEach(async () => {
  await h?.dispose();
  h = null;
});

describe('wallet stream', () => {
  it('every tab sees the balance move, from the socket and from a tab’s answer; logout clears it', async () => {
    h = new CoreHarness(srv.base);
    const [a, b] = [h.tab('a'), h.tab('b')];
    const seen: Array<WalletValue | null> = [null, null];
    await a.subscribe({ kind: 'wallet' }, (v) => (seen[0] = v));
    await b.subscribe({ kind: 'wallet' }, (v) => (seen[1] = v));
    expect(seen.map((v) => v?.balance ?? null)).toEqual([null, null]);

    const login = await a.login({ phone: DEMO_USERS[2].phone, password: DEMO_PASSWORD });
    expect(login.ok, login.msg).toBe(true);
    const userId = login.data!.id;
    await waitFor(() => seen.every((v) => typeof v?.balance === 'number'), 8_000, 'balance read at login');
    const start = seen[0]!.balance!;
    await waitFor(() => h!.core.socket.lastSeq(Topics.inbox) !== undefined, 10_000, 'inbox watched');

    // A credit elsewhere (the dev control publishes the wallet event like every money move).
    const res = await fetch(`${srv.base}/_dev/vlive/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId, amount: 500 }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(200);
    await waitFor(() => seen.every((v) => v?.balance === start + 500), 8_000, 'credit in both tabs');

    // A tab reports the answer of its own gift: the other tab shows it too.
    await a.noteBalance(start + 400);
    await waitFor(() => seen[1]?.balance === start + 400, 8_000, 'answer reaches the other tab');

    await a.logout();
    await waitFor(() => seen.every((v) => v?.balance === null), 8_000, 'cleared at logout');
  });
});
