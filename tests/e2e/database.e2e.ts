/**
 * Database pages in Chromium at 375×812 over the real server and feed: the league list, a league
 * table (`data-standings`, rows `data-team-id`) that reorders within 1 s of a goal injected with
 * POST /_dev/feed/event in one of its live matches (through the core's one socket), the team
 * and player pages reached by links, a match of the first round (before the month the feed
 * stores, played out from the seed) opened from the league's 赛程 with its incidents and text
 * live. Screenshots go to tests/e2e/screenshots/database-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  collectErrors,
  launchBrowser,
  newPhoneContext,
  screenshot,
  stampWhen,
  stampedAt,
  startServer,
  upcomingMatches,
  type RunningServer,
} from '../helpers/e2e';

let server: RunningServer;
let browser: Browser;
let ctx: BrowserContext;

beforeAll(async () => {
  server = await startServer({ env: { FEED_SEED: '7' } });
  browser = await launchBrowser();
  ctx = await newPhoneContext(browser);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Listed {
  id: number;
  li: number;
  s: number;
  ot: number;
  halfStart: number;
  score: [number, number];
  home: { id: number };
  away: { id: number };
}

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/main${path}`);
  return ((await res.json()) as { data: T }).data;
}

async function devEvent(body: Record<string, unknown>): Promise<{ code: number; msg: string }> {
  const res = await fetch(`${server.url}/_dev/feed/event`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string };
}

/** A league match (not a cup) in play for at least 10 more minutes; kicks one off when none is. */
/**
 * League matches in play for 10 more minutes at least (kicking off upcoming ones when none is).
 * Several, because whether a goal moves a team past a neighbour depends on the table's gaps.
 */
async function liveLeagueMatches(): Promise<Listed[]> {
  const list = await api<Listed[]>('/live/zq/list?platform=4');
  const nowS = Date.now() / 1000;
  const left = (m: Listed) => 45 - (nowS - m.halfStart) / 60;
  const leagues = new Set(
    (await api<Array<{ leagues: Array<{ id: number; cup: boolean }> }>>('/database/leagues?sport=zq')).flatMap((g) =>
      g.leagues.filter((l) => !l.cup).map((l) => l.id),
    ),
  );
  const playing = list.filter((m) => leagues.has(m.li) && (m.s === 2 || m.s === 4) && m.halfStart > 0 && left(m) >= 10);
  const out = playing.slice(0, 4);
  for (const m of (await upcomingMatches(server, list)).filter((x) => leagues.has(x.li))) {
    if (out.length >= 4) break;
    if ((await devEvent({ matchId: m.id, type: 'state', state: 2 })).code === 200) out.push(m);
  }
  if (!out.length) throw new Error('no league match in play and none could be kicked off');
  return out;
}

const domOrder = (page: Page) =>
  page.$$eval('[data-standings] [data-team-id]', (rows) => rows.map((r) => Number(r.getAttribute('data-team-id'))));

describe('database', () => {
  let page: Page;
  let errors: string[] = [];
  let match: Listed;

  it('lists leagues by region', async () => {
    page = await ctx.newPage();
    errors = collectErrors(page);
    await page.goto(server.url + '/database');
    await page.waitForSelector('[data-league-id]', { timeout: 20_000 });
    expect(await page.getByRole('heading', { name: '欧洲' }).count()).toBe(1);
    await screenshot(page, 'database-leagues');
  });

  it('a league table reorders within 1 s of a goal in one of its live matches', async () => {
    let reordered = false;
    // Up to 4 matches, each up to 6 goals: one of them moves a team past a neighbour.
    for (const candidate of await liveLeagueMatches()) {
      if (reordered) break;
      match = candidate;
      await page.goto(`${server.url}/database/detail?id=${match.li}`);
      await page.waitForSelector('[data-standings] [data-team-id]', { timeout: 20_000 });
      await screenshot(page, 'database-table');
      for (let goal = 0; goal < 6 && !reordered; goal++) {
        const table = await api<{ rows: Array<{ teamId: number; rank: number }> }>(`/database/standings/${match.li}`);
        expect(await domOrder(page)).toEqual(table.rows.map((r) => r.teamId));
        const rank = (id: number) => table.rows.find((r) => r.teamId === id)!.rank;
        // The side not ahead scores, so every goal moves points (level: the lower-ranked side).
        const [h, a] = (await api<{ match: Listed }>(`/live/zq/header/${match.id}`)).match.score;
        const side = h !== a ? (h < a ? 'home' : 'away') : rank(match.home.id) > rank(match.away.id) ? 'home' : 'away';
        const before = await domOrder(page);
        const t0 = Date.now();
        expect((await devEvent({ matchId: match.id, type: 'goal', side })).code).toBe(200);
        const next = await api<{ rows: Array<{ teamId: number; move: number }> }>(`/database/standings/${match.li}`);
        const after = next.rows.map((r) => r.teamId);
        // Timed in the page (see stampWhen); installed after the table is known, so an upper bound.
        const tableShows = (want: string) =>
          [...document.querySelectorAll('[data-standings] [data-team-id]')]
            .map((r) => Number(r.getAttribute('data-team-id')))
            .join() === want;
        await stampWhen(page, 'table', tableShows, after.join());
        const elapsed = (await stampedAt(page, 'table', 3_000)) - t0;
        expect(elapsed).toBeLessThan(1_000);
        reordered = before.join() !== after.join();
        if (reordered) {
          // Arrows: each row shows the places it gained or lost against the finished-only table.
          const arrows = await page.$$eval('[data-standings] [data-team-id]', (rows) =>
            rows.map((r) => Number(r.querySelector('[data-move]')?.getAttribute('data-move') ?? 0)),
          );
          expect(arrows).toEqual(next.rows.map((r) => r.move));
          expect(arrows.some((n) => n !== 0)).toBe(true);
          console.log(`table reordered ${elapsed} ms after the goal`);
        }
      }
    }
    expect(reordered).toBe(true);
    await screenshot(page, 'database-table-after-goal');
  });

  it('a team name opens the team page, a player the player page', async () => {
    await page.locator(`[data-standings] [data-team-id="${match.home.id}"] a`).click();
    await page.waitForURL(/\/database\/team\/zq\?id=/);
    await page.getByRole('tab', { name: '阵容' }).click();
    await screenshot(page, 'database-team');
    await page.locator('.db-squad a').first().click();
    await page.waitForSelector('[data-player-stats]');
    await screenshot(page, 'database-player');
    expect(errors).toEqual([]);
  });

  it('tapping a team name in /live/zq opens that team page; the rest of the row opens the match', async () => {
    await page.goto(`${server.url}/live/zq`);
    const row = page
      .locator('[data-match-id]')
      .filter({ has: page.locator('a[data-team-link]') })
      .first();
    await row.waitFor();
    // Every control in the row is a tap target of at least 44×44 px, and no two overlap.
    const boxes = await row.evaluate((el) =>
      [...el.querySelectorAll('a[href], button')].map((c) => {
        const r = c.getBoundingClientRect();
        return { x: r.left, y: r.top, w: r.width, h: r.height };
      }),
    );
    expect(boxes).toHaveLength(4);
    for (const b of boxes) expect(Math.min(b.w, b.h)).toBeGreaterThanOrEqual(44);
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        expect(overlap).toBe(false);
      }
    const link = row.locator('a[data-team-link]').nth(1);
    const teamId = Number(await link.getAttribute('data-team-link'));
    const name = (await link.locator('.lv-team-name').innerText()).replace(/^\[\d+\]/, '');
    await screenshot(page, 'database-live-row-links');
    expect(teamId).toBeGreaterThan(0);
    await link.tap();
    await page.waitForURL(new RegExp(`/database/team/zq\\?id=${teamId}$`));
    await expect.poll(() => page.locator('.db-team-head h2').innerText(), { timeout: 10_000 }).toBe(name);
    await page.goBack();
    await page.waitForURL(/\/live\/zq$/);
    const again = page.locator('[data-match-id]').first();
    const matchId = await again.getAttribute('data-match-id');
    await again.locator('[data-score]').tap();
    await page.waitForURL(new RegExp(`/live/zq/detail/${matchId}$`));
    expect(errors).toEqual([]);
  });

  it('a first-round match (before the stored month) opened from the 赛程 shows its goals, cards and text live', async () => {
    const first = await api<{ matches: Listed[] }>('/database/schedule/1?round=1');
    const m = first.matches.find((x) => x.score[0] + x.score[1] > 0)!;
    const header = await api<{ incidents: Array<{ type: string; text: string }> }>(`/live/zq/header/${m.id}`);
    const goals = header.incidents.filter((i) => i.type === 'goal');
    expect(goals).toHaveLength(m.score[0] + m.score[1]);
    await page.goto(`${server.url}/database/detail?id=1`);
    await page.getByRole('tab', { name: '赛程赛果' }).click();
    const prev = page.getByRole('button', { name: /上一轮/ });
    const shown = page.locator('.db-round-bar b');
    await shown.waitFor();
    // Back round by round to the first, as a fan would.
    while (await prev.isEnabled()) {
      const before = await shown.innerText();
      await prev.click();
      await expect.poll(() => shown.innerText(), { timeout: 10_000 }).not.toBe(before);
    }
    await page.locator(`[data-match-id="${m.id}"] [data-score]`).tap();
    await page.waitForURL(new RegExp(`/live/zq/detail/${m.id}$`));
    const timeline = page.locator('.lv-timeline [data-incident="goal"]');
    await expect.poll(() => timeline.count(), { timeout: 15_000 }).toBe(goals.length);
    expect(await page.locator('.lv-timeline').innerText()).toContain(goals[0]!.text);
    await expect.poll(() => page.locator('.lv-textlive li').count(), { timeout: 15_000 }).toBeGreaterThan(goals.length);
    await screenshot(page, 'database-played-out-match');
    await page.getByRole('tab', { name: '统计' }).click();
    await page.getByText('进球').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'database-played-out-stats');
    await page.getByRole('tab', { name: '指数' }).click();
    await expect.poll(() => page.locator('.lv-odds tbody tr').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
    await screenshot(page, 'database-played-out-odds');
    expect(await page.getByText('比赛不存在').count()).toBe(0);
    for (const tab of ['阵容', '分析', '情报']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect.poll(() => page.getByText('加载中').count(), { timeout: 15_000 }).toBe(0);
    }
    await page.getByRole('tab', { name: '聊天' }).click();
    await page.waitForTimeout(1_500);
    // No tab, nor the video above them, says the match does not exist.
    expect(await page.getByText('比赛不存在').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
