/**
 * The messaging core tests' setup: one real server for the file, a core harness per user (closed
 * after each test), and a demo user logged in on one of them with the inbox watched.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { Topics } from '../../../workers/protocol/index';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../server/accounts/seed';
import { appendMessages, ensurePrivateConversation } from '../../../server/im/insert';
import { startTestServer, type TestServer } from '../../helpers/ws-client';
import type { ConversationValue } from '../../../workers/core/api';
import { CoreHarness } from './core-harness';
import { waitFor } from './fake-clock';

/** The seqs a conversation shows, in order. */
export const seqsOf = (v: ConversationValue | null) => (v?.messages ?? []).map((m) => m.seq ?? 0);
/** from, from + 1, …, to. */
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export function useMessagingCores() {
  const env = { srv: undefined as unknown as TestServer };
  const harnesses: CoreHarness[] = [];
  beforeAll(async () => {
    env.srv = await startTestServer();
  });
  afterAll(async () => {
    await env.srv?.close();
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.dispose();
  });

  function harness(): CoreHarness {
    const h = new CoreHarness(env.srv.base);
    harnesses.push(h);
    return h;
  }

  async function tokenOf(h: CoreHarness): Promise<string> {
    let token = '';
    const t = h.tab(`probe-${Math.random()}`);
    await t.subscribe({ kind: 'session' }, (s) => (token = s.token ?? ''));
    await waitFor(() => token !== '', 5_000, 'token');
    return token;
  }

  async function loggedIn(h: CoreHarness, who: 0 | 1 | 2) {
    const tab = h.tab();
    const r = await tab.login({ phone: DEMO_USERS[who].phone, password: DEMO_PASSWORD });
    expect(r.ok, r.msg).toBe(true);
    await waitFor(() => h.core.socket.lastSeq(Topics.inbox) !== undefined, 10_000, 'inbox watched');
    return { tab, id: r.data!.id, token: await tokenOf(h) };
  }

  /** `count` messages from `from` to `to` through the server's insert path, an hour ago (outside the send rate). */
  async function seedHistory(from: number, to: number, count: number): Promise<string> {
    const now = Date.now() - 3_600_000;
    return env.srv.built.ctx.db.transaction().execute(async (trx) => {
      const conversationId = await ensurePrivateConversation(trx, from, to, now);
      const items = Array.from({ length: count }, (_, i) => ({
        clientId: `hist-${now}-${i}`,
        text: `历史第${i + 1}条`,
      }));
      await appendMessages(trx, { conversationId, from, to, now }, items);
      return conversationId;
    });
  }

  return { env, harness, loggedIn, seedHistory };
}
