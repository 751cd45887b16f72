/**
 * Comments, reports and the community (issue 12) on the real server: comments with one level of
 * replies, sorting, the text rules (control characters refused, sensitive words masked, markup
 * kept as text), the comment and report limits, reports hiding items until an operator reviews
 * them, circles, the feeds (posts written at /user/community included), follow and shield, and
 * notices reaching the author in /user/messages and over the socket inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, Frame, Topics, fillPath } from '../../../workers/protocol/index';
import {
  COMMENT_RATE,
  CommunityPaths as C,
  NewsPaths as P,
  OpsNewsPaths as O,
  REPORT_HIDE_THRESHOLD,
  REPORT_RATE,
  type Circle,
  type CommentPage,
  type CommentView,
  type NewsPage,
  type PostPage,
  type PostView,
  type ReportedItem,
} from '../../../workers/protocol/api/news';
import { UserCentrePaths } from '../../../workers/protocol/api/user-centre';
import { TestSocket } from '../../helpers/ws-client';
import { OPS_TOKEN, api, count, createUser, hasChinese, startNews, type NewsHarness } from './harness';

let h: NewsHarness;
let articleId: number;
beforeAll(async () => {
  h = await startNews();
  articleId = (await api<NewsPage>(h, 'POST', P.list, { json: { type: 1005 } })).data.list[0]!.id;
});
afterAll(async () => {
  await h?.close();
});

/** Each test starts a fresh minute so the per-minute comment limit never leaks across tests. */
const nextMinute = () => {
  h.clock.now += 61_000;
};

const comment = (token: string, form: Record<string, string | number>) =>
  api<CommentView>(h, 'POST', P.commentAdd, { token, form: { kind: 'article', id: articleId, ...form } });
const comments = (token?: string, query: Record<string, string | number> = {}) =>
  api<CommentPage>(h, 'GET', P.comments, {
    ...(token && { token }),
    query: { kind: 'article', id: articleId, ...query },
  });

async function writePost(token: string, title: string, content = '帖子正文内容，聊聊今天的比赛。') {
  const r = await api<{ id: number }>(h, 'POST', UserCentrePaths.postAdd, { token, form: { title, content } });
  expect(r.code).toBe(Code.OK);
  return r.data.id;
}

describe('comments', () => {
  it('visitors read, users write; replies stay one level deep and name whom they answer', async () => {
    nextMinute();
    const a = await createUser(h, '评论甲');
    const b = await createUser(h, '评论乙');
    expect((await api(h, 'POST', P.commentAdd, { form: { kind: 'article', id: articleId, text: '路过' } })).code).toBe(
      Code.NO_TOKEN,
    );
    const top = await comment(a.token, { text: '海港这赛季太稳了' });
    expect(top.code).toBe(Code.OK);
    expect(top.msg).toBe('评论成功');
    const reply = await comment(b.token, { text: '泰山也不弱', parentId: top.data.id });
    expect(reply.data.parentId).toBe(top.data.id);
    const deeper = await comment(a.token, { text: '走着瞧', parentId: reply.data.id });
    expect(deeper.data.parentId).toBe(top.data.id);
    expect(deeper.data.replyTo).toBe('评论乙');

    const page = await comments();
    const thread = page.data.list.find((c) => c.id === top.data.id)!;
    expect(thread.replies.map((r) => r.text)).toEqual(['泰山也不弱', '走着瞧']);
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    const seenByB = await comments(b.token);
    expect(seenByB.data.list.find((c) => c.id === top.data.id)!.mine).toBe(false);
    expect(seenByB.data.list.find((c) => c.id === top.data.id)!.replies[0]!.mine).toBe(true);
  });

  it('keeps markup as text, masks sensitive words, refuses control characters and bad input', async () => {
    nextMinute();
    const a = await createUser(h);
    const before = await count(h, 'news_comments');
    const html = await comment(a.token, { text: '<img src=x onerror=alert(1)> 好球' });
    expect(html.data.text).toBe('<img src=x onerror=alert(1)> 好球');
    const masked = await comment(a.token, { text: '想赌博的加微信 123' });
    expect(masked.data.text).toBe('想**的*** 123');
    const split = await comment(a.token, { text: '网 赌 不可取' });
    expect(split.data.text).toBe('*** 不可取');
    expect(await count(h, 'news_comments')).toBe(before + 3);

    const bad: Array<[Record<string, string | number>, string]> = [
      [{ text: '有\u0000空字符' }, '内容含有不支持的字符'],
      [{ text: '响铃\u0007' }, '内容含有不支持的字符'],
      [{ text: '   ' }, '请输入评论内容'],
      [{ text: '长'.repeat(501) }, '评论内容不能超过 500 个字'],
      [{ text: '好', kind: 'video' }, '类型不正确'],
      [{ text: '好', id: 'abc' }, '编号不正确'],
      [{ text: '好', parentId: 999999 }, '要回复的评论不存在或已删除'],
      [{ text: '好', id: 999999 }, '文章不存在或已下线'],
    ];
    for (const [form, msg] of bad) {
      const r = await comment(a.token, form);
      expect(r.code).not.toBe(Code.OK);
      expect(r.msg).toBe(msg);
    }
    expect(await count(h, 'news_comments')).toBe(before + 3);
  });

  it('allows 10 comments a minute', async () => {
    nextMinute();
    const a = await createUser(h);
    const results = await Promise.all(
      Array.from({ length: COMMENT_RATE.count + 2 }, (_, i) => comment(a.token, { text: `第${i}条` })),
    );
    expect(results.filter((r) => r.code === Code.OK)).toHaveLength(COMMENT_RATE.count);
    const refused = results.filter((r) => r.code === Code.RATE_LIMITED);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.msg).toBe('评论太频繁：每分钟最多评论 10 条，请稍后再试');
    nextMinute();
    expect((await comment(a.token, { text: '一分钟后' })).code).toBe(Code.OK);
  });

  it('sorts newest or hottest; comment likes toggle idempotently; delete own only', async () => {
    nextMinute();
    const a = await createUser(h);
    const b = await createUser(h);
    const c1 = (await comment(a.token, { text: '热评候选' })).data;
    const c2 = (await comment(a.token, { text: '最新一条' })).data;
    await Promise.all(
      Array.from({ length: 5 }, () => api(h, 'POST', P.commentLike, { token: b.token, form: { id: c1.id, on: 1 } })),
    );
    const hot = await comments(b.token, { sort: 'hot' });
    expect(hot.data.list[0]!.id).toBe(c1.id);
    expect(hot.data.list[0]!.likes).toBe(1);
    expect(hot.data.list[0]!.liked).toBe(true);
    const newest = await comments(undefined, { sort: 'new' });
    expect(newest.data.list[0]!.id).toBe(c2.id);
    expect((await comments(undefined, { sort: 'best' })).msg).toBe('排序方式只能是最新或最热');

    const before = (await api(h, 'GET', fillPath(P.detail, { id: articleId }))).data.comments;
    const other = await api(h, 'POST', P.commentDelete, { token: b.token, form: { id: c2.id } });
    expect(other.code).toBe(Code.REFUSED);
    expect(other.msg).toBe('只能删除自己的评论');
    const own = await api(h, 'POST', P.commentDelete, { token: a.token, form: { id: c2.id } });
    expect(own.code).toBe(Code.OK);
    expect((await api(h, 'GET', fillPath(P.detail, { id: articleId }))).data.comments).toBe(before - 1);
    expect((await comments()).data.list.some((c) => c.id === c2.id)).toBe(false);
  });
});

describe('reports', () => {
  it('hide a post once enough people report it; the operator restores or removes it', async () => {
    nextMinute();
    const author = await createUser(h, '被举报者');
    const postId = await writePost(author.token, '一篇会被举报的帖子');
    const self = await api(h, 'POST', P.report, {
      token: author.token,
      form: { kind: 'post', id: postId, reason: '测试自己' },
    });
    expect(self.msg).toBe('不能举报自己的内容');
    const bad = await api(h, 'POST', P.report, {
      token: (await createUser(h)).token,
      form: { kind: 'post', id: postId, reason: '\u0000' },
    });
    expect(bad.code).toBe(Code.BAD_INPUT);
    expect(await count(h, 'news_reports')).toBe(0);

    const reporters = await Promise.all(Array.from({ length: REPORT_HIDE_THRESHOLD }, () => createUser(h)));
    for (const [i, r] of reporters.entries()) {
      const res = await api(h, 'POST', P.report, {
        token: r.token,
        form: { kind: 'post', id: postId, reason: '广告内容' },
      });
      expect(res.code).toBe(Code.OK);
      expect(res.data.hidden).toBe(i === REPORT_HIDE_THRESHOLD - 1);
      if (i === 0) {
        // A second report by the same person does not count towards the threshold.
        const twice = await api(h, 'POST', P.report, {
          token: r.token,
          form: { kind: 'post', id: postId, reason: '广告内容' },
        });
        expect(twice.msg).toBe('您已举报过该内容，我们会尽快处理');
      }
    }
    expect((await api(h, 'GET', fillPath(C.post, { id: postId }))).code).toBe(Code.NOT_FOUND);

    const queue = await api<ReportedItem[]>(h, 'GET', O.reports, { ops: OPS_TOKEN });
    expect(queue.data.find((q) => q.kind === 'post' && q.id === postId)!.reports).toBe(REPORT_HIDE_THRESHOLD);
    const restore = await api(h, 'POST', O.review, {
      ops: OPS_TOKEN,
      json: { kind: 'post', id: postId, decision: 'restore' },
    });
    expect(restore.msg).toBe('已恢复显示');
    expect((await api(h, 'GET', fillPath(C.post, { id: postId }))).code).toBe(Code.OK);
    const again = await api(h, 'POST', O.review, {
      ops: OPS_TOKEN,
      json: { kind: 'post', id: postId, decision: 'remove' },
    });
    expect(again.msg).toBe('该内容没有待审核的举报');
    const badDecision = await api(h, 'POST', O.review, {
      ops: OPS_TOKEN,
      json: { kind: 'post', id: postId, decision: 'ban' },
    });
    expect(badDecision.msg).toBe('审核结果只能是 restore 或 remove');
  });

  it('remove takes a reported comment away for good and lowers the count', async () => {
    nextMinute();
    const author = await createUser(h);
    const c = (await comment(author.token, { text: '一条被举报的评论' })).data;
    const before = (await api(h, 'GET', fillPath(P.detail, { id: articleId }))).data.comments;
    for (const r of await Promise.all(Array.from({ length: REPORT_HIDE_THRESHOLD }, () => createUser(h))))
      await api(h, 'POST', P.report, { token: r.token, form: { kind: 'comment', id: c.id, reason: '人身攻击' } });
    expect((await comments()).data.list.some((x) => x.id === c.id)).toBe(false);
    const removed = await api(h, 'POST', O.review, {
      ops: OPS_TOKEN,
      json: { kind: 'comment', id: c.id, decision: 'remove' },
    });
    expect(removed.data.status).toBe(2);
    expect((await api(h, 'GET', fillPath(P.detail, { id: articleId }))).data.comments).toBe(before - 1);
    expect((await api(h, 'POST', O.review, { json: { kind: 'comment', id: c.id, decision: 'restore' } })).code).toBe(
      Code.NO_TOKEN,
    );
  });

  it('allows 20 reports a day', async () => {
    nextMinute();
    const reporter = await createUser(h);
    const author = await createUser(h);
    const ids: number[] = [];
    for (let i = 0; i < REPORT_RATE.count + 1; i++) {
      if (i % COMMENT_RATE.count === 0) nextMinute();
      ids.push((await comment(author.token, { text: `待举报${i}` })).data.id);
    }
    const results = [];
    for (const id of ids)
      results.push(
        await api(h, 'POST', P.report, { token: reporter.token, form: { kind: 'comment', id, reason: '刷屏' } }),
      );
    expect(results.slice(0, REPORT_RATE.count).every((r) => r.code === Code.OK)).toBe(true);
    expect(results.at(-1)!.msg).toBe('今天的举报次数已达上限（20 次），请明天再试');
  }, 30_000);
});

describe('community', () => {
  it('has seeded circles and posts; users join and leave circles', async () => {
    const me = await createUser(h);
    const circles = await api<Circle[]>(h, 'GET', C.circles);
    expect(circles.data.length).toBeGreaterThanOrEqual(10);
    expect(circles.data.some((c) => c.kind === 'league') && circles.data.some((c) => c.kind === 'team')).toBe(true);
    const c = circles.data[0]!;
    const join = await api<Circle>(h, 'POST', C.circleJoin, { token: me.token, form: { id: c.id, on: 1 } });
    const joinAgain = await api<Circle>(h, 'POST', C.circleJoin, { token: me.token, form: { id: c.id, on: 1 } });
    expect(join.data.joined).toBe(true);
    expect(joinAgain.data.members).toBe(c.members + 1);
    const leave = await api<Circle>(h, 'POST', C.circleJoin, { token: me.token, form: { id: c.id, on: 0 } });
    expect(leave.data.members).toBe(c.members);
    expect((await api(h, 'POST', C.circleJoin, { token: me.token, form: { id: 4242, on: 1 } })).msg).toBe('圈子不存在');
    const circlePosts = await api<PostPage>(h, 'GET', C.posts, { query: { feed: 'circle', circleId: 101 } });
    expect(circlePosts.data.list.length).toBeGreaterThan(0);
    expect(circlePosts.data.list.every((p) => p.circle?.id === 101)).toBe(true);
    expect((await api(h, 'GET', C.posts, { query: { feed: 'hot' } })).msg).toBe('信息流类型不正确');
  });

  it('shows posts written at /user/community in 最新, and shielding hides an author for one viewer', async () => {
    nextMinute();
    const writer = await createUser(h, '发帖人');
    const reader = await createUser(h, '读者');
    const postId = await writePost(writer.token, '我在用户中心发的帖子');
    const latest = await api<PostPage>(h, 'GET', C.posts, { token: reader.token, query: { feed: 'latest' } });
    const card = latest.data.list[0]!;
    expect(card.id).toBe(postId);
    expect(card.code).toBe(String(postId));
    expect(card.author.nickName).toBe('发帖人');

    await api<CommentView>(h, 'POST', P.commentAdd, {
      token: writer.token,
      form: { kind: 'article', id: articleId, text: '发帖人的评论' },
    });
    const shield = await api(h, 'POST', C.shield, { token: reader.token, form: { userId: writer.id, on: 1 } });
    expect(shield.code).toBe(Code.OK);
    const after = await api<PostPage>(h, 'GET', C.posts, { token: reader.token, query: { feed: 'latest' } });
    expect(after.data.list.some((p) => p.author.id === writer.id)).toBe(false);
    expect((await api(h, 'GET', fillPath(C.post, { id: postId }), { token: reader.token })).code).toBe(Code.NOT_FOUND);
    expect((await comments(reader.token)).data.list.some((c) => c.author.id === writer.id)).toBe(false);
    // Others still see them.
    expect((await api<PostPage>(h, 'GET', C.posts, { query: { feed: 'latest' } })).data.list[0]!.id).toBe(postId);
    expect((await api(h, 'POST', C.shield, { token: reader.token, form: { userId: reader.id, on: 1 } })).msg).toBe(
      '不能屏蔽自己',
    );
    await api(h, 'POST', C.shield, { token: reader.token, form: { userId: writer.id, on: 0 } });
    expect((await api(h, 'GET', fillPath(C.post, { id: postId }), { token: reader.token })).code).toBe(Code.OK);
  });

  it('follows feed the 关注 list; replies, likes and follows reach the author as notices, pushed to the inbox', async () => {
    nextMinute();
    const author = await createUser(h, '作者');
    const fan = await createUser(h, '粉丝');
    const postId = await writePost(author.token, '一篇等回复的帖子');
    const { sock } = await TestSocket.connect(h.base, { token: author.token });
    sock.send({ code: Frame.AUTH, data: { accessToken: author.token } });
    await sock.next((f) => f.code === Frame.AUTH_RESULT);
    sock.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic: Topics.inbox }] } });
    await sock.next((f) => f.code === Frame.SUBSCRIBED);

    expect((await api(h, 'GET', C.posts, { query: { feed: 'follow' } })).code).toBe(Code.NO_TOKEN);
    const follow = await api(h, 'POST', C.follow, { token: fan.token, form: { userId: author.id, on: 1 } });
    expect(follow.data.following).toBe(true);
    const feed = await api<PostPage>(h, 'GET', C.posts, { token: fan.token, query: { feed: 'follow' } });
    expect(feed.data.list.map((p) => p.id)).toContain(postId);
    expect(feed.data.list.every((p) => p.author.id === author.id && p.author.following)).toBe(true);

    const like = await api(h, 'POST', C.postLike, { token: fan.token, form: { id: postId, on: 1 } });
    expect(like.data).toEqual({ liked: true, likes: 1 });
    const c = await api<CommentView>(h, 'POST', P.commentAdd, {
      token: fan.token,
      form: { kind: 'post', id: postId, text: '写得好' },
    });
    expect(c.code).toBe(Code.OK);
    const post = await api<PostView>(h, 'GET', fillPath(C.post, { id: postId }), { token: fan.token });
    expect(post.data).toMatchObject({ likes: 1, liked: true, comments: 1 });

    const pushed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const f = await sock.next((x) => x.code === Frame.EVENT && x.data.kind === 'reminder');
      if (f.code === Frame.EVENT && f.data.kind === 'reminder') pushed.push(f.data.title);
    }
    expect(pushed.sort()).toEqual(['收到新评论', '收到点赞', '新的关注'].sort());
    sock.close();

    const msgs = await api<{ list: Array<{ title: string; content: string }> }>(h, 'GET', UserCentrePaths.messages, {
      token: author.token,
    });
    const texts = msgs.data.list.map((m) => m.content);
    expect(texts).toContain('粉丝 关注了你');
    expect(texts).toContain('粉丝 赞了你的帖子《一篇等回复的帖子》');
    expect(texts).toContain('粉丝 评论了你的帖子《一篇等回复的帖子》：写得好');
    // Liking again or following again sends nothing new.
    await api(h, 'POST', C.postLike, { token: fan.token, form: { id: postId, on: 1 } });
    await api(h, 'POST', C.follow, { token: fan.token, form: { userId: author.id, on: 1 } });
    const again = await api<{ list: unknown[] }>(h, 'GET', UserCentrePaths.messages, { token: author.token });
    expect(again.data.list.length).toBe(msgs.data.list.length);
    expect((await api(h, 'POST', C.follow, { token: fan.token, form: { userId: fan.id, on: 1 } })).msg).toBe(
      '不能关注自己',
    );
    expect(
      hasChinese((await api(h, 'POST', C.follow, { token: fan.token, form: { userId: 999999, on: 1 } })).msg),
    ).toBe(true);
  });
});
