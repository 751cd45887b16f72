/**
 * Private messaging (issue 13) on a real Fastify, a real hub with real `ws` sockets and a real
 * PGlite: every /imapi and /imserver call, the `im` and `counts` inbox events on each of a user's
 * sockets, sequence numbers, idempotent retries, the gap fetch, and each bad input refused with
 * a Chinese message and nothing stored.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import {
  IM_SEND_RATE,
  IM_TEXT_MAX,
  MessagePaths as P,
  PRIVATE_CHAT_CODE,
  RECALL_WINDOW_MS,
  type ChatListItem,
  type FavouriteItem,
  type ReadResult,
  type SendResult,
} from '../../workers/protocol/api/message';
import type { ImMessage } from '../../workers/protocol/chat';
import { unreadTotal } from '../../workers/domain/unread';
import { sendPrivate } from '../../server/im/store';
import { clientId, eventOf, hasChinese, imEvents, isEvent, useImServer } from './im-harness';

const im = useImServer();
const { api, createUser, inboxSock } = im;

function send(token: string, toUserId: number, text: string, cid = clientId()) {
  return api<SendResult>('POST', P.send, { token, form: { toUserId, text, clientId: cid } });
}
async function countMessages(): Promise<number> {
  const r = await im.h.ts.storage.db
    .selectFrom('im_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('sending a private message', () => {
  it('stores it with seq 1, 2, … and delivers one im event to each socket of both users plus counts to the recipient', async () => {
    const a = await createUser('甲');
    const b = await createUser('乙');
    const b1 = await inboxSock(b.token);
    const b2 = await inboxSock(b.token);
    const a1 = await inboxSock(a.token);

    const r = await send(a.token, b.id, '你好 <b>球迷</b>');
    expect(r.code).toBe(Code.OK);
    expect(r.data.replayed).toBe(0);
    expect(r.data.message).toMatchObject({ seq: 1, fromUserId: a.id, toUserId: b.id, text: '你好 <b>球迷</b>' });
    for (const s of [b1, b2, a1]) {
      const ev = eventOf<'im'>(await s.next(isEvent('im')));
      expect(ev.message).toMatchObject({ id: r.data.message.id, seq: 1, fromNickName: '甲' });
    }
    for (const s of [b1, b2]) {
      const counts = eventOf<'counts'>(await s.next(isEvent('counts')));
      expect(unreadTotal(counts.chats)).toBe(1);
      expect(counts.chats[0]).toMatchObject({ code: PRIVATE_CHAT_CODE, messageStatus: 0, count: 1, readSeq: 0 });
    }
    const r2 = await send(a.token, b.id, '第二条');
    expect(r2.data.message.seq).toBe(2);
    expect(r2.data.message.chatId).toBe(r.data.message.chatId);

    const list = await api<ChatListItem[]>('GET', P.chatList, { token: b.token });
    expect(list.code).toBe(Code.OK);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      code: PRIVATE_CHAT_CODE,
      messageStatus: 0,
      count: 2,
      peer: { id: a.id, nickName: '甲' },
      lastSeq: 2,
      readSeq: 0,
      pinned: false,
    });
    expect(list.data[0]!.last?.text).toBe('第二条');
    // The sender has read what it sent.
    const mine = await api<ChatListItem[]>('GET', P.chatList, { token: a.token });
    expect(mine.data[0]).toMatchObject({ count: 0, readSeq: 2, peer: { id: b.id } });
    for (const s of [b1, b2, a1]) s.close();
  });

  it('a retry with the same clientId returns the stored message and publishes nothing again', async () => {
    const a = await createUser();
    const b = await createUser();
    const bs = await inboxSock(b.token);
    const cid = clientId();
    const first = await send(a.token, b.id, '只发一次', cid);
    await bs.next(isEvent('im'));
    const before = await countMessages();
    const again = await send(a.token, b.id, '只发一次', cid);
    expect(again.code).toBe(Code.OK);
    expect(again.data.replayed).toBe(1);
    expect(again.data.message.id).toBe(first.data.message.id);
    expect(await countMessages()).toBe(before);
    expect(imEvents(await bs.settle(200))).toHaveLength(0);
    // The same id for different words is a client bug, refused.
    const clash = await send(a.token, b.id, '另一句', cid);
    expect(clash.code).toBe(Code.BAD_INPUT);
    expect(hasChinese(clash.msg)).toBe(true);
    bs.close();
  });

  it('the same clientId sent twice at once stores one message and answers both sends with it', async () => {
    const a = await createUser();
    const b = await createUser();
    const db = im.h.ts.storage.db;
    const before = await countMessages();
    const input = { from: a.id, to: b.id, text: '同时重发', clientId: clientId(), now: im.h.clock.now };
    // Both sends' checks run before either writes: the second write meets the stored client id.
    const [one, two] = await Promise.all([sendPrivate(db, input), sendPrivate(db, input)]);
    expect(two.message.id).toBe(one.message.id);
    expect([one.replayed, two.replayed].sort()).toEqual([0, 1]);
    expect(await countMessages()).toBe(before + 1);
    // The refused write left no seq behind: the next message is seq 2.
    expect((await send(a.token, b.id, '下一条')).data.message.seq).toBe(2);
  });

  it('concurrent sends from both users get consecutive seqs, none skipped or repeated', async () => {
    const a = await createUser();
    const b = await createUser();
    const sends = [...Array(10).keys()].flatMap((i) => [send(a.token, b.id, `甲${i}`), send(b.token, a.id, `乙${i}`)]);
    const seqs = (await Promise.all(sends)).map((r) => Number(r.data.message.seq)).sort((x, y) => x - y);
    expect(seqs).toEqual([...Array(20).keys()].map((i) => i + 1));
  });

  it('the gap fetch returns exactly the messages after a seq, in order, and only to members', async () => {
    const a = await createUser();
    const b = await createUser();
    const stranger = await createUser();
    let chatId = '';
    for (let i = 1; i <= 5; i++) chatId = (await send(a.token, b.id, `第${i}条`)).data.message.chatId;
    const gap = await api<ImMessage[]>('GET', P.messages, {
      token: b.token,
      query: { conversationId: chatId, afterSeq: 2 },
    });
    expect(gap.code).toBe(Code.OK);
    expect(gap.data.map((m) => m.seq)).toEqual([3, 4, 5]);
    expect(gap.data.map((m) => m.text)).toEqual(['第3条', '第4条', '第5条']);
    const limited = await api<ImMessage[]>('GET', P.messages, {
      token: b.token,
      query: { conversationId: chatId, afterSeq: 0, limit: 2 },
    });
    expect(limited.data.map((m) => m.seq)).toEqual([1, 2]);
    const none = await api('GET', P.messages, { token: stranger.token, query: { conversationId: chatId } });
    expect(none.code).toBe(Code.NOT_FOUND);
    const noToken = await api('GET', P.messages, { query: { conversationId: chatId } });
    expect(noToken.code).toBe(Code.NO_TOKEN);
    const bad = await api('GET', P.messages, { token: b.token, query: { conversationId: '1 or 1=1' } });
    expect(bad.code).toBe(Code.BAD_INPUT);
  });
});

describe('read markers', () => {
  it('move forward only, clamp to the last message, and reach every socket of the reader as counts', async () => {
    const a = await createUser();
    const b = await createUser();
    for (let i = 0; i < 3; i++) await send(a.token, b.id, `消息${i}`);
    const chatId = (await api<ChatListItem[]>('GET', P.chatList, { token: b.token })).data[0]!.conversationId;
    const b1 = await inboxSock(b.token);
    const b2 = await inboxSock(b.token);
    const r = await api<ReadResult>('POST', P.read, { token: b.token, form: { conversationId: chatId, seq: 3 } });
    expect(r.data).toEqual({ conversationId: chatId, readSeq: 3 });
    for (const s of [b1, b2]) {
      const counts = eventOf<'counts'>(await s.next(isEvent('counts')));
      expect(unreadTotal(counts.chats)).toBe(0);
      expect(counts.chats.find((c) => c.conversationId === chatId)?.readSeq).toBe(3);
    }
    const back = await api<ReadResult>('POST', P.read, { token: b.token, form: { conversationId: chatId, seq: 1 } });
    expect(back.data.readSeq).toBe(3);
    const past = await api<ReadResult>('POST', P.read, { token: b.token, form: { conversationId: chatId, seq: 99 } });
    expect(past.data.readSeq).toBe(3);
    await send(a.token, b.id, '新消息');
    const list = await api<ChatListItem[]>('GET', P.chatList, { token: b.token });
    expect(list.data[0]).toMatchObject({ count: 1, readSeq: 3, lastSeq: 4 });
    b1.close();
    b2.close();
  });
});

describe('recall, delete for me, favourite', () => {
  it('recalls within 2 minutes (both sides see it, words gone), not after, and only the sender', async () => {
    const a = await createUser();
    const b = await createUser();
    const bs = await inboxSock(b.token);
    const m = (await send(a.token, b.id, '说错了')).data.message;
    await bs.next(isEvent('im'));
    await bs.next(isEvent('counts'));
    const notMine = await api('POST', P.recall, { token: b.token, form: { messageId: m.id } });
    expect(notMine.code).toBe(Code.REFUSED);
    im.h.clock.now += RECALL_WINDOW_MS - 1_000;
    const r = await api<ImMessage>('POST', P.recall, { token: a.token, form: { messageId: m.id } });
    expect(r.code).toBe(Code.OK);
    expect(r.data).toMatchObject({ id: m.id, seq: m.seq, text: '', recalledAt: im.h.clock.now });
    const ev = eventOf<'im'>(await bs.next(isEvent('im')));
    expect(ev.message).toMatchObject({ id: m.id, text: '', recalledAt: im.h.clock.now });
    const counts = eventOf<'counts'>(await bs.next(isEvent('counts')));
    expect(counts.chats.find((c) => c.conversationId === m.chatId)?.count).toBe(0);
    const fetched = await api<ImMessage[]>('GET', P.messages, { token: b.token, query: { conversationId: m.chatId } });
    expect(fetched.data.find((x) => x.id === m.id)).toMatchObject({ text: '', seq: m.seq });
    bs.close();

    const late = (await send(a.token, b.id, '来不及了')).data.message;
    im.h.clock.now += RECALL_WINDOW_MS + 1;
    const tooLate = await api('POST', P.recall, { token: a.token, form: { messageId: late.id } });
    expect(tooLate.code).toBe(Code.REFUSED);
    expect(tooLate.msg).toContain('2 分钟');
    const still = await api<ImMessage[]>('GET', P.messages, { token: b.token, query: { conversationId: late.chatId } });
    expect(still.data.find((x) => x.id === late.id)?.text).toBe('来不及了');
  });

  it('delete for me hides a message from me only', async () => {
    const a = await createUser();
    const b = await createUser();
    const m = (await send(a.token, b.id, '删掉这条')).data.message;
    const keep = (await send(a.token, b.id, '留着这条')).data.message;
    const del = await api('POST', P.deleteForMe, { token: b.token, form: { messageId: m.id } });
    expect(del.code).toBe(Code.OK);
    const mine = await api<ImMessage[]>('GET', P.messages, { token: b.token, query: { conversationId: m.chatId } });
    expect(mine.data.map((x) => x.id)).toEqual([keep.id]);
    const theirs = await api<ImMessage[]>('GET', P.messages, { token: a.token, query: { conversationId: m.chatId } });
    expect(theirs.data.map((x) => x.id)).toEqual([m.id, keep.id]);
    const stranger = await createUser();
    const notHis = await api('POST', P.deleteForMe, { token: stranger.token, form: { messageId: keep.id } });
    expect(notHis.code).toBe(Code.NOT_FOUND);
  });

  it('favourites a message, lists it, removes it; a recalled message cannot be favoured', async () => {
    const a = await createUser();
    const b = await createUser();
    const m = (await send(a.token, b.id, '收藏这句')).data.message;
    const on = await api('POST', P.favour, { token: b.token, form: { messageId: m.id, on: 1 } });
    expect(on.code).toBe(Code.OK);
    const list = await api<FavouriteItem[]>('GET', P.favourites, { token: b.token });
    expect(list.data.map((f) => f.message.text)).toEqual(['收藏这句']);
    await api('POST', P.favour, { token: b.token, form: { messageId: m.id, on: 0 } });
    expect((await api<FavouriteItem[]>('GET', P.favourites, { token: b.token })).data).toEqual([]);
    await api('POST', P.recall, { token: a.token, form: { messageId: m.id } });
    const refused = await api('POST', P.favour, { token: b.token, form: { messageId: m.id, on: 1 } });
    expect(refused.code).toBe(Code.REFUSED);
    expect((await api<FavouriteItem[]>('GET', P.favourites, { token: b.token })).data).toEqual([]);
  });
});

describe('the chat list', () => {
  it('puts pinned chats first, then by last message; a deleted chat leaves until the next message', async () => {
    const me = await createUser();
    const [p1, p2, p3] = [await createUser('一'), await createUser('二'), await createUser('三')];
    for (const p of [p1, p2, p3]) {
      await send(p.token, me.id, `来自${p.id}`);
      im.h.clock.now += 1_000;
    }
    const order = async () =>
      (await api<ChatListItem[]>('GET', P.chatList, { token: me.token })).data.map((c) => c.peer.id);
    expect(await order()).toEqual([p3.id, p2.id, p1.id]);
    const list = (await api<ChatListItem[]>('GET', P.chatList, { token: me.token })).data;
    const chatOf = (id: number) => list.find((c) => c.peer.id === id)!.conversationId;
    const pin = await api('POST', P.pin, { token: me.token, form: { conversationId: chatOf(p1.id), on: 1 } });
    expect(pin.code).toBe(Code.OK);
    expect(await order()).toEqual([p1.id, p3.id, p2.id]);
    const del = await api('POST', P.deleteChat, { token: me.token, form: { conversationId: chatOf(p3.id) } });
    expect(del.code).toBe(Code.OK);
    expect(await order()).toEqual([p1.id, p2.id]);
    const gone = await api<ImMessage[]>('GET', P.messages, {
      token: me.token,
      query: { conversationId: chatOf(p3.id) },
    });
    expect(gone.data).toEqual([]);
    im.h.clock.now += 1_000;
    await send(p3.token, me.id, '又来了');
    expect(await order()).toEqual([p1.id, p3.id, p2.id]);
    const back = await api<ImMessage[]>('GET', P.messages, {
      token: me.token,
      query: { conversationId: chatOf(p3.id) },
    });
    expect(back.data.map((m) => m.text)).toEqual(['又来了']);
  });
});

describe('bad input and abuse: a Chinese message and nothing stored', () => {
  const cases: Array<[string, string]> = [
    ['empty', ''],
    ['only spaces', '   \n  '],
    ['over-long', '球'.repeat(IM_TEXT_MAX + 1)],
    ['NUL', 'a\u0000b'],
    ['a control character', '响铃\u0007'],
    ['a bidi override', 'abc\u202Edef'],
  ];
  it.each(cases)('refuses %s text', async (_name, text) => {
    const a = await createUser();
    const b = await createUser();
    const bs = await inboxSock(b.token);
    const before = await countMessages();
    const r = await send(a.token, b.id, text);
    expect(r.code).toBe(Code.BAD_INPUT);
    expect(hasChinese(r.msg)).toBe(true);
    expect(await countMessages()).toBe(before);
    expect(imEvents(await bs.settle(100))).toHaveLength(0);
    bs.close();
  });

  it('accepts the longest text and line breaks', async () => {
    const a = await createUser();
    const b = await createUser();
    expect((await send(a.token, b.id, '球'.repeat(IM_TEXT_MAX))).code).toBe(Code.OK);
    expect((await send(a.token, b.id, '第一行\n第二行')).data.message.text).toBe('第一行\n第二行');
  });

  it('refuses a sender the recipient blocked, and a recipient the sender blocked, until unblocked', async () => {
    const a = await createUser();
    const b = await createUser();
    const blk = await api('POST', P.block, { token: b.token, form: { userId: a.id, on: 1 } });
    expect(blk.code).toBe(Code.OK);
    const blocks = await api<Array<{ id: number }>>('GET', P.blocks, { token: b.token });
    expect(blocks.data.map((x) => x.id)).toEqual([a.id]);
    const before = await countMessages();
    const refused = await send(a.token, b.id, '在吗');
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.msg).toBe('对方已拒收你的消息');
    const mine = await send(b.token, a.id, '我拉黑了你');
    expect(mine.code).toBe(Code.REFUSED);
    expect(hasChinese(mine.msg)).toBe(true);
    expect(await countMessages()).toBe(before);
    await api('POST', P.block, { token: b.token, form: { userId: a.id, on: 0 } });
    expect((await send(a.token, b.id, '在吗')).code).toBe(Code.OK);
  });

  it('refuses messages to oneself, to nobody, and without a login', async () => {
    const a = await createUser();
    const before = await countMessages();
    expect((await send(a.token, a.id, '自言自语')).code).toBe(Code.REFUSED);
    expect((await send(a.token, 2_000_000_000, '有人吗')).code).toBe(Code.NOT_FOUND);
    const anon = await api('POST', P.send, { form: { toUserId: a.id, text: '匿名', clientId: clientId() } });
    expect(anon.code).toBe(Code.NO_TOKEN);
    const noCid = await api('POST', P.send, { token: a.token, form: { toUserId: a.id + 1, text: '无标识' } });
    expect(noCid.code).toBe(Code.BAD_INPUT);
    expect(await countMessages()).toBe(before);
  });

  it(`allows ${IM_SEND_RATE.max} messages per ${IM_SEND_RATE.windowMs / 1000} s per user`, async () => {
    const a = await createUser();
    const b = await createUser();
    const c = await createUser();
    for (let i = 0; i < IM_SEND_RATE.max; i++)
      expect((await send(a.token, i % 2 ? b.id : c.id, `连发${i}`)).code).toBe(Code.OK);
    const before = await countMessages();
    const over = await send(a.token, b.id, '太快了');
    expect(over.code).toBe(Code.RATE_LIMITED);
    expect(hasChinese(over.msg)).toBe(true);
    expect(await countMessages()).toBe(before);
    // Another user is not slowed by it.
    expect((await send(b.token, a.id, '我不受影响')).code).toBe(Code.OK);
    im.h.clock.now += IM_SEND_RATE.windowMs + 1;
    expect((await send(a.token, b.id, '歇够了')).code).toBe(Code.OK);
  });
});
