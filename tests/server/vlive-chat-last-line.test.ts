/**
 * Room chat's record of each user's last line (what tells a resend from a repeat): a single
 * process keeps it in memory, so a line costs no read of it after the user's first; in cluster
 * mode another gateway may have stored the last line, so every line reads it from storage. The
 * repeat rule holds either way, and across a restart. Real PGlite and the real hub.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatService, CHAT_REPEAT_MS } from '../../server/vlive/chat';
import { createHub } from '../../server/ws/create-hub';
import { createMetrics } from '../../server/metrics';
import { createTestStorage, type TestStorage } from '../helpers/test-db';

let ts: TestStorage;
let userId: number;
const clock = { now: Date.UTC(2026, 10, 26, 12, 0, 0) };
const hub = createHub({ metrics: createMetrics(), now: () => clock.now, authenticate: async () => null });

beforeEach(async () => {
  ts = await createTestStorage();
  const row = await ts.storage.db
    .insertInto('users')
    .values({
      phone: '13600000001',
      nick_name: '说话的人',
      password_hash: 'x',
      portrait: '',
      portrait_new: null,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = row.id;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await ts.cleanup();
});

/** Reads of the stored chat lines while `run` goes. */
async function chatReads(run: () => Promise<void>): Promise<number> {
  const spy = vi.spyOn(ts.storage.db, 'selectFrom');
  await run();
  const n = spy.mock.calls.filter(([table]) => table === 'vlive_chat_messages').length;
  spy.mockRestore();
  return n;
}

const line = (text: string, clientId: string) => ({ roomId: 'match-1', text, clientId });

describe('room chat: the last line', () => {
  it('single process: read once for a user, then kept in memory; repeats and resends still answered', async () => {
    const chat = createChatService({ db: ts.storage.db, hub, now: () => clock.now });
    expect(await chatReads(async () => void (await chat.handle(userId, line('第一句', 'c1'))))).toBe(1);
    clock.now += 2_000;
    const reads = await chatReads(async () => {
      expect((await chat.handle(userId, line('第二句', 'c2'))).ok).toBe(true);
      clock.now += 2_000;
      // The same words again within CHAT_REPEAT_MS: refused, from the line kept in memory.
      expect(await chat.handle(userId, line('第二句', 'c3'))).toMatchObject({ ok: false, msg: '请勿重复发言' });
    });
    expect(reads).toBe(0);
    // A resend of a stored line is answered with it (found by its client id when stored).
    const resent = await chat.handle(userId, line('第二句', 'c2'));
    expect(resent.ok).toBe(true);
    expect(resent.message?.text).toBe('第二句');
    // After a restart the last line is read from storage once: the repeat is still caught.
    const restarted = createChatService({ db: ts.storage.db, hub, now: () => clock.now });
    clock.now += 2_000;
    expect(await restarted.handle(userId, line('第二句', 'c4'))).toMatchObject({ ok: false, msg: '请勿重复发言' });
    clock.now += CHAT_REPEAT_MS;
    expect((await restarted.handle(userId, line('第二句', 'c5'))).ok).toBe(true);
  });

  it('cluster mode: every line reads the last one from storage (another gateway may have stored it)', async () => {
    const chat = createChatService({ db: ts.storage.db, hub, now: () => clock.now, clustered: true });
    const reads = await chatReads(async () => {
      expect((await chat.handle(userId, line('集群一', 'k1'))).ok).toBe(true);
      clock.now += 2_000;
      expect((await chat.handle(userId, line('集群二', 'k2'))).ok).toBe(true);
    });
    expect(reads).toBe(2);
    // A line stored by another gateway (here: another service) is seen as the last one.
    const other = createChatService({ db: ts.storage.db, hub, now: () => clock.now, clustered: true });
    clock.now += 2_000;
    expect((await other.handle(userId, line('另一台说的', 'k3'))).ok).toBe(true);
    clock.now += 2_000;
    expect(await chat.handle(userId, line('另一台说的', 'k4'))).toMatchObject({ ok: false, msg: '请勿重复发言' });
  });
});
