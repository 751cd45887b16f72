/**
 * The inbox seed (issue 13, dev control): `POST /_dev/im/seed-inbox` gives a user 1,000 private
 * conversations through the insert path, and they are in that user's chat list with their unread
 * counts, newest first; seeding again adds to them; without DEV_CONTROL the route does not exist.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Code } from '../../workers/protocol/index';
import { MessagePaths as P, type ChatListItem } from '../../workers/protocol/api/message';
import type { AppContext } from '../../server/context';
import { installErrorHandler } from '../../server/http/reply';
import { imArea } from '../../server/im/routes';
import { demoPeerNick, imDevArea } from '../../server/im/dev-seed';
import { useImServer } from './im-harness';

const im = useImServer([imArea, imDevArea]);

async function seedInbox(body: Record<string, unknown>) {
  const res = await im.h.app.inject({ method: 'POST', url: '/_dev/im/seed-inbox', payload: body });
  return res.json() as { code: number; msg: string; data: { conversations: number; messages: number; ms: number } };
}

describe('POST /_dev/im/seed-inbox', () => {
  it('gives B 1,000 conversations that the chat list holds with their unread counts', async () => {
    const b = await im.createUser('收件人乙');
    const seeded = await seedInbox({ to: b.id, count: 1_000 });
    expect(seeded.code, seeded.msg).toBe(Code.OK);
    console.log(`seeded 1,000 conversations in ${seeded.data.ms} ms`);
    // One to three messages each, in turn: 334 + 333 + 333 conversations.
    expect(seeded.data).toMatchObject({ conversations: 1_000, messages: 334 * 1 + 333 * 2 + 333 * 3 });

    const list = await im.api<ChatListItem[]>('GET', P.chatList, { token: b.token });
    expect(list.code, list.msg).toBe(Code.OK);
    expect(list.data).toHaveLength(1_000);
    expect(new Set(list.data.map((c) => c.conversationId)).size).toBe(1_000);
    // Newest first: peer 0001 wrote last, peer 1000 first.
    expect(list.data.map((c) => c.peer.nickName)).toEqual(Array.from({ length: 1_000 }, (_, i) => demoPeerNick(i)));
    expect(list.data.map((c) => c.count)).toEqual(Array.from({ length: 1_000 }, (_, i) => 1 + (i % 3)));
    expect(list.data.every((c) => c.last?.text && c.last.fromUserId === c.peer.id)).toBe(true);
    expect(list.data[0]!.last!.text).toBe(`今晚一起看球吗？`);

    // Again, for the first ten: the same peers and conversations, more unread.
    const again = await seedInbox({ to: b.id, count: 10 });
    expect(again.code, again.msg).toBe(Code.OK);
    const after = await im.api<ChatListItem[]>('GET', P.chatList, { token: b.token });
    expect(after.data).toHaveLength(1_000);
    const count = new Map(after.data.map((c) => [c.peer.nickName, c.count]));
    expect(count.get(demoPeerNick(0))).toBe(2);
    expect(count.get(demoPeerNick(2))).toBe(6);
    expect(count.get(demoPeerNick(10))).toBe(2);

    // Another user gets the same peers, in conversations of their own.
    const c = await im.createUser('收件人丙');
    expect((await seedInbox({ to: c.id, count: 5 })).code).toBe(Code.OK);
    const cList = await im.api<ChatListItem[]>('GET', P.chatList, { token: c.token });
    expect(cList.data.map((x) => x.peer.nickName)).toEqual([0, 1, 2, 3, 4].map(demoPeerNick));
  }, 120_000);

  it('refuses a bad count or an unknown user with a Chinese reason, writing nothing', async () => {
    const before = await im.h.ts.storage.db
      .selectFrom('im_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const body of [{ to: 1, count: 0 }, { to: 1, count: 2_001 }, { to: 'x', count: 5 }, { count: 5 }]) {
      const r = await seedInbox(body);
      expect(r.code).toBe(Code.BAD_INPUT);
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const unknown = await seedInbox({ to: 999_999, count: 5 });
    expect(unknown).toMatchObject({ code: Code.NOT_FOUND, msg: '用户不存在' });
    const after = await im.h.ts.storage.db
      .selectFrom('im_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('does not exist without DEV_CONTROL', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    const ctx = { ...im.h.ts, config: { ...im.h.ts.config, devControl: false } } as unknown as AppContext;
    await imDevArea(app, ctx);
    const res = await app.inject({ method: 'POST', url: '/_dev/im/seed-inbox', payload: { to: 1, count: 5 } });
    expect(res.statusCode).toBe(404);
    await app.close();
  });
});
