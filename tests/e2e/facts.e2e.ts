/**
 * One truth behind every text and basketball in its own words (issue 32) in Chromium at 375×812 over the real server and feed: a
 * basketball match's 指数 tab shows the 亚指 row's line in points (让5.5分 / 受让5.5分), with 让分
 * and 总分 columns, no draw on the money line and no football wording (球半, 九球半, 胜平负, 进球)
 * anywhere on the detail page; a match's 情报 tab states the rank the 数据库 table shows.
 * Screenshots: tests/e2e/screenshots/lq-odds-*.png, facts-intel.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DatabasePaths, LivePaths, embeddedUrl, fillPath } from '../../workers/protocol/index';
import {
  collectErrors,
  launchBrowser,
  newPhoneContext,
  screenshot,
  startServer,
  upcomingMatches,
  type RunningServer,
} from '../helpers/e2e';

let server: RunningServer;
let browser: Browser;
let ctx: BrowserContext;

beforeAll(async () => {
  server = await startServer({ env: { FEED_SEED: '11' } });
  browser = await launchBrowser();
  ctx = await newPhoneContext(browser);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const FOOTBALL_WORDS = /球半|九球|胜平负|进球|大球|小球|平局/;
const cells = (page: Page, sel: string) =>
  page.evaluate((s) => [...document.querySelectorAll(s)].map((c) => c.textContent ?? ''), sel);

describe('a basketball 亚指 row in 分', () => {
  it('spread and total lines are points; no football words on the page', async () => {
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(server.url + '/live/lq');
    await page.waitForSelector('[data-page="live-lq"] [data-match-id]', { timeout: 30_000 });
    const id = await page.evaluate(() =>
      document.querySelector('.lv-row[data-match-id]')!.getAttribute('data-match-id'),
    );
    await page.goto(`${server.url}/live/lq/detail/${id}`);
    await page.waitForSelector('.lv-detail-match [data-score]', { timeout: 20_000 });
    await page.getByRole('tab', { name: '指数' }).click();
    await page.waitForSelector('table[data-odds-type="1"] [data-live-row]', { timeout: 15_000 });

    expect(await cells(page, 'table[data-odds-type="1"] thead th')).toContain('让分');
    const spread = await cells(page, 'table[data-odds-type="1"] tbody tr td:nth-of-type(3)');
    expect(spread.length).toBeGreaterThan(0);
    for (const s of spread) expect(s.replace(/[↑↓]/g, '')).toMatch(/^(平手|(受)?让\d+(\.5)?分)$/);
    await screenshot(page, 'lq-odds-spread');

    await page.getByRole('tab', { name: '大小' }).click();
    await page.waitForSelector('table[data-odds-type="3"] [data-live-row]', { timeout: 15_000 });
    expect(await cells(page, 'table[data-odds-type="3"] thead th')).toEqual(['公司', '', '大分', '总分', '小分']);
    for (const s of await cells(page, 'table[data-odds-type="3"] tbody tr td:nth-of-type(3)'))
      expect(s.replace(/[↑↓]/g, '')).toMatch(/^\d{2,3}(\.5)?分$/);
    await screenshot(page, 'lq-odds-total');

    await page.getByRole('tab', { name: '欧指' }).click();
    await page.waitForSelector('table[data-odds-type="2"] [data-live-row]', { timeout: 15_000 });
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toMatch(FOOTBALL_WORDS);
    await screenshot(page, 'lq-odds-money');
    expect(errors).toEqual([]);
  });
});

describe('情报 in the browser', () => {
  it('states the rank and points the 数据库 table shows, one verdict per team', async () => {
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    type Listed = {
      id: number;
      s: number;
      ot: number;
      li: number;
      leagueName: string;
      home: { id: number; name: string };
    };
    const body = (await (await fetch(`${server.url}${embeddedUrl(LivePaths.zqLive)}?platform=4`)).json()) as {
      data: Listed[] | { list: Listed[] };
    };
    const today = Array.isArray(body.data) ? body.data : body.data.list;
    // An upcoming league match (a cup has no table of its own here).
    const m = (await upcomingMatches(server, today)).find((x) => !x.leagueName.includes('欧冠'))!;
    const table = (await (
      await fetch(server.url + embeddedUrl(fillPath(DatabasePaths.standings, { id: m.li })))
    ).json()) as {
      data: { rows: Array<{ teamId: number; rank: number; points: number }> };
    };
    const row = table.data.rows.find((r) => r.teamId === m.home.id)!;
    await page.goto(`${server.url}/live/zq/detail/${m.id}`);
    await page.waitForSelector('.lv-detail-match', { timeout: 20_000 });
    await page.getByRole('tab', { name: '情报' }).click();
    await page.waitForFunction(() => /排名第/.test(document.body.innerText), undefined, { timeout: 15_000 });
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain(`${m.home.name}${m.leagueName}积${row.points}分，排名第${row.rank}位`);
    const verdicts = text.split('\n').filter((l) => l.startsWith(m.home.name) && /状态正佳|状态低迷|士气低迷/.test(l));
    expect(verdicts.length).toBeLessThanOrEqual(1);
    await screenshot(page, 'facts-intel');
    expect(errors).toEqual([]);
  });
});
