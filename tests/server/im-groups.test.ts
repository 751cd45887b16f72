/**
 * Group messaging (issue 13) on a real Fastify, a real hub with real `ws` sockets and a real
 * PGlite: every group call, the `group`, `im` and `counts` inbox events, mute, join by link, the
 * member limit, the daily creation limit, dissolve, and each bad input refused with a Chinese
 * message and nothing stored. The permission table is in im-group-permissions.test.ts; privacy
 * and mass sending in im-privacy-mass.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import {
  GROUP_CHAT_CODE,
  GROUP_CREATE_DAILY,
  GROUP_MEMBER_MAX,
  GROUP_NAME_MAX,
  IM_NOT_MEMBER_MSG,
  IM_TEXT_MAX,
  MessagePaths as P,
  type ChatListItem,
  type GroupSummary,
} from '../../workers/protocol/api/message';
import type { ImMessage } from '../../workers/protocol/chat';
import { unreadTotal } from '../../workers/domain/unread';
import { sendGroup as sendGroupMessage } from '../../server/im/groups';
import { clientId, eventOf, groupCalls, hasChinese, isEvent, useImServer } from './im-harness';

const im = useImServer();
const { api, createUser, inboxSock } = im;
const { post, detailOf, sendGroup, create, count } = groupCalls(im);

/** Many users at once (the member limit): one insert, no sessions needed. */
async function bulkUsers(n: number): Promise<number[]> {
  const rows = await im.h.ts.storage.db
    .insertInto('users')
    .values(
      Array.from({ length: n }, (_, i) => ({
        phone: `136${String(Date.now() % 1e5).padStart(5, '0')}${String(i).padStart(3, '0')}`,
        nick_name: `群友${i}`,
        password_hash: 'x',
        portrait: '',
        portrait_new: null,
        balance: 0,
      })) as never,
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

describe('creating a group and talking in it', () => {
  it('creates the group with its owner and members, tells each member, and lists it with the group code', async () => {
    const o = await createUser('群主甲');
    const b = await createUser('成员乙');
    const c = await createUser('成员丙');
    const bs = await inboxSock(b.token);
    const g = await create(o, [b, c]);
    expect(g).toMatchObject({ name: '周末球友群', ownerId: o.id, memberCount: 3, myRole: 'owner', muteAll: false });
    expect(g.conversationId).toBe(`g:${g.id}`);
    expect(g.inviteCode).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(g.members.map((m) => [m.id, m.role])).toEqual([
      [o.id, 'owner'],
      [b.id, 'member'],
      [c.id, 'member'],
    ]);
    expect(eventOf<'group'>(await bs.next(isEvent('group'))).groupId).toBe(g.id);
    const list = await api<ChatListItem[]>('GET', P.chatList, { token: b.token });
    expect(list.data.find((x) => x.conversationId === g.conversationId)).toMatchObject({
      code: GROUP_CHAT_CODE,
      messageStatus: 0,
      count: 0,
      peer: { id: 0, nickName: '周末球友群' },
      group: { id: g.id, memberCount: 3 },
    });
    const groups = await api<GroupSummary[]>('GET', P.groupList, { token: c.token });
    expect(groups.data).toEqual([
      { id: g.id, conversationId: g.conversationId, name: '周末球友群', memberCount: 3, role: 'member' },
    ]);
    bs.close();
  });

  it('a group message gets the next seq, reaches every member socket once, and counts unread for the others', async () => {
    const o = await createUser('群主');
    const b = await createUser('乙');
    const c = await createUser('丙');
    const g = await create(o, [b, c]);
    const [os, bs, cs] = await Promise.all([inboxSock(o.token), inboxSock(b.token), inboxSock(c.token)]);
    const r = await sendGroup(b.token, g.id, '今晚看球 <script>x</script>');
    expect(r.code, r.msg).toBe(Code.OK);
    expect(r.data.message).toMatchObject({ chatId: g.conversationId, seq: 1, fromUserId: b.id, fromNickName: '乙' });
    expect(r.data.message.toUserId).toBeUndefined();
    for (const s of [os, bs, cs])
      expect(eventOf<'im'>(await s.next(isEvent('im'))).message.text).toBe('今晚看球 <script>x</script>');
    for (const s of [os, cs]) {
      const counts = eventOf<'counts'>(await s.next(isEvent('counts', (e) => unreadTotal(e.chats) > 0)));
      expect(counts.chats.find((x) => x.conversationId === g.conversationId)).toMatchObject({
        code: GROUP_CHAT_CODE,
        count: 1,
      });
    }
    // Idempotent per client id.
    const again = await sendGroup(b.token, g.id, '今晚看球 <script>x</script>', r.data.message.clientId);
    expect(again.data).toMatchObject({ replayed: 1, message: { id: r.data.message.id } });
    expect((await sendGroup(c.token, g.id, '第二条')).data.message.seq).toBe(2);
    // Reading clears my unread only.
    const read = await post(o.token, P.read, { conversationId: g.conversationId, seq: 2 });
    expect(read.code).toBe(Code.OK);
    const oList = await api<ChatListItem[]>('GET', P.chatList, { token: o.token });
    expect(oList.data.find((x) => x.conversationId === g.conversationId)?.count).toBe(0);
    const bList = await api<ChatListItem[]>('GET', P.chatList, { token: b.token });
    expect(bList.data.find((x) => x.conversationId === g.conversationId)?.count).toBe(1);
    // The gap fetch works for groups too.
    const gap = await api<ImMessage[]>('GET', P.messages, {
      token: c.token,
      query: { conversationId: g.conversationId, afterSeq: 1 },
    });
    expect(gap.data.map((m) => m.seq)).toEqual([2]);
    for (const s of [os, bs, cs]) s.close();
  });

  it('the same clientId sent twice at once into a group stores one message and answers both with it', async () => {
    const o = await createUser('重发群主');
    const b = await createUser('重发乙');
    const g = await create(o, [b]);
    const input = { from: b.id, groupId: g.id, text: '同时重发', clientId: clientId(), now: im.h.clock.now };
    const db = im.h.ts.storage.db;
    const [one, two] = await Promise.all([sendGroupMessage(db, input), sendGroupMessage(db, input)]);
    expect(two.message.id).toBe(one.message.id);
    expect([one.replayed, two.replayed].sort()).toEqual([0, 1]);
    // The refused write used no seq: the next message is seq 2.
    expect((await sendGroup(o.token, g.id, '下一条')).data.message.seq).toBe(2);
  });

  it('a recall within 2 minutes reaches every member; after 2 minutes it is refused', async () => {
    const o = await createUser();
    const b = await createUser();
    const g = await create(o, [b]);
    const bs = await inboxSock(b.token);
    const m = (await sendGroup(o.token, g.id, '说错了')).data.message;
    await bs.next(isEvent('im'));
    const r = await post<ImMessage>(o.token, P.recall, { messageId: m.id });
    expect(r.code, r.msg).toBe(Code.OK);
    const ev = eventOf<'im'>(await bs.next(isEvent('im', (e) => e.message.id === m.id)));
    expect(ev.message.recalledAt).toBeTypeOf('number');
    expect(ev.message.text).toBe('');
    const other = await post<ImMessage>(b.token, P.recall, { messageId: m.id });
    expect(other.code).toBe(Code.REFUSED);
    const late = (await sendGroup(o.token, g.id, '太晚撤回')).data.message;
    im.h.clock.now += 2 * 60_000 + 1;
    const refused = await post<ImMessage>(o.token, P.recall, { messageId: late.id });
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.msg).toContain('2 分钟');
    bs.close();
  });
});

describe('bad input and abuse: a Chinese message and nothing stored', () => {
  it('refuses bad names, bad member lists and unknown users when creating', async () => {
    const o = await createUser();
    const before = await count('im_groups');
    const cases: Array<Record<string, string | number>> = [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(GROUP_NAME_MAX + 1) },
      { name: '球\u0000迷' },
      { name: '两\n行' },
      { name: '好群', memberIds: '1,abc' },
      { name: '好群', memberIds: '-3' },
      { name: '好群', memberIds: '2147483648' },
      { name: '好群', memberIds: '999999' },
    ];
    for (const form of cases) {
      const r = await post(o.token, P.groupCreate, form);
      expect(r.code, JSON.stringify(form)).not.toBe(Code.OK);
      expect(hasChinese(r.msg), r.msg).toBe(true);
    }
    const noToken = await api('POST', P.groupCreate, { form: { name: '好群' } });
    expect(noToken.code).toBe(Code.NO_TOKEN);
    expect(await count('im_groups')).toBe(before);
  });

  it('refuses group messages from non-members, the removed, and with bad text, storing nothing', async () => {
    const o = await createUser();
    const b = await createUser();
    const stranger = await createUser();
    const g = await create(o, [b]);
    const before = await count('im_messages');
    for (const [token, text] of [
      [stranger.token, '我不在群里'],
      [b.token, ''],
      [b.token, 'x'.repeat(IM_TEXT_MAX + 1)],
      [b.token, '坏\u0007字符'],
      [b.token, '\u202e反转'],
    ] as const) {
      const r = await sendGroup(token, g.id, text);
      expect(r.code, text).not.toBe(Code.OK);
      expect(hasChinese(r.msg), r.msg).toBe(true);
    }
    const noGroup = await sendGroup(b.token, 987654, '没有这个群');
    expect(noGroup.code).toBe(Code.NOT_FOUND);
    expect((await post(o.token, P.groupRemove, { groupId: g.id, userId: b.id })).code).toBe(Code.OK);
    const removed = await sendGroup(b.token, g.id, '被移出后');
    expect(removed.code).toBe(Code.NOT_MEMBER);
    expect(removed.msg).toBe(IM_NOT_MEMBER_MSG);
    // A stranger sees nothing of the group, not even through the gap fetch.
    expect((await detailOf(stranger.token, g.id)).code).toBe(Code.NOT_MEMBER);
    const gap = await api('GET', P.messages, { token: stranger.token, query: { conversationId: g.conversationId } });
    expect(gap.code).toBe(Code.NOT_MEMBER);
    expect(await count('im_messages')).toBe(before);
  });

  it('a removed member can no longer read the history, the members or send, and is told why', async () => {
    const o = await createUser();
    const b = await createUser();
    const g = await create(o, [b]);
    expect((await sendGroup(o.token, g.id, '移出前的消息')).code).toBe(Code.OK);
    const seen = await api<ImMessage[]>('GET', P.messages, {
      token: b.token,
      query: { conversationId: g.conversationId },
    });
    expect(seen.data.map((m) => m.text)).toContain('移出前的消息');
    expect((await post(o.token, P.groupRemove, { groupId: g.id, userId: b.id })).code).toBe(Code.OK);
    const refusals = [
      await api('GET', P.messages, { token: b.token, query: { conversationId: g.conversationId } }),
      await api('GET', P.messages, {
        token: b.token,
        query: { conversationId: g.conversationId, afterSeq: 0, beforeSeq: 1000 },
      }),
      await detailOf(b.token, g.id),
      await sendGroup(b.token, g.id, '我还在吗'),
      await post(b.token, P.read, { conversationId: g.conversationId, seq: 1 }),
    ];
    for (const r of refusals) {
      expect(r.code).toBe(Code.NOT_MEMBER);
      expect(r.msg).toBe(IM_NOT_MEMBER_MSG);
      expect(r.data ?? null).toBeNull();
    }
  });

  it('a user who blocked me cannot be put in my group', async () => {
    const o = await createUser();
    const b = await createUser();
    const c = await createUser();
    expect((await post(b.token, P.block, { userId: o.id, on: 1 })).code).toBe(Code.OK);
    const before = await count('im_groups');
    const r = await post(o.token, P.groupCreate, { name: '拉黑测试', memberIds: String(b.id) });
    expect(r.code).toBe(Code.REFUSED);
    expect(await count('im_groups')).toBe(before);
    const g = await create(o, [c]);
    const inv = await post(o.token, P.groupInvite, { groupId: g.id, userIds: String(b.id) });
    expect(inv.code).toBe(Code.REFUSED);
    expect((await detailOf(o.token, g.id)).data.memberCount).toBe(2);
  });

  it(`group creation: ${GROUP_CREATE_DAILY} a day (北京时间), the next one refused until tomorrow`, async () => {
    const o = await createUser();
    for (let i = 0; i < GROUP_CREATE_DAILY; i++) await create(o, [], `群${i}`);
    const before = await count('im_groups');
    const r = await post(o.token, P.groupCreate, { name: '第十一个' });
    expect(r.code).toBe(Code.RATE_LIMITED);
    expect(r.msg).toContain(String(GROUP_CREATE_DAILY));
    expect(await count('im_groups')).toBe(before);
    im.h.clock.now += 86_400_000;
    expect((await post(o.token, P.groupCreate, { name: '第二天' })).code).toBe(Code.OK);
  });

  it(`the member limit is ${GROUP_MEMBER_MAX}: invites and joins past it are refused`, async () => {
    const o = await createUser();
    const ids = await bulkUsers(GROUP_MEMBER_MAX);
    const tooMany = await post(o.token, P.groupCreate, { name: '太多人', memberIds: ids.join(',') });
    expect(tooMany.code).not.toBe(Code.OK);
    const g = await create(o, [], '满员群');
    const fill = await post(o.token, P.groupInvite, {
      groupId: g.id,
      userIds: ids.slice(0, GROUP_MEMBER_MAX - 1).join(','),
    });
    expect(fill.code, fill.msg).toBe(Code.OK);
    expect(fill.data.memberCount).toBe(GROUP_MEMBER_MAX);
    const over = await post(o.token, P.groupInvite, { groupId: g.id, userIds: String(ids[GROUP_MEMBER_MAX - 1]) });
    expect(over.code).toBe(Code.REFUSED);
    expect(over.msg).toContain(String(GROUP_MEMBER_MAX));
    const late = await createUser();
    const join = await post(late.token, P.groupJoin, { groupId: g.id, code: g.inviteCode! });
    expect(join.code).toBe(Code.REFUSED);
    expect((await detailOf(o.token, g.id)).data.memberCount).toBe(GROUP_MEMBER_MAX);
  });
});

describe('join by link, leave, dissolve', () => {
  it('the invite link shows the group to a non-member and lets them join; a wrong code does neither', async () => {
    const o = await createUser();
    const g = await create(o, [], '链接群');
    const z = await createUser('新人');
    const peek = await detailOf(z.token, g.id, g.inviteCode);
    expect(peek.code).toBe(Code.OK);
    expect(peek.data.myRole).toBeNull();
    expect(peek.data.inviteCode).toBeUndefined();
    expect((await detailOf(z.token, g.id, 'wrongcode123')).code).toBe(Code.NOT_MEMBER);
    const wrong = await post(z.token, P.groupJoin, { groupId: g.id, code: 'wrongcode123' });
    expect(wrong.code).toBe(Code.REFUSED);
    expect(hasChinese(wrong.msg)).toBe(true);
    const os = await inboxSock(o.token);
    const joined = await post(z.token, P.groupJoin, { groupId: g.id, code: g.inviteCode! });
    expect(joined.code, joined.msg).toBe(Code.OK);
    expect(joined.data.myRole).toBe('member');
    expect(eventOf<'group'>(await os.next(isEvent('group'))).groupId).toBe(g.id);
    expect((await sendGroup(z.token, g.id, '大家好')).code).toBe(Code.OK);
    os.close();
  });

  it('leaving takes the group off my list; dissolving takes it off everyone’s and stops all sending', async () => {
    const o = await createUser();
    const b = await createUser();
    const c = await createUser();
    const g = await create(o, [b, c]);
    expect((await post(b.token, P.groupLeave, { groupId: g.id })).code).toBe(Code.OK);
    const bList = await api<ChatListItem[]>('GET', P.chatList, { token: b.token });
    expect(bList.data.some((x) => x.conversationId === g.conversationId)).toBe(false);
    expect((await detailOf(o.token, g.id)).data.memberCount).toBe(2);
    const cs = await inboxSock(c.token);
    const d = await post(o.token, P.groupDissolve, { groupId: g.id });
    expect(d.code, d.msg).toBe(Code.OK);
    expect(eventOf<'group'>(await cs.next(isEvent('group'))).groupId).toBe(g.id);
    const cList = await api<ChatListItem[]>('GET', P.chatList, { token: c.token });
    expect(cList.data.some((x) => x.conversationId === g.conversationId)).toBe(false);
    const after = await sendGroup(o.token, g.id, '解散后');
    expect(after.code).toBe(Code.NOT_FOUND);
    expect(after.msg).toContain('解散');
    expect((await detailOf(o.token, g.id)).code).toBe(Code.NOT_FOUND);
    cs.close();
  });
});

describe('mute and mute all', () => {
  it('a muted member cannot speak until the mute ends or is lifted', async () => {
    const o = await createUser();
    const b = await createUser();
    const g = await create(o, [b]);
    expect((await post(o.token, P.groupMute, { groupId: g.id, userId: b.id, minutes: 10 })).code).toBe(Code.OK);
    const before = await count('im_messages');
    const r = await sendGroup(b.token, g.id, '我被禁言了吗');
    expect(r.code).toBe(Code.REFUSED);
    expect(r.msg).toContain('禁言');
    expect(await count('im_messages')).toBe(before);
    im.h.clock.now += 10 * 60_000 + 1;
    expect((await sendGroup(b.token, g.id, '解禁了')).code).toBe(Code.OK);
    expect((await post(o.token, P.groupMute, { groupId: g.id, userId: b.id, minutes: 60 })).code).toBe(Code.OK);
    expect((await post(o.token, P.groupMute, { groupId: g.id, userId: b.id, minutes: 0 })).code).toBe(Code.OK);
    expect((await sendGroup(b.token, g.id, '提前解禁')).code).toBe(Code.OK);
    const bad = await post(o.token, P.groupMute, { groupId: g.id, userId: b.id, minutes: -1 });
    expect(bad.code).toBe(Code.BAD_INPUT);
  });
});
