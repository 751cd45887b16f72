/**
 * News API (issue 12) on the real server: columns, banners, the cursor-paged list, detail with
 * sanitised HTML and views, article likes under concurrency, and the operator API (publish from
 * Markdown with front matter, edit, pin, take down), with bad input answered in Chinese and
 * nothing stored.
 */
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_HEIGHT, COVER_WIDTH } from '../../../server/news/cover-raster';
import { Code, fillPath } from '../../../workers/protocol/index';
import {
  HEADLINE_TYPE,
  NewsPaths as P,
  OpsNewsPaths as O,
  type ArticleDetail,
  type NewsBanner,
  type NewsColumn,
  type NewsPage,
} from '../../../workers/protocol/api/news';
import { SEED_ARTICLES } from '../../../server/news/seed-content';
import { runOpsCli } from '../../../server/ops/cli';
import { OPS_TOKEN, api, count, createUser, hasChinese, startNews, type NewsHarness } from './harness';

let h: NewsHarness;
beforeAll(async () => {
  h = await startNews();
});
afterAll(async () => {
  await h?.close();
});

const md = (front: Record<string, string>, body: string) =>
  `---\n${Object.entries(front)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n---\n${body}`;

const publish = (markdown: string, ops = OPS_TOKEN) =>
  api<ArticleDetail>(h, 'POST', O.publish, { ops, json: { markdown } });

describe('reading', () => {
  it('lists the columns, 头条 first', async () => {
    const r = await api<NewsColumn[]>(h, 'GET', P.columns);
    expect(r.code).toBe(Code.OK);
    expect(r.data[0]).toEqual({ type: HEADLINE_TYPE, name: '头条' });
    expect(r.data.map((c) => c.name)).toEqual(['头条', '足球', '篮球', '中超', '英超', '西甲', 'NBA', 'CBA', '转会']);
  });

  it('serves the seeded articles under 头条, pinned first, and by column', async () => {
    const all = await api<NewsPage>(h, 'POST', P.list, { json: { type: HEADLINE_TYPE } });
    expect(all.code).toBe(Code.OK);
    expect(all.data.list.length).toBe(SEED_ARTICLES.length);
    expect(all.data.list[0]!.pinned).toBe(true);
    expect(all.data.list[0]!.title).toContain('阿森纳');
    const epl = await api<NewsPage>(h, 'POST', P.list, { json: { type: 1006 } });
    expect(epl.data.list.length).toBeGreaterThan(0);
    expect(epl.data.list.every((a) => a.type === 1006)).toBe(true);
    const card = all.data.list[1]!;
    expect(card.cover).toMatch(/^\/media\/news\/cover\/\d+\.jpg$/);
    expect(card.tag).not.toBe('');
  });

  it('pages with a cursor: no duplicates, no gaps, newest first', async () => {
    for (let i = 0; i < 25; i++) {
      const r = await api(h, 'POST', O.publish, {
        ops: OPS_TOKEN,
        json: {
          title: `转会快讯第${i + 1}条`,
          type: 1010,
          author: '转会前线',
          body: `这是第 ${i + 1} 条转会快讯的正文内容。`,
          publishedAt: 1_700_000_000_000 + i * 1000,
          tags: ['转会'],
        },
      });
      expect(r.code).toBe(Code.OK);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: Awaited<ReturnType<typeof api<NewsPage>>> = await api<NewsPage>(h, 'POST', P.list, {
        json: { type: 1010, cursor, size: 10 },
      });
      expect(r.code).toBe(Code.OK);
      seen.push(...r.data.list.map((a) => a.title));
      cursor = r.data.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    const quick = seen.filter((t) => t.startsWith('转会快讯'));
    expect(quick).toHaveLength(25);
    expect(quick[0]).toBe('转会快讯第25条');
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses a bad column, cursor or id in Chinese', async () => {
    for (const json of [
      { type: 9999 },
      { type: 'abc' },
      { type: 1002, cursor: 'drop table' },
      { type: 1002, size: 500 },
    ]) {
      const r = await api(h, 'POST', P.list, { json });
      expect(r.code).toBe(Code.BAD_INPUT);
      expect(hasChinese(r.msg)).toBe(true);
    }
    const bad = await api(h, 'GET', fillPath(P.detail, { id: 'abc' }));
    expect(bad.code).toBe(Code.BAD_INPUT);
    const gone = await api(h, 'GET', fillPath(P.detail, { id: 999999 }));
    expect(gone.code).toBe(Code.NOT_FOUND);
    expect(gone.msg).toBe('文章不存在或已下线');
  });

  it('banners link to articles of the column', async () => {
    const r = await api<NewsBanner[]>(h, 'GET', P.banners, { query: { type: HEADLINE_TYPE } });
    expect(r.data.length).toBeGreaterThanOrEqual(3);
    const nba = await api<NewsBanner[]>(h, 'GET', P.banners, { query: { type: 1008 } });
    expect(nba.data.every((b) => b.type === 1008)).toBe(true);
  });

  it('detail: sanitised HTML from Markdown, a view counted, a generated JPEG cover (SVG at the old address)', async () => {
    const list = await api<NewsPage>(h, 'POST', P.list, { json: { type: 1006 } });
    const id = list.data.list[0]!.id;
    const a = await api<ArticleDetail>(h, 'GET', fillPath(P.detail, { id }));
    expect(a.code).toBe(Code.OK);
    expect(a.data.html).toContain('<h2>');
    expect(a.data.html).toContain('<strong>');
    const b = await api<ArticleDetail>(h, 'GET', fillPath(P.detail, { id }));
    expect(b.data.views).toBe(a.data.views + 1);
    const cover = await fetch(h.base + a.data.cover);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    const img = jpeg.decode(Buffer.from(await cover.arrayBuffer()));
    expect([img.width, img.height]).toEqual([COVER_WIDTH, COVER_HEIGHT]);
    // The column's colour in the top-left corner (英超 #3d185c; JPEG is lossy, so roughly).
    const [red, green, blue] = img.data;
    expect(Math.abs(red! - 0x3d) + Math.abs(green! - 0x19) + Math.abs(blue! - 0x5b)).toBeLessThan(40);
    // Half width for a list's thumbnail, the same design (the corner's colour); other widths refused.
    const half = jpeg.decode(Buffer.from(await (await fetch(`${h.base}${a.data.cover}?w=240`)).arrayBuffer()));
    expect([half.width, half.height]).toEqual([COVER_WIDTH / 2, COVER_HEIGHT / 2]);
    expect(
      Math.abs(half.data[0]! - red!) + Math.abs(half.data[1]! - green!) + Math.abs(half.data[2]! - blue!),
    ).toBeLessThan(12);
    const odd = (await (await fetch(`${h.base}${a.data.cover}?w=1000`)).json()) as { code: number; msg: string };
    expect(odd.msg).toBe('图片宽度不支持');
    const svg = await fetch(h.base + a.data.cover.replace(/\.jpg$/, '.svg'));
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
    const gone = await fetch(h.base + fillPath(P.cover, { id: 99_999_999 }) + '.jpg');
    expect(((await gone.json()) as { msg: string }).msg).toBe('文章不存在或已下线');
  });
});

describe('likes', () => {
  it('visitors cannot like', async () => {
    const r = await api(h, 'POST', P.like, { form: { id: 1, on: 1 } });
    expect(r.code).toBe(Code.NO_TOKEN);
    expect(await count(h, 'news_likes')).toBe(0);
  });

  it('20 parallel likes by one user count once; by 20 users count 20; unlikes never go below zero', async () => {
    const id = (await api<NewsPage>(h, 'POST', P.list, { json: { type: 1007 } })).data.list[0]!.id;
    const me = await createUser(h);
    const same = await Promise.all(
      Array.from({ length: 20 }, () => api(h, 'POST', P.like, { token: me.token, form: { id, on: 1 } })),
    );
    expect(same.every((r) => r.code === Code.OK && r.data.liked)).toBe(true);
    let d = await api<ArticleDetail>(h, 'GET', fillPath(P.detail, { id }), { token: me.token });
    expect(d.data.likes).toBe(1);
    expect(d.data.liked).toBe(true);
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser(h, `点赞者${i}`)));
    await Promise.all(users.map((u) => api(h, 'POST', P.like, { token: u.token, form: { id, on: 1 } })));
    d = await api<ArticleDetail>(h, 'GET', fillPath(P.detail, { id }));
    expect(d.data.likes).toBe(21);
    await Promise.all(
      [...users, me, me, me].map((u) => api(h, 'POST', P.like, { token: u.token, form: { id, on: 0 } })),
    );
    d = await api<ArticleDetail>(h, 'GET', fillPath(P.detail, { id }));
    expect(d.data.likes).toBe(0);
    const again = await api(h, 'POST', P.like, { token: me.token, form: { id, on: 0 } });
    expect(again.data).toEqual({ liked: false, likes: 0 });
  });

  it('refuses a bad on flag and a missing article', async () => {
    const me = await createUser(h);
    const bad = await api(h, 'POST', P.like, { token: me.token, form: { id: 1, on: 7 } });
    expect(bad.code).toBe(Code.BAD_INPUT);
    expect(bad.msg).toBe('参数 on 只能是 0 或 1');
    const gone = await api(h, 'POST', P.like, { token: me.token, form: { id: 999999, on: 1 } });
    expect(gone.code).toBe(Code.NOT_FOUND);
  });
});

describe('operator API', () => {
  it('needs the token', async () => {
    const before = await count(h, 'news_articles');
    for (const ops of [undefined, 'wrong', '']) {
      const r = await api(h, 'POST', O.publish, {
        ...(ops !== undefined && { ops }),
        json: { markdown: md({ title: '无口令文章测试', type: '1003', author: '某人' }, '正文内容足够长了吧这里。') },
      });
      // The operator API's one guard (server/ops/guard.ts): none → NO_TOKEN, a wrong one → REFUSED.
      expect(r.code).toBe(ops ? Code.REFUSED : Code.NO_TOKEN);
      expect(r.msg).toBe(ops ? '运营令牌不正确' : '缺少运营令牌（请求头 x-ops-token）');
    }
    expect(await count(h, 'news_articles')).toBe(before);
  });

  it('publishes Markdown with front matter; raw HTML and script links show as text', async () => {
    const r = await publish(
      md(
        { title: '欧冠小组赛前瞻：死亡之组谁能出线', type: '1003', tags: '欧冠, 前瞻', author: '球赛编辑部' },
        '## 小组形势\n四支球队实力接近，**每一分都很关键**。\n\n<script>alert(1)</script><img src=x onerror=alert(1)>\n\n[点我](javascript:alert(1)) [比赛](/live/zq) [官网](https://example.com/a?b=1&c=2)',
      ),
    );
    expect(r.code).toBe(Code.OK);
    expect(r.msg).toBe('已发布');
    const a = r.data;
    expect(a.title).toBe('欧冠小组赛前瞻：死亡之组谁能出线');
    expect(a.tag).toBe('欧冠');
    expect(a.tags).toEqual(['欧冠', '前瞻']);
    expect(a.html).toContain('<h2>小组形势</h2>');
    expect(a.html).not.toMatch(/<script|<img|javascript:/i);
    expect(a.html).toContain('&lt;script&gt;');
    expect(a.html).toContain('<a href="/live/zq"');
    expect(a.html).toContain('href="https://example.com/a?b=1&amp;c=2"');
    const list = await api<NewsPage>(h, 'POST', P.list, { json: { type: 1003 } });
    expect(list.data.list.some((x) => x.id === a.id)).toBe(true);
  });

  it('refuses bad articles in Chinese and stores nothing', async () => {
    const before = await count(h, 'news_articles');
    const cases: Array<[string, string]> = [
      ['没有头信息的正文', '文章需要以 --- 包围的头信息开头（title、type 等）'],
      [md({ title: '栏目不存在的文章', type: '42', author: '某人' }, '正文内容足够长了吧这里。'), '栏目不存在'],
      [md({ type: '1003', author: '某人' }, '正文内容足够长了吧这里。'), '请输入标题'],
      [md({ title: '正文太短的文章', type: '1003', author: '某人' }, '短'), '请输入正文'],
      [
        md({ title: '控制字符\u0000文章', type: '1003', author: '某人' }, '正文内容足够长了吧这里。'),
        // Refused at the server edge, before the article is parsed (server/http/security.ts).
        '内容含有不支持的字符',
      ],
    ];
    for (const [markdown, msg] of cases) {
      const r = await publish(markdown);
      expect(r.code).toBe(Code.BAD_INPUT);
      expect(r.msg.startsWith(msg)).toBe(true);
    }
    expect(await count(h, 'news_articles')).toBe(before);
  });

  it('edits, pins and takes down', async () => {
    const a = (
      await publish(md({ title: '待编辑的文章标题', type: '1004', author: '篮球观察' }, '第一版正文，内容还需要修改。'))
    ).data;
    const e = await api<ArticleDetail>(h, 'POST', O.edit, {
      ops: OPS_TOKEN,
      json: { id: a.id, title: '编辑后的文章标题', body: '第二版正文：**修改完成**。' },
    });
    expect(e.code).toBe(Code.OK);
    expect(e.data.title).toBe('编辑后的文章标题');
    expect(e.data.html).toContain('<strong>修改完成</strong>');
    const badEdit = await api(h, 'POST', O.edit, { ops: OPS_TOKEN, json: { id: a.id, title: '' } });
    expect(badEdit.code).toBe(Code.BAD_INPUT);

    const pin = await api(h, 'POST', O.pin, { ops: OPS_TOKEN, json: { id: a.id, pinned: true } });
    expect(pin.code).toBe(Code.OK);
    let list = await api<NewsPage>(h, 'POST', P.list, { json: { type: 1004 } });
    expect(list.data.list[0]!.id).toBe(a.id);
    await api(h, 'POST', O.pin, { ops: OPS_TOKEN, json: { id: a.id, pinned: false } });

    const down = await api(h, 'POST', O.takedown, { ops: OPS_TOKEN, json: { id: a.id } });
    expect(down.msg).toBe('已下线');
    list = await api<NewsPage>(h, 'POST', P.list, { json: { type: 1004 } });
    expect(list.data.list.some((x) => x.id === a.id)).toBe(false);
    expect((await api(h, 'GET', fillPath(P.detail, { id: a.id }))).code).toBe(Code.NOT_FOUND);
    const twice = await api(h, 'POST', O.takedown, { ops: OPS_TOKEN, json: { id: a.id } });
    expect(twice.code).toBe(Code.NOT_FOUND);
  });
});

describe('npm run ops', () => {
  it('publishes a Markdown file, pins and takes it down through the operator API', async () => {
    const lines: string[] = [];
    const files: Record<string, string> = {
      'good.md': md(
        { title: '命令行发布的文章标题', type: '1008', tags: 'NBA', author: '值班编辑' },
        '命令行发布的正文，**加粗**部分。',
      ),
      'bad.md': '没有头信息',
    };
    const env = {
      base: h.base,
      token: OPS_TOKEN,
      out: (l: string) => lines.push(l),
      readFile: (f: string) => files[f]!,
    };
    expect(await runOpsCli(['publish', 'good.md'], env)).toBe(0);
    const id = Number(/#(\d+)/.exec(lines.at(-1)!)![1]);
    expect(lines.at(-1)).toBe(`已发布：#${id} 命令行发布的文章标题`);
    expect(await runOpsCli(['pin', String(id)], env)).toBe(0);
    expect((await api<NewsPage>(h, 'POST', P.list, { json: { type: 1008 } })).data.list[0]!.id).toBe(id);
    expect(await runOpsCli(['takedown', String(id)], env)).toBe(0);
    expect(lines.at(-1)).toBe(`已下线：#${id}`);
    const before = await count(h, 'news_articles');
    expect(await runOpsCli(['publish', 'bad.md'], env)).toBe(1);
    expect(lines.at(-1)).toBe('文章需要以 --- 包围的头信息开头（title、type 等）');
    expect(await runOpsCli(['takedown', 'abc'], env)).toBe(2);
    expect(await runOpsCli(['publish', 'good.md'], { ...env, token: 'wrong' })).toBe(1);
    expect(lines.at(-1)).toBe('运营令牌不正确');
    expect(await runOpsCli(['publish', 'good.md'], { ...env, token: null })).toBe(2);
    expect(lines.at(-1)).toBe('未设置 OPS_TOKEN：运营接口未开启');
    expect(await count(h, 'news_articles')).toBe(before);
  });
});

describe('without OPS_TOKEN', () => {
  it('has no operator API at all', async () => {
    const bare = await startNews({ opsToken: null });
    try {
      const r = await api(bare, 'POST', O.publish, { ops: '', json: { markdown: 'x' } });
      expect(r.status).toBe(404);
      const list = await api<NewsPage>(bare, 'POST', P.list, { json: {} });
      expect(list.data.list.length).toBe(SEED_ARTICLES.length);
    } finally {
      await bare.close();
    }
  });
});
