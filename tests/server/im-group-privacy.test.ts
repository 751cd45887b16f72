/**
 * "Only people I follow may message me" holds for groups too (issue 33, security 2): a stranger
 * who creates a group with me, or invites me into one, only sends me an invitation. Until I accept
 * I am not a member: no group messages, no unread. Someone I follow adds me at once, as before; a
 * block refuses the invitation outright, storing nothing.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import {
  MessagePaths as P,
  type ChatListItem,
  type GroupDetail,
  type GroupInvitation,
} from '../../workers/protocol/api/message';
import { unreadTotal } from '../../workers/domain/unread';
import { groupCalls, hasChinese, imEvents, useImServer, type User } from './im-harness';

const im = useImServer();
const { api, createUser, inboxSock } = im;
const { post, create, sendGroup, count, follow } = groupCalls(im);

async function followingOnly(): Promise<User> {
  const me = await createUser();
  expect((await post(me.token, P.setPrivacy, { whoMayMessage: 'following' })).code).toBe(Code.OK);
  return me;
}
const invitations = async (u: User) =>
  (await api<GroupInvitation[]>('GET', P.groupInvitations, { token: u.token })).data;
const chatList = async (u: User) => (await api<ChatListItem[]>('GET', P.chatList, { token: u.token })).data;
const answer = (u: User, groupId: number, accept: 0 | 1) =>
  post<GroupDetail | { declined: 1 }>(u.token, P.groupInvitationAnswer, { groupId, accept });

describe('groups and who may message me', () => {
  it('a stranger creating a group with me only invites me: no messages, no unread until I accept', async () => {
    const me = await followingOnly();
    const stranger = await createUser();
    const other = await createUser();
    const sock = await inboxSock(me.token);
    try {
      const made = await post(stranger.token, P.groupCreate, { name: '陌生人的群', memberIds: `${me.id},${other.id}` });
      expect(made.code, made.msg).toBe(Code.OK);
      expect(made.msg).toContain('同意后入群');
      expect(made.data.members.map((m) => m.id).sort()).toEqual([stranger.id, other.id].sort());
      expect(made.data.asked).toEqual([me.id]);
      const groupId = made.data.id;
      expect((await sendGroup(stranger.token, groupId, '进群的都看看这个')).code).toBe(Code.OK);
      expect((await api('GET', P.groupDetail, { token: me.token, query: { groupId } })).code).toBe(Code.NOT_MEMBER);
      expect(unreadTotal(await chatList(me))).toBe(0);
      expect((await chatList(me)).some((c) => c.group?.id === groupId)).toBe(false);
      const pending = await invitations(me);
      expect(pending).toEqual([
        expect.objectContaining({
          groupId,
          name: '陌生人的群',
          memberCount: 2,
          inviter: expect.objectContaining({ id: stranger.id }),
        }),
      ]);
      // The group's message never reached my socket.
      await new Promise((r) => setTimeout(r, 300));
      expect(imEvents(sock.frames)).toEqual([]);
      const joined = await answer(me, groupId, 1);
      expect(joined.code, joined.msg).toBe(Code.OK);
      expect((joined.data as GroupDetail).members.map((m) => m.id)).toContain(me.id);
      expect(await invitations(me)).toEqual([]);
      // A member now: the group's messages count, as for anyone joining (its history included).
      expect((await sendGroup(stranger.token, groupId, '欢迎')).code).toBe(Code.OK);
      expect(unreadTotal(await chatList(me))).toBe(2);
    } finally {
      sock.close();
    }
  });

  it('a stranger inviting me into a group is asked; I decline, and the group cannot ask again', async () => {
    const me = await followingOnly();
    const stranger = await createUser();
    const g = await create(stranger, []);
    const invited = await post(stranger.token, P.groupInvite, { groupId: g.id, userIds: String(me.id) });
    expect(invited.code, invited.msg).toBe(Code.OK);
    expect(invited.data.asked).toEqual([me.id]);
    expect(invited.data.members.map((m) => m.id)).toEqual([stranger.id]);
    const declined = await answer(me, g.id, 0);
    expect(declined).toMatchObject({ code: Code.OK, data: { declined: 1 } });
    expect(await invitations(me)).toEqual([]);
    await post(stranger.token, P.groupInvite, { groupId: g.id, userIds: String(me.id) });
    expect(await invitations(me)).toEqual([]);
    const late = await answer(me, g.id, 1);
    expect(late.code).toBe(Code.NOT_FOUND);
    expect(hasChinese(late.msg)).toBe(true);
    expect(
      (await api<GroupDetail>('GET', P.groupDetail, { token: stranger.token, query: { groupId: g.id } })).data
        .memberCount,
    ).toBe(1);
  });

  it('someone I follow adds me at once; with everyone allowed, anyone does', async () => {
    const me = await followingOnly();
    const friend = await createUser();
    await follow(me.id, friend.id);
    const g = await post(friend.token, P.groupCreate, { name: '好友群', memberIds: String(me.id) });
    expect(g.data.asked).toEqual([]);
    expect(g.data.members.map((m) => m.id)).toContain(me.id);
    const open = await createUser();
    const stranger = await createUser();
    const g2 = await post(stranger.token, P.groupCreate, { name: '谁都能拉', memberIds: String(open.id) });
    expect(g2.data.members.map((m) => m.id)).toContain(open.id);
  });

  it('someone I blocked cannot create a group with me or invite me: refused, nothing stored', async () => {
    const me = await followingOnly();
    const pest = await createUser();
    expect((await post(me.token, P.block, { userId: pest.id, on: 1 })).code).toBe(Code.OK);
    const groups = await count('im_groups');
    const refused = await post(pest.token, P.groupCreate, { name: '骚扰群', memberIds: String(me.id) });
    expect(refused.code).toBe(Code.REFUSED);
    expect(hasChinese(refused.msg)).toBe(true);
    expect(await count('im_groups')).toBe(groups);
    const g = await create(pest, []);
    const invite = await post(pest.token, P.groupInvite, { groupId: g.id, userIds: String(me.id) });
    expect(invite.code).toBe(Code.REFUSED);
    expect(await invitations(me)).toEqual([]);
  });
});
