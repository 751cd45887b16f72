/**
 * 头条 and 社区 in Chromium at 375×812: open 头条, switch columns, open an article; user A comments
 * and user B sees it after a reload; a double tap on like counts once; save the article to the
 * floating bar and open it from there; a post published at /user/community shows in
 * /community/list, and disappears for user B once B shields its author; a goal injected in a match
 * with an automatic live report updates the open report within 2 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  collectErrors,
  launchBrowser,
  newPhoneContext,
  screenshot,
  startServer,
  upcomingMatches,
  type RunningServer,
} from '../helpers/e2e';
import { makePng } from '../server/user-centre-helpers';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { areaFiles, type ViteManifest } from '../../server/route-preloads';

let server: RunningServer;
let browser: Browser;
let ctxA: BrowserContext;
let ctxB: BrowserContext;

beforeAll(async () => {
  server = await startServer({ env: { OPS_TOKEN } });
  browser = await launchBrowser();
  ctxA = await newPhoneContext(browser);
  ctxB = await newPhoneContext(browser);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PASSWORD = 'demo1234';
const OPS_TOKEN = 'e2e-ops-token';
const USER_A = '13800000001';
const USER_B = '13800000002';

async function login(page: Page, phone: string): Promise<void> {
  await page.goto(`${server.url}/user/login`);
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  const agree = page.getByRole('checkbox');
  if (await agree.count()) await agree.check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: 15_000 });
}

async function api<T>(path: string, init?: RequestInit): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(server.url + path, init);
  return (await res.json()) as { code: number; msg: string; data: T };
}

describe('头条', () => {
  let a: Page;
  let b: Page;
  let errors: string[];
  let articlePath = '';
  let articleTitle = '';

  it('opens on the 头条 tab with articles, and switches columns', async () => {
    a = await ctxA.newPage();
    errors = collectErrors(a);
    await a.goto(`${server.url}/news`);
    await a.waitForURL('**/news/1002');
    await a.waitForSelector('[data-article-id] h3', { timeout: 20_000 });
    expect(await a.locator('[data-article-id]').count()).toBeGreaterThanOrEqual(5);
    const nav = a.getByRole('navigation', { name: '底部导航' });
    expect(await nav.getByRole('link', { name: '头条' }).getAttribute('aria-current')).toBe('page');
    await a.getByRole('region', { name: '焦点新闻' }).getByRole('link').first().waitFor();
    await screenshot(a, 'news-list');

    // 头条 shows no scores, so no 演示数据 note here; the match list does, once.
    expect(await a.locator('[data-demo-data]').count()).toBe(0);

    await a.getByRole('navigation', { name: '新闻栏目' }).getByRole('link', { name: '英超' }).click();
    await a.waitForURL('**/news/1006/');
    // The column's first page, under a loaded machine: poll's 1 s default is too short.
    await expect
      .poll(() => a.locator('[data-article-id] .nw-card__tag').allTextContents(), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['英超']));
    const tags = await a.locator('[data-article-id] .nw-card__tag').allTextContents();
    expect(tags.every((t) => t === '英超')).toBe(true);
  });

  it('says 演示数据 once on the match list while the simulator feeds it', async () => {
    const page = await ctxA.newPage();
    await page.goto(`${server.url}/live/zq`);
    await page.locator('[data-demo-data]', { hasText: '演示数据' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-demo-data]').count()).toBe(1);
    await screenshot(page, 'live-list-demo-data');
    await page.close();
  });

  it('opens an article; A comments and B sees it after a reload', async () => {
    const first = a.locator('[data-article-id]').first();
    articleTitle = (await first.locator('h3').textContent()) ?? '';
    await first.getByRole('link').click();
    await a.waitForURL(/\/news\/1006\/\d+$/);
    articlePath = new URL(a.url()).pathname;
    await a.getByRole('heading', { level: 1, name: articleTitle }).waitFor();
    await screenshot(a, 'news-article');

    await login(a, USER_A);
    await a.goto(server.url + articlePath);
    const comment = `A 的评论 ${Date.now()}`;
    await a.getByLabel('说点什么…').fill(comment);
    await a.getByRole('button', { name: '发送' }).click();
    await a.locator('.nw-comment__text', { hasText: comment }).waitFor();

    b = await ctxB.newPage();
    await login(b, USER_B);
    await b.goto(server.url + articlePath);
    await b.reload();
    await b.locator('.nw-comment__text', { hasText: comment }).waitFor({ timeout: 10_000 });
  });

  it('a double tap on like counts one like', async () => {
    const like = b.locator('.nw-actions .nw-like');
    await like.dblclick();
    await expect.poll(() => like.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await b.reload();
    // After a reload the stored answer may show first; the fresh one must say liked, once.
    const after = b.locator('.nw-actions .nw-like');
    await expect.poll(() => after.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(await after.getAttribute('data-like-count')).toBe('1');
  });

  it('saves the article to the floating bar and opens it from there', async () => {
    await b.getByRole('button', { name: '加入浮窗' }).click();
    const bar = b.getByRole('region', { name: '已保存的资讯' });
    await bar.getByRole('link', { name: new RegExp(articleTitle.slice(0, 8)) }).waitFor();
    await b.goto(`${server.url}/news/1002`);
    await b.waitForSelector('[data-article-id]');
    await bar.getByRole('link', { name: new RegExp(articleTitle.slice(0, 8)) }).click();
    await b.waitForURL((u) => u.pathname === articlePath);
    await b.getByRole('heading', { level: 1, name: articleTitle }).waitFor();
  });

  it('a post published at /user/community shows in /community/list; B shields its author and it is gone', async () => {
    const title = `今晚的比赛谁能赢${Date.now() % 1000}`;
    await a.goto(`${server.url}/user/community`);
    await a.getByLabel('标题').fill(title);
    await a.getByLabel('内容').fill('大家来聊聊，我看好主队。');
    await a.getByLabel('发到圈子（可选）').selectOption({ label: '英超圈' });
    // Two pictures, picked together: uploaded, shown as thumbnails, sent with the post.
    await a.locator('input[type=file]').setInputFiles([
      { name: '现场1.png', mimeType: 'image/png', buffer: makePng(120, 90) },
      { name: '现场2.png', mimeType: 'image/png', buffer: makePng(90, 120) },
    ]);
    await a.getByRole('img', { name: '第 2 张图片' }).waitFor();
    await screenshot(a, 'user-community-compose');
    await a.getByRole('button', { name: '发布', exact: true }).click();
    await a.getByRole('article', { name: title }).waitFor();
    expect(await a.locator('[data-post-images]').getAttribute('data-post-images')).toBe('0');

    await b.goto(`${server.url}/community/list?feed=latest`);
    const card = b.locator('[data-post-id]', { hasText: title });
    await card.waitFor({ timeout: 10_000 });
    await card.getByRole('link', { name: '英超圈' }).waitFor();
    const pics = card.locator('img[src^="/media/uploads/"]');
    expect(await pics.count()).toBe(2);
    await expect
      .poll(() => pics.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).naturalWidth)))
      .toEqual([120, 90]);
    // The feed is windowed with measured cards: each card starts below the one before it.
    const overlaps = () =>
      b.locator('[data-post-id]').evaluateAll((els) => {
        const r = els.map((e) => e.getBoundingClientRect()).sort((x, y) => x.top - y.top);
        return r.slice(1).filter((x, i) => x.top < r[i]!.bottom - 0.5).length;
      });
    await expect.poll(overlaps).toBe(0);
    const nav = b.getByRole('navigation', { name: '底部导航' });
    expect(await nav.getByRole('link', { name: '头条' }).getAttribute('aria-current')).toBe('page');
    await screenshot(b, 'community-list');

    await card.getByRole('link', { name: new RegExp(title) }).click();
    await b.waitForURL(/\/community\/detail\?code=\d+/);
    await b.locator('[data-post-id] h1', { hasText: title }).waitFor();
    await screenshot(b, 'community-detail');
    await b.getByRole('button', { name: '屏蔽此人' }).click();
    await b.getByRole('alertdialog', { name: '屏蔽此人' }).getByRole('button', { name: '屏蔽' }).click();
    await b.waitForURL('**/community/list');
    await b.goto(`${server.url}/community/list?feed=latest`);
    await b.locator('[data-post-id]').first().waitFor();
    expect(await b.locator('[data-post-id]', { hasText: title }).count()).toBe(0);
    // A still sees it.
    await a.goto(`${server.url}/community/list?feed=latest`);
    await a.locator('[data-post-id]', { hasText: title }).waitFor();
  });

  it('a goal injected in a match with an automatic live report updates the report within 2 s', async () => {
    type Listed = { id: number; s: number; hot?: boolean; ot: number; halfStart?: number };
    const list = await api<Listed[] | { list: Listed[] }>('/main/live/zq/list?platform=4&channelId=4');
    const rows = Array.isArray(list.data) ? list.data : list.data.list;
    const nowS = Date.now() / 1000;
    const left = (m: Listed) => 45 - (nowS - (m.halfStart ?? nowS)) / 60;
    let matchId = rows
      .filter((m) => m.hot && (m.s === 2 || m.s === 4) && left(m) >= 10)
      .sort((x, y) => left(y) - left(x))[0]?.id;
    if (!matchId) {
      for (const m of (await upcomingMatches(server, rows)).filter((r) => r.hot)) {
        const kick = await api('/_dev/feed/event', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ matchId: m.id, type: 'state', state: 2 }),
        });
        if (kick.code === 200) {
          matchId = m.id;
          break;
        }
      }
    }
    expect(matchId).toBeTruthy();
    type Link = { articleId: number; type: number; kind: string };
    let report: Link | undefined;
    await expect
      .poll(
        async () => {
          report = (await api<Link[]>(`/main/news/match/${matchId}/reports`)).data.find((r) => r.kind === 'live');
          return Boolean(report);
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const page = await ctxA.newPage();
    await page.goto(`${server.url}/news/${report!.type}/${report!.articleId}`);
    await page.getByText('自动生成').first().waitFor();
    await page.waitForSelector(`.nw-match[data-match-id="${matchId}"] [data-score]`, { timeout: 10_000 });
    const goals = () => page.locator('.nw-article__body li', { hasText: '破门得分' }).count();
    const before = await goals();
    const t0 = Date.now();
    const res = await api('/_dev/feed/event', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ matchId, type: 'goal', side: 'home' }),
    });
    expect(res.code).toBe(200);
    await expect.poll(goals, { timeout: 2_000, interval: 50 }).toBe(before + 1);
    console.log(`goal → live report on screen: ${Date.now() - t0} ms`);
    await screenshot(page, 'news-live-report');
    // The card's links (league, both teams, the score) are tap targets of at least 44×44 px.
    const sizes = await page
      .locator(`.nw-match[data-match-id="${matchId}"] a[href]`)
      .evaluateAll((links) =>
        links.map((l) => Math.min(l.getBoundingClientRect().width, l.getBoundingClientRect().height)),
      );
    expect(sizes).toHaveLength(4);
    for (const s of sizes) expect(s).toBeGreaterThanOrEqual(44);
    // The match detail page links to its reports, and the report card links back.
    await page.locator(`.nw-match[data-match-id="${matchId}"]`).click();
    await page.waitForURL(`**/live/zq/detail/${matchId}`);
    // The server runs its simulator: scores and odds are said to be demo data, once per screen.
    await page.locator('[data-demo-data]', { hasText: '演示数据' }).waitFor();
    expect(await page.locator('[data-demo-data]').count()).toBe(1);
    await screenshot(page, 'live-detail-demo-data');
    await page.locator('[data-report-kind="live"]').click();
    await page.waitForURL(`**/news/${report!.type}/${report!.articleId}`);
    expect(errors).toEqual([]);
  });

  it('scrolling through 1,000 articles keeps the DOM under 1,500 nodes', async () => {
    const TOTAL = 1000;
    for (let i = 0; i < TOTAL; i += 25) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(25, TOTAL - i) }, (_, k) =>
          api('/main/ops/news/publish', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-ops-token': OPS_TOKEN },
            body: JSON.stringify({
              title: `转会快讯第 ${i + k + 1} 条`,
              type: 1010,
              author: '转会前线',
              tags: ['转会'],
              body: `第 ${i + k + 1} 条转会快讯的正文。`,
              publishedAt: Date.now() - (i + k) * 60_000,
            }),
          }),
        ),
      );
      expect(batch.every((r) => r.code === 200)).toBe(true);
    }
    const page = await ctxA.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: number[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${server.url}/news/1010`);
    await page.waitForSelector('[data-article-id]');
    // Long tasks of the first load (parsing, the core starting) are not the scroll's.
    await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []));
    let maxNodes = 0;
    let loaded = 0;
    for (let step = 0; step < 400 && loaded < TOTAL; step++) {
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(60);
      const s = await page.evaluate(() => ({
        nodes: document.getElementsByTagName('*').length,
        loaded: Number(document.querySelector('[data-articles]')?.getAttribute('data-articles') ?? 0),
      }));
      maxNodes = Math.max(maxNodes, s.nodes);
      loaded = s.loaded;
    }
    expect(loaded).toBeGreaterThanOrEqual(TOTAL);
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    console.log(`1,000 articles: max DOM nodes ${maxNodes}, long tasks ${JSON.stringify(longTasks)}`);
    expect(maxNodes).toBeLessThanOrEqual(1500);
    // Long tasks are printed, not asserted: on a shared 2-core machine they measure the neighbours
    // (house rule 12: timing claims belong to tests/bench/).
    await page.close();
  }, 180_000);
});

describe('头条 first screen', () => {
  it('the news chunk loads at most 25 KB gzip of JS beyond the entry', () => {
    // The files the server preloads for /news/… beyond the entry's (server/route-preloads.ts), from
    // the build the tests run against (startServer rebuilds dist when the sources are newer).
    const manifest = JSON.parse(fs.readFileSync('dist/.vite/manifest.json', 'utf8')) as ViteManifest;
    const files = areaFiles(manifest).get('news')!.js;
    const sizes = files.map((f) => [f, zlib.gzipSync(fs.readFileSync(`dist/${f}`), { level: 9 }).length] as const);
    const total = sizes.reduce((n, [, b]) => n + b, 0);
    console.log(`news chunk JS beyond the entry: ${(total / 1024).toFixed(1)} KB gzip`, Object.fromEntries(sizes));
    expect(files.some((f) => /^assets\/news-/.test(f))).toBe(true);
    expect(total).toBeLessThanOrEqual(25 * 1024);
  });
});
