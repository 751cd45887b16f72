/**
 * Messaging's people side (issue 13) on a real Fastify, a real hub with real `ws` sockets and a
 * real PGlite: a person's card, who I follow and who follows me, finding people, searching my
 * messages, a private conversation's settings and its mute (left out of the unread total on every
 * socket), and each bad input refused with a Chinese message and nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, Frame, Topics, embeddedUrl, type ServerFrame } from '../../workers/protocol/index';
import {
  MessagePaths,
  privateConversationId,
  type ChatListItem,
  type ChatPeer,
  type SendResult,
} from '../../workers/protocol/api/message';
import {
  CHAT_STATUS_MUTED,
  MessagePeoplePaths as P,
  PEOPLE_QUERY_MAX,
  type ChatSettings,
  type MessageHit,
  type PersonCard,
} from '../../workers/protocol/api/message-people';
import type { InboxEvent } from '../../workers/protocol/chat';
import { unreadTotal } from '../../workers/domain/unread';
import { imArea } from '../../server/im/routes';
import { imPeopleArea } from '../../server/im/people-routes';
import { hasChinese, startIm } from './im-harness';
import { Sock, api as apiOf, createUser as createUserOf, type VliveHarness } from './vlive-harness';

let h: VliveHarness;
beforeAll(async () => {
  h = await startIm([imArea, imPeopleArea]);
});
afterAll(async () => {
  await h?.close();
});

const api = <T = unknown>(method: 'GET' | 'POST', path: string, opts: Parameters<typeof apiOf>[3] = {}) =>
  apiOf<T>(h, method, embeddedUrl(path), opts);
const createUser = (nickName?: string) => createUserOf(h, { nickName });
let cid = 0;
const send = (token: string, toUserId: number, text: string) =>
  api<SendResult>('POST', MessagePaths.send, { token, form: { toUserId, text, clientId: `people-${++cid}-x` } });
async function follow(userId: number, followeeId: number) {
  await h.ts.storage.db
    .insertInto('community_follows')
    .values({ user_id: userId, followee_id: followeeId, created_at: h.clock.now++ })
    .execute();
}
async function mutedRows(): Promise<number> {
  const r = await h.ts.storage.db
    .selectFrom('im_members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('muted', '=', true)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe("a person's card", () => {
  it('says who follows whom, who blocked whom and the follow counts', async () => {
    const a = await createUser('卡片甲');
    const b = await createUser('卡片乙');
    const c = await createUser('卡片丙');
    await follow(a.id, b.id);
    await follow(c.id, b.id);
    await follow(b.id, c.id);
    const r = await api<PersonCard>('GET', P.personal, { token: a.token, query: { userId: b.id } });
    expect(r.code).toBe(Code.OK);
    expect(r.data).toMatchObject({
      id: b.id,
      nickName: '卡片乙',
      following: true,
      followsMe: false,
      blocked: false,
      blockedMe: false,
      followerCount: 2,
      followingCount: 1,
      self: false,
    });
    await api('POST', MessagePaths.block, { token: b.token, form: { userId: a.id, on: 1 } });
    const after = await api<PersonCard>('GET', P.personal, { token: a.token, query: { userId: b.id } });
    // The block ended A's follow too.
    expect(after.data).toMatchObject({ following: false, blockedMe: true, blocked: false, followerCount: 1 });
    const mine = await api<PersonCard>('GET', P.personal, { token: a.token, query: { userId: a.id } });
    expect(mine.data.self).toBe(true);
  });

  it('refuses a bad or unknown user id, and a visitor', async () => {
    const a = await createUser();
    for (const userId of ['abc', '0', '-3', '1.5', '99999999999']) {
      const r = await api('GET', P.personal, { token: a.token, query: { userId } });
      expect(r.code).toBe(Code.BAD_INPUT);
      expect(hasChinese(r.msg)).toBe(true);
    }
    const gone = await api('GET', P.personal, { token: a.token, query: { userId: 2_000_000_000 } });
    expect(gone.code).toBe(Code.NOT_FOUND);
    expect(gone.msg).toBe('用户不存在');
    const visitor = await api('GET', P.personal, { query: { userId: a.id } });
    expect(visitor.code).toBe(Code.NO_TOKEN);
  });
});

describe('who I follow and who follows me', () => {
  it('lists each side, newest first, and is empty for a newcomer', async () => {
    const me = await createUser('关注者');
    const x = await createUser('被关注一');
    const y = await createUser('被关注二');
    const fan = await createUser('粉丝一');
    await follow(me.id, x.id);
    await follow(me.id, y.id);
    await follow(fan.id, me.id);
    const att = await api<ChatPeer[]>('GET', P.attention, { token: me.token });
    expect(att.data.map((p) => p.id)).toEqual([y.id, x.id]);
    const fans = await api<ChatPeer[]>('GET', MessagePaths.followers, { token: me.token });
    expect(fans.data.map((p) => p.id)).toEqual([fan.id]);
    const newcomer = await createUser();
    expect((await api<ChatPeer[]>('GET', P.attention, { token: newcomer.token })).data).toEqual([]);
    expect((await api<ChatPeer[]>('GET', MessagePaths.followers, { token: newcomer.token })).data).toEqual([]);
  });
});

describe('finding people', () => {
  it('finds by a part of the nickname (case-insensitive, % and _ literal) or by id, never myself', async () => {
    const me = await createUser('找人的Ann');
    const one = await createUser('查找Zed球迷');
    const two = await createUser('zed_2号');
    const other = await createUser('zedX2号');
    const byName = await api<ChatPeer[]>('GET', P.find, { token: me.token, query: { q: 'ZED' } });
    expect(byName.code).toBe(Code.OK);
    expect(byName.data.map((p) => p.id)).toEqual(expect.arrayContaining([one.id, two.id, other.id]));
    const underscore = await api<ChatPeer[]>('GET', P.find, { token: me.token, query: { q: 'zed_' } });
    expect(underscore.data.map((p) => p.id)).toEqual([two.id]);
    const byId = await api<ChatPeer[]>('GET', P.find, { token: me.token, query: { q: String(one.id) } });
    expect(byId.data[0]).toMatchObject({ id: one.id, nickName: '查找Zed球迷' });
    const self = await api<ChatPeer[]>('GET', P.find, { token: me.token, query: { q: '找人的' } });
    expect(self.data).toEqual([]);
  });

  it('leaves out people who blocked me', async () => {
    const me = await createUser();
    const blocker = await createUser('拉黑我的人');
    await api('POST', MessagePaths.block, { token: blocker.token, form: { userId: me.id, on: 1 } });
    const r = await api<ChatPeer[]>('GET', P.find, { token: me.token, query: { q: '拉黑我的人' } });
    expect(r.data).toEqual([]);
  });

  it('refuses an empty, over-long or control-character query with a Chinese message', async () => {
    const me = await createUser();
    for (const q of ['', '   ', 'a'.repeat(PEOPLE_QUERY_MAX + 1), 'a\u0000b', 'x\u202Ey']) {
      for (const path of [P.find, P.search]) {
        const r = await api('GET', path, { token: me.token, query: { q } });
        expect(r.code, `${path} ${JSON.stringify(q)}`).toBe(Code.BAD_INPUT);
        expect(hasChinese(r.msg)).toBe(true);
      }
    }
    const missing = await api('GET', P.find, { token: me.token });
    expect(missing.code).toBe(Code.BAD_INPUT);
    expect(missing.msg).toContain('请输入');
  });
});

describe('searching my messages', () => {
  it('finds my private and group messages by text, with the favourite flag, not recalled, hidden or cleared ones', async () => {
    const a = await createUser('搜甲');
    const b = await createUser('搜乙');
    const outsider = await createUser('外人');
    const m1 = (await send(a.token, b.id, '今晚看 50%_进球 集锦')).data.message;
    const m2 = (await send(b.token, a.id, '进球太精彩了')).data.message;
    const m3 = (await send(a.token, b.id, '这条要撤回 进球')).data.message;
    await send(outsider.token, b.id, '外人说 进球');
    await api('POST', MessagePaths.recall, { token: a.token, form: { messageId: m3.id } });
    const group = await api<{ id: number }>('POST', MessagePaths.groupCreate, {
      token: a.token,
      form: { name: '搜索群', memberIds: String(b.id) },
    });
    const g = await api<SendResult>('POST', MessagePaths.groupSend, {
      token: b.token,
      form: { groupId: group.data.id, text: '群里也聊进球', clientId: `people-g-${++cid}` },
    });
    await api('POST', MessagePaths.favour, { token: a.token, form: { messageId: m2.id, on: 1 } });

    const r = await api<MessageHit[]>('GET', P.search, { token: a.token, query: { q: '进球' } });
    expect(r.code).toBe(Code.OK);
    expect(r.data.map((x) => x.message.id)).toEqual([g.data.message.id, m2.id, m1.id]);
    expect(r.data[0]).toMatchObject({ group: { id: group.data.id }, peer: { nickName: '搜索群' }, favourite: false });
    expect(r.data[1]).toMatchObject({ peer: { id: b.id, nickName: '搜乙' }, favourite: true });
    // % and _ are literal.
    const literal = await api<MessageHit[]>('GET', P.search, { token: a.token, query: { q: '50%_' } });
    expect(literal.data.map((x) => x.message.id)).toEqual([m1.id]);
    const none = await api<MessageHit[]>('GET', P.search, { token: a.token, query: { q: '%' } });
    expect(none.data.map((x) => x.message.id)).toEqual([m1.id]);

    await api('POST', MessagePaths.deleteForMe, { token: a.token, form: { messageId: m1.id } });
    await api('POST', MessagePaths.deleteChat, {
      token: b.token,
      form: { conversationId: privateConversationId(a.id, b.id) },
    });
    const later = await api<MessageHit[]>('GET', P.search, { token: a.token, query: { q: '进球' } });
    expect(later.data.map((x) => x.message.id)).toEqual([g.data.message.id, m2.id]);
    // B cleared the private chat: only the group message (and the outsider's) stay for B.
    const forB = await api<MessageHit[]>('GET', P.search, { token: b.token, query: { q: '进球' } });
    expect(forB.data.map((x) => x.message.text)).toEqual(['群里也聊进球', '外人说 进球']);
  });
});

describe("a private conversation's settings and its mute", () => {
  const isCounts = (f: ServerFrame) =>
    f.code === Frame.EVENT && f.topic === Topics.inbox && (f.data as InboxEvent).kind === 'counts';

  it('reads pin, mute and block; muting takes the chat out of the unread total on every socket', async () => {
    const a = await createUser('设置甲');
    const b = await createUser('设置乙');
    const before = await api<ChatSettings>('GET', P.chatDetail, { token: b.token, query: { userId: a.id } });
    expect(before.data).toMatchObject({ exists: false, pinned: false, muted: false, blocked: false });
    await send(a.token, b.id, '在吗');
    await send(a.token, b.id, '看球吗');
    const conversationId = privateConversationId(a.id, b.id);
    const b1 = await Sock.connect(h, b.token);
    await b1.subscribe(Topics.inbox);
    const b2 = await Sock.connect(h, b.token);
    await b2.subscribe(Topics.inbox);

    const r = await api<{ muted: number }>('POST', P.mute, { token: b.token, form: { conversationId, on: 1 } });
    expect(r).toMatchObject({ code: Code.OK, data: { muted: 1 }, msg: '已开启消息免打扰' });
    for (const s of [b1, b2]) {
      const ev = (await s.next(isCounts)) as Extract<ServerFrame, { code: typeof Frame.EVENT }>;
      const chats = (ev.data as Extract<InboxEvent, { kind: 'counts' }>).chats;
      expect(chats.find((c) => c.conversationId === conversationId)).toMatchObject({
        count: 2,
        messageStatus: CHAT_STATUS_MUTED,
      });
      expect(unreadTotal(chats)).toBe(0);
    }
    const list = await api<ChatListItem[]>('GET', MessagePaths.chatList, { token: b.token });
    expect(list.data.find((c) => c.conversationId === conversationId)?.messageStatus).toBe(CHAT_STATUS_MUTED);
    const settings = await api<ChatSettings>('GET', P.chatDetail, { token: b.token, query: { userId: a.id } });
    expect(settings.data).toMatchObject({ conversationId, exists: true, muted: true, peer: { nickName: '设置甲' } });
    // A's side is untouched.
    expect((await api<ChatSettings>('GET', P.chatDetail, { token: a.token, query: { userId: b.id } })).data.muted).toBe(
      false,
    );

    await api('POST', P.mute, { token: b.token, form: { conversationId, on: 0 } });
    const off = await api<ChatListItem[]>('GET', MessagePaths.chatList, { token: b.token });
    expect(unreadTotal(off.data)).toBe(2);
    b1.close();
    b2.close();
  });

  it('refuses muting a conversation I am not in, bad ids and bad switches, storing nothing', async () => {
    const a = await createUser();
    const b = await createUser();
    const c = await createUser();
    await send(a.token, b.id, '你好');
    const before = await mutedRows();
    const notMine = await api('POST', P.mute, {
      token: c.token,
      form: { conversationId: privateConversationId(a.id, b.id), on: 1 },
    });
    expect(notMine.code).toBe(Code.NOT_FOUND);
    expect(notMine.msg).toBe('会话不存在');
    for (const form of [
      { conversationId: 'x:1', on: 1 },
      { conversationId: privateConversationId(a.id, b.id), on: 2 },
      { conversationId: privateConversationId(a.id, b.id), on: 'yes' },
      { on: 1 },
    ]) {
      const r = await api('POST', P.mute, { token: a.token, form: form as Record<string, string | number> });
      expect(r.code).toBe(Code.BAD_INPUT);
      expect(hasChinese(r.msg)).toBe(true);
    }
    expect(await mutedRows()).toBe(before);
    const self = await api('GET', P.chatDetail, { token: a.token, query: { userId: a.id } });
    expect(self.code).toBe(Code.REFUSED);
    expect(self.msg).toBe('不能和自己聊天');
  });
});
