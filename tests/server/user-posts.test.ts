/**
 * My posts (issue 7, /user/community) on the user-centre routes with a real PGlite: publish,
 * list, page, delete, ownership and the posting rate. My tips are in user-posts-tips.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import { CENTRE_PAGE_SIZE, POST_RATE, UserCentrePaths as P, type MyPost } from '../../workers/protocol/api/user-centre';
import { createUser, hasChinese, useUserCentre } from './user-centre-helpers';

const { h, formCall: call, countRows } = useUserCentre();

// --- posts ---------------------------------------------------------------------------------------

describe('my posts', () => {
  it('publishes a post and lists it, newest first, text stored exactly as given', async () => {
    const u = await createUser(h);
    const first = await call<MyPost>('POST', P.postAdd, u.token, {
      title: '  周末德比前瞻  ',
      content: '主队<b>状态</b>火热 <script>alert(1)</script>\n客队伤兵满营',
    });
    expect(first.code).toBe(200);
    expect(first.msg).toBe('发布成功');
    expect(first.data).toMatchObject({
      title: '周末德比前瞻',
      content: '主队<b>状态</b>火热 <script>alert(1)</script>\n客队伤兵满营',
      createdAt: h.clock.now,
    });
    h.clock.now += 1000;
    const second = await call<MyPost>('POST', P.postAdd, u.token, { title: '第二篇帖子', content: '短评' });
    expect(second.code).toBe(200);

    const list = await call('GET', P.posts, u.token);
    expect(list.code).toBe(200);
    expect(list.data.list.map((p: MyPost) => p.id)).toEqual([second.data.id, first.data.id]);
    expect(list.data).toMatchObject({ page: 1, next: false, total: 2 });

    // Another user sees only their own (none).
    const other = await createUser(h);
    expect((await call('GET', P.posts, other.token)).data).toMatchObject({ list: [], total: 0 });
  });

  it('refuses bad titles and contents with a Chinese message and writes nothing', async () => {
    const u = await createUser(h);
    const before = await countRows('user_posts');
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ content: '有内容没标题' }, /请输入帖子标题/],
      [{ title: '三个字', content: '内容' }, /标题至少 4 个字/],
      [{ title: '        ', content: '内容' }, /标题至少 4 个字/],
      [{ title: '  三个字  ', content: '内容' }, /标题至少 4 个字/],
      [{ title: '一'.repeat(41), content: '内容' }, /标题不能超过 40 个字/],
      [{ title: '正常的标题' }, /请输入帖子内容/],
      [{ title: '正常的标题', content: '' }, /请输入帖子内容/],
      [{ title: '正常的标题', content: ' \n\t ' }, /请输入帖子内容/],
      [{ title: '正常的标题', content: '字'.repeat(2001) }, /内容不能超过 2000 个字/],
    ];
    for (const [body, msg] of cases) {
      const res = await call('POST', P.postAdd, u.token, body);
      expect(res.code, JSON.stringify(body)).toBe(Code.BAD_INPUT);
      expect(res.msg).toMatch(msg);
    }
    expect(await countRows('user_posts')).toBe(before);
    // The bounds themselves are accepted.
    expect((await call('POST', P.postAdd, u.token, { title: '四个字啊', content: '字' })).code).toBe(200);
    h.clock.now += 1000;
    expect((await call('POST', P.postAdd, u.token, { title: '一'.repeat(40), content: '字'.repeat(2000) })).code).toBe(
      200,
    );
  });

  it(`limits a user to ${POST_RATE.count} posts per ${POST_RATE.windowMs / 60_000} minutes, deleted ones included`, async () => {
    const u = await createUser(h);
    const other = await createUser(h);
    const ids: number[] = [];
    for (let i = 0; i < POST_RATE.count; i++) {
      const res = await call<MyPost>('POST', P.postAdd, u.token, { title: `限流测试${i}号`, content: '内容' });
      expect(res.code).toBe(200);
      ids.push(res.data.id);
      h.clock.now += 1000;
    }
    expect((await call('POST', P.postDelete, u.token, { id: ids[0]! })).code).toBe(200);
    const before = await countRows('user_posts');
    const refused = await call('POST', P.postAdd, u.token, { title: '第六篇帖子', content: '内容' });
    expect(refused.code).toBe(Code.RATE_LIMITED);
    expect(refused.msg).toMatch(/发帖太频繁/);
    expect(await countRows('user_posts')).toBe(before);
    // The limit is per user.
    expect((await call('POST', P.postAdd, other.token, { title: '别人的帖子', content: '内容' })).code).toBe(200);
    // Once the first post (published 5 s before now) leaves the window, one more is allowed.
    h.clock.now += POST_RATE.windowMs - 5000;
    expect((await call('POST', P.postAdd, u.token, { title: '窗口过后再发', content: '内容' })).code).toBe(200);
    expect((await call('POST', P.postAdd, u.token, { title: '窗口内又超了', content: '内容' })).code).toBe(
      Code.RATE_LIMITED,
    );
  });

  it('pages through many posts', async () => {
    const u = await createUser(h);
    const total = CENTRE_PAGE_SIZE + 3;
    for (let i = 0; i < total; i++) {
      if (i > 0 && i % POST_RATE.count === 0) h.clock.now += POST_RATE.windowMs;
      expect((await call('POST', P.postAdd, u.token, { title: `分页帖子${i}`, content: `${i}` })).code).toBe(200);
      h.clock.now += 1;
    }
    const p1 = await call('GET', P.posts, u.token, undefined, { page: '1' });
    expect(p1.data).toMatchObject({ page: 1, next: true, total });
    expect(p1.data.list).toHaveLength(CENTRE_PAGE_SIZE);
    expect(p1.data.list[0].title).toBe(`分页帖子${total - 1}`);
    const p2 = await call('GET', P.posts, u.token, undefined, { page: '2' });
    expect(p2.data).toMatchObject({ page: 2, next: false, total });
    expect(p2.data.list.map((p: MyPost) => p.title)).toEqual(['分页帖子2', '分页帖子1', '分页帖子0']);
    expect((await call('GET', P.posts, u.token, undefined, { page: '0' })).code).toBe(Code.BAD_INPUT);
    h.clock.now += POST_RATE.windowMs;
  });

  it('deletes only the owner’s post; others are refused and nothing changes', async () => {
    const owner = await createUser(h);
    const stranger = await createUser(h);
    const post = await call<MyPost>('POST', P.postAdd, owner.token, { title: '只能我来删除', content: '内容' });
    const id = post.data.id;

    const refused = await call('POST', P.postDelete, stranger.token, { id });
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.msg).toBe('只能删除自己的帖子');
    expect((await call('GET', P.posts, owner.token)).data.list.map((p: MyPost) => p.id)).toEqual([id]);

    expect((await call('POST', P.postDelete, owner.token, { id: 'abc' })).code).toBe(Code.BAD_INPUT);
    expect((await call('POST', P.postDelete, owner.token, {})).code).toBe(Code.BAD_INPUT);
    expect((await call('POST', P.postDelete, owner.token, { id: 2_000_000_000 })).code).toBe(Code.NOT_FOUND);

    const done = await call('POST', P.postDelete, owner.token, { id });
    expect(done).toMatchObject({ code: 200, data: { id } });
    expect((await call('GET', P.posts, owner.token)).data).toMatchObject({ list: [], total: 0 });
    const again = await call('POST', P.postDelete, owner.token, { id });
    expect(again.code).toBe(Code.NOT_FOUND);
    expect(hasChinese(again.msg)).toBe(true);
  });
});
