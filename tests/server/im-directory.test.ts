/**
 * The 消息 tab's notices and address book (issue 13) on the shared messaging test server with the
 * user centre: notices by kind (系统 / 社区) with their own unread counts and read-all, bad kinds
 * refused in Chinese with nothing changed; contacts are the people I follow, mutual first, never
 * someone I blocked, and only for a signed-in user.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import { MessagePaths } from '../../workers/protocol/api/message';
import { DirectoryPaths, type Contact } from '../../workers/protocol/api/message-directory';
import { UserCentrePaths, type SystemMessage } from '../../workers/protocol/api/user-centre';
import { imArea } from '../../server/im/routes';
import { imDirectoryArea } from '../../server/im/directory-routes';
import { userCentreArea } from '../../server/user/routes';
import { notifyUser } from '../../server/user/messages';
import { hasChinese, useImServer, type User } from './im-harness';

const im = useImServer([imArea, imDirectoryArea, userCentreArea]);
const { api, createUser } = im;

type NoticePage = { list: SystemMessage[]; unread: number; total: number };
const notices = (token: string, kind?: string) =>
  api<NoticePage>('GET', UserCentrePaths.messages, { token, query: kind ? { page: 1, kind } : { page: 1 } });

async function follow(a: User, b: User) {
  await im.h.ts.storage.db
    .insertInto('community_follows')
    .values({ user_id: a.id, followee_id: b.id, created_at: im.h.clock.now })
    .execute();
}

describe('notices by kind', () => {
  it('lists system and community notices apart, each with its own unread count, and reads one kind at a time', async () => {
    const me = await createUser('通知收件人');
    const db = im.h.ts.storage.db;
    await notifyUser(db, me.id, '实名认证成功', '您已完成实名认证。', im.h.clock.now);
    await notifyUser(db, me.id, '新的关注', '球迷甲 关注了你', im.h.clock.now + 1, 'community');
    await notifyUser(db, me.id, '新的评论', '球迷乙 评论了你的帖子', im.h.clock.now + 2, 'community');

    const sys = await notices(me.token, 'system');
    expect(sys.code).toBe(Code.OK);
    expect(sys.data.list.map((m) => [m.title, m.kind])).toEqual([['实名认证成功', 'system']]);
    expect(sys.data.unread).toBe(1);
    const com = await notices(me.token, 'community');
    expect(com.data.list.map((m) => m.title)).toEqual(['新的评论', '新的关注']);
    expect(com.data.list.every((m) => m.kind === 'community')).toBe(true);
    expect(com.data.unread).toBe(2);
    const all = await notices(me.token);
    expect(all.data.total).toBe(3);
    expect(all.data.unread).toBe(3);

    const readCommunity = await api<{ unread: number }>('POST', UserCentrePaths.messagesRead, {
      token: me.token,
      form: { kind: 'community' },
    });
    expect(readCommunity.code).toBe(Code.OK);
    expect(readCommunity.data.unread).toBe(0);
    expect((await notices(me.token, 'system')).data.unread).toBe(1);
    expect((await notices(me.token)).data.unread).toBe(1);
  });

  it('refuses an unknown kind in Chinese and marks nothing read', async () => {
    const me = await createUser('通知收件人二');
    await notifyUser(im.h.ts.storage.db, me.id, '头像审核通过', '新头像已展示。', im.h.clock.now);
    const bad = await notices(me.token, 'everything');
    expect(bad.code).toBe(Code.BAD_INPUT);
    expect(hasChinese(bad.msg)).toBe(true);
    const badRead = await api('POST', UserCentrePaths.messagesRead, { token: me.token, form: { kind: 'x' } });
    expect(badRead.code).toBe(Code.BAD_INPUT);
    expect((await notices(me.token)).data.unread).toBe(1);
  });
});

describe('the address book', () => {
  it('holds the people I follow, mutual follows first then by nickname, and not the ones I blocked', async () => {
    const me = await createUser('通讯录主人');
    const [a, b, c, d] = await Promise.all(['乙球迷', '甲球迷', '丙球迷', '丁球迷'].map((n) => createUser(n)));
    for (const x of [a!, b!, c!, d!]) await follow(me, x);
    await follow(c!, me);
    const stranger = await createUser('只关注我的人');
    await follow(stranger, me);
    const blocked = await api('POST', MessagePaths.block, { token: me.token, form: { userId: d!.id, on: 1 } });
    expect(blocked.code).toBe(Code.OK);

    const r = await api<Contact[]>('GET', DirectoryPaths.contacts, { token: me.token });
    expect(r.code).toBe(Code.OK);
    expect(r.data[0]).toMatchObject({ id: c!.id, nickName: '丙球迷', mutual: true });
    expect(r.data.slice(1).map((x) => x.mutual)).toEqual([false, false]);
    expect(new Set(r.data.map((x) => x.id))).toEqual(new Set([a!.id, b!.id, c!.id]));
    const rest = r.data.slice(1).map((x) => x.nickName);
    expect(rest).toEqual([...rest].sort());
  });

  it('answers an empty book, and refuses a visitor', async () => {
    const lonely = await createUser('没有关注');
    expect((await api<Contact[]>('GET', DirectoryPaths.contacts, { token: lonely.token })).data).toEqual([]);
    const visitor = await api('GET', DirectoryPaths.contacts);
    expect(visitor.code).not.toBe(Code.OK);
    expect(hasChinese(visitor.msg)).toBe(true);
  });
});
