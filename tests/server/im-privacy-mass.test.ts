/**
 * Messaging privacy and mass sending (issue 13) on a real Fastify, a real hub with real `ws`
 * sockets and a real PGlite: who may message me, the 陌生人 folder, blocks ending follows, and
 * 群发 to chosen followers with its daily limit and its refusals storing nothing.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import {
  MASS_DAILY,
  MessagePaths as P,
  type ChatListItem,
  type MassItem,
  type MassResult,
  type PrivacySettings,
  type SendResult,
} from '../../workers/protocol/api/message';
import { unreadTotal } from '../../workers/domain/unread';
import { clientId, eventOf, groupCalls, hasChinese, isEvent, useImServer } from './im-harness';

const im = useImServer();
const { api, createUser, inboxSock } = im;
const { post, count, follow } = groupCalls(im);

describe('privacy: who may message me, the 陌生人 folder, blocks end follows', () => {
  const sendPrivate = (token: string, toUserId: number, text: string) =>
    post<SendResult>(token, P.send, { toUserId, text, clientId: clientId() });

  it("with 'following' only people I follow can write to me; a bad value is refused and nothing changes", async () => {
    const me = await createUser();
    const friend = await createUser();
    const stranger = await createUser();
    expect((await api<PrivacySettings>('GET', P.privacy, { token: me.token })).data).toEqual({
      whoMayMessage: 'everyone',
    });
    const bad = await post(me.token, P.setPrivacy, { whoMayMessage: 'nobody' });
    expect(bad.code).toBe(Code.BAD_INPUT);
    expect(hasChinese(bad.msg)).toBe(true);
    const set = await post<PrivacySettings>(me.token, P.setPrivacy, { whoMayMessage: 'following' });
    expect(set.code).toBe(Code.OK);
    expect((await api<PrivacySettings>('GET', P.privacy, { token: me.token })).data.whoMayMessage).toBe('following');
    await follow(me.id, friend.id);
    const before = await count('im_messages');
    const refused = await sendPrivate(stranger.token, me.id, '你好');
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.msg).toContain('关注');
    expect(await count('im_messages')).toBe(before);
    expect((await sendPrivate(friend.token, me.id, '我是你关注的人')).code).toBe(Code.OK);
    expect((await post(me.token, P.setPrivacy, { whoMayMessage: 'everyone' })).code).toBe(Code.OK);
    expect((await sendPrivate(stranger.token, me.id, '现在可以了')).code).toBe(Code.OK);
  });

  it('a chat from someone I neither follow nor wrote to is a stranger chat until I reply or follow', async () => {
    const me = await createUser();
    const x = await createUser();
    const y = await createUser();
    await sendPrivate(x.token, me.id, '陌生人的消息');
    await sendPrivate(y.token, me.id, '另一个陌生人');
    await follow(me.id, y.id);
    let list = (await api<ChatListItem[]>('GET', P.chatList, { token: me.token })).data;
    const byPeer = (id: number) => list.find((c) => c.peer.id === id)!;
    expect(byPeer(x.id).stranger).toBe(true);
    expect(byPeer(y.id).stranger).toBeUndefined();
    // Strangers' unread still counts on the badge.
    expect(unreadTotal(list)).toBe(2);
    await sendPrivate(me.token, x.id, '你好，陌生人');
    list = (await api<ChatListItem[]>('GET', P.chatList, { token: me.token })).data;
    expect(byPeer(x.id).stranger).toBeUndefined();
  });

  it('blocking ends following both ways', async () => {
    const a = await createUser();
    const b = await createUser();
    await follow(a.id, b.id);
    await follow(b.id, a.id);
    expect((await post(a.token, P.block, { userId: b.id, on: 1 })).code).toBe(Code.OK);
    const left = await im.h.ts.storage.db
      .selectFrom('community_follows')
      .select('user_id')
      .where((eb) => eb.or([eb('user_id', '=', a.id), eb('user_id', '=', b.id)]))
      .execute();
    expect(left).toEqual([]);
    expect((await sendPrivate(b.token, a.id, '被拉黑了')).code).toBe(Code.REFUSED);
  });
});

describe('mass sending (群发)', () => {
  it(`reaches chosen followers as private messages (not who blocked me), ${MASS_DAILY} a day`, async () => {
    const me = await createUser('群发者');
    const f1 = await createUser();
    const f2 = await createUser();
    const f3 = await createUser();
    const notFan = await createUser();
    for (const f of [f1, f2, f3]) await follow(f.id, me.id);
    expect((await post(f3.token, P.block, { userId: me.id, on: 1 })).code).toBe(Code.OK);
    const fans = await api<Array<{ id: number }>>('GET', P.followers, { token: me.token });
    expect(fans.data.map((f) => f.id).sort()).toEqual([f1.id, f2.id].sort());
    const s1 = await inboxSock(f1.token);

    const before = await count('im_messages');
    for (const form of [
      { userIds: '', text: '空名单' },
      { userIds: String(f1.id), text: '' },
      { userIds: String(f1.id), text: '控\u0000制' },
      { userIds: `${f1.id},${notFan.id}`, text: '有人没关注我' },
      // Blocking me ended f3's follow: f3 is no longer a follower to reach.
      { userIds: `${f1.id},${f3.id}`, text: '拉黑我的人' },
    ]) {
      const r = await post(me.token, P.mass, form);
      expect(r.code, JSON.stringify(form)).not.toBe(Code.OK);
      expect(hasChinese(r.msg)).toBe(true);
    }
    expect(await count('im_messages')).toBe(before);

    const r = await post<MassResult>(me.token, P.mass, { userIds: `${f1.id},${f2.id}`, text: '今晚八点开播' });
    expect(r.code, r.msg).toBe(Code.OK);
    expect(r.data).toMatchObject({ sent: 2, skipped: 0 });
    expect(await count('im_messages')).toBe(before + 2);
    expect(eventOf<'im'>(await s1.next(isEvent('im'))).message).toMatchObject({
      text: '今晚八点开播',
      fromUserId: me.id,
    });
    const f1List = await api<ChatListItem[]>('GET', P.chatList, { token: f1.token });
    expect(f1List.data[0]).toMatchObject({ count: 1, peer: { id: me.id } });

    for (let i = 2; i <= MASS_DAILY; i++)
      expect((await post(me.token, P.mass, { userIds: String(f1.id), text: `第${i}次` })).code).toBe(Code.OK);
    const over = await post(me.token, P.mass, { userIds: String(f1.id), text: '超过了' });
    expect(over.code).toBe(Code.RATE_LIMITED);
    expect(over.msg).toContain(String(MASS_DAILY));
    const history = await api<MassItem[]>('GET', P.massHistory, { token: me.token });
    expect(history.data.map((m) => m.text)).toEqual(['第3次', '第2次', '今晚八点开播']);
    expect(history.data[2]!.recipientCount).toBe(2);
    s1.close();
  });

  it('skips a follower who blocked me and sends to the rest', async () => {
    const me = await createUser();
    const fan = await createUser();
    const blocker = await createUser();
    await follow(fan.id, me.id);
    expect((await post(blocker.token, P.block, { userId: me.id, on: 1 })).code).toBe(Code.OK);
    // A follow that outlived the block (rows from before blocks ended follows).
    await follow(blocker.id, me.id);
    const before = await count('im_messages');
    const r = await post<MassResult>(me.token, P.mass, { userIds: `${blocker.id},${fan.id}`, text: '周末见' });
    expect(r.code, r.msg).toBe(Code.OK);
    expect(r.data).toMatchObject({ sent: 1, skipped: 1 });
    expect(await count('im_messages')).toBe(before + 1);
  });
});
