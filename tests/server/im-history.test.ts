/**
 * Paging back through a long conversation (issue 13): `GET messages?beforeSeq=` answers the
 * newest `limit` messages below a seq, ascending, to members only, and refuses a bad range in
 * Chinese. The one insert path (`appendMessages`) keeps a conversation's seqs unique and gap-free
 * when many senders write at once, single messages and runs alike.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import { MessagePaths as P, type SendResult } from '../../workers/protocol/api/message';
import type { ImMessage } from '../../workers/protocol/chat';
import { appendMessages, ensurePrivateConversation } from '../../server/im/insert';
import { clientId, hasChinese, useImServer } from './im-harness';

const im = useImServer();
const { api, createUser } = im;

/**
 * Writes `count` messages from `from` to `to` through the server's insert path, dated an hour ago
 * (outside the send-rate window, so the API sends of a test are not refused for them).
 */
async function seed(from: number, to: number, count: number, tag: string): Promise<string> {
  const db = im.h.ts.storage.db;
  const now = im.h.clock.now - 3_600_000;
  return db.transaction().execute(async (trx) => {
    const conversationId = await ensurePrivateConversation(trx, from, to, now);
    const items = Array.from({ length: count }, (_, i) => ({ clientId: `${tag}-${i}-x`, text: `${tag}${i + 1}` }));
    await appendMessages(trx, { conversationId, from, to, now }, items);
    return conversationId;
  });
}
async function seqsOf(conversationId: string): Promise<number[]> {
  const rows = await im.h.ts.storage.db
    .selectFrom('im_messages')
    .select('seq')
    .where('conversation_id', '=', conversationId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => Number(r.seq));
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('history before a seq', () => {
  it('answers the newest page below beforeSeq, ascending, and pages back to the first message', async () => {
    const a = await createUser();
    const b = await createUser();
    const chatId = await seed(a.id, b.id, 250, '历史');
    const page = await api<ImMessage[]>('GET', P.messages, {
      token: b.token,
      query: { conversationId: chatId, beforeSeq: 2_147_483_647, limit: 100 },
    });
    expect(page.code).toBe(Code.OK);
    expect(page.data.map((m) => m.seq)).toEqual(range(151, 250));
    expect(page.data[0]!.text).toBe('历史151');
    const older = await api<ImMessage[]>('GET', P.messages, {
      token: b.token,
      query: { conversationId: chatId, beforeSeq: 151, limit: 100 },
    });
    expect(older.data.map((m) => m.seq)).toEqual(range(51, 150));
    const first = await api<ImMessage[]>('GET', P.messages, {
      token: a.token,
      query: { conversationId: chatId, beforeSeq: 51, limit: 100 },
    });
    expect(first.data.map((m) => m.seq)).toEqual(range(1, 50));
    // A range: above afterSeq and below beforeSeq.
    const block = await api<ImMessage[]>('GET', P.messages, {
      token: b.token,
      query: { conversationId: chatId, afterSeq: 100, beforeSeq: 106 },
    });
    expect(block.data.map((m) => m.seq)).toEqual([101, 102, 103, 104, 105]);
  });

  it('is for members only and refuses a bad range or seq in Chinese', async () => {
    const a = await createUser();
    const b = await createUser();
    const stranger = await createUser();
    const chatId = await seed(a.id, b.id, 3, '范围');
    const none = await api('GET', P.messages, {
      token: stranger.token,
      query: { conversationId: chatId, beforeSeq: 3 },
    });
    expect(none.code).toBe(Code.NOT_FOUND);
    const bads: Array<Record<string, string | number>> = [
      { conversationId: chatId, afterSeq: 5, beforeSeq: 5 },
      { conversationId: chatId, beforeSeq: -1 },
      { conversationId: chatId, beforeSeq: 'abc' },
      { conversationId: chatId, beforeSeq: 1.5 },
      { conversationId: chatId, beforeSeq: 3_000_000_000 },
      { conversationId: chatId, beforeSeq: 3, limit: 0 },
    ];
    for (const query of bads) {
      const bad = await api('GET', P.messages, { token: b.token, query });
      expect(bad.code, JSON.stringify(query)).toBe(Code.BAD_INPUT);
      expect(hasChinese(bad.msg)).toBe(true);
    }
  });
});

describe('seq allocation under concurrency', () => {
  it('keeps seqs unique and gap-free while senders and runs write to one conversation at once', async () => {
    const a = await createUser();
    const b = await createUser();
    const chatId = await seed(a.id, b.id, 1, '起');
    const sends = [a, b].flatMap((u, k) =>
      Array.from({ length: 8 }, (_, i) =>
        api<SendResult>('POST', P.send, {
          token: u.token,
          form: { toUserId: k === 0 ? b.id : a.id, text: `并发${k}-${i}`, clientId: clientId() },
        }),
      ),
    );
    const runs = Array.from({ length: 4 }, (_, i) => seed(a.id, b.id, 25, `批${i}-`));
    const [answers] = await Promise.all([Promise.all(sends), Promise.all(runs)]);
    for (const r of answers) expect(r.code, r.msg).toBe(Code.OK);
    expect(await seqsOf(chatId)).toEqual(range(1, 1 + 16 + 100));
    // Each run got consecutive seqs.
    const rows = await im.h.ts.storage.db
      .selectFrom('im_messages')
      .select(['seq', 'text'])
      .where('conversation_id', '=', chatId)
      .where('text', 'like', '批0-%')
      .orderBy('seq')
      .execute();
    const seqs = rows.map((r) => Number(r.seq));
    expect(seqs).toEqual(range(seqs[0]!, seqs[0]! + 24));
  });
});
