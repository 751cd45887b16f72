/**
 * Competition shapes in Chromium at 375×812 over the real server and feed (issue 32): the 欧冠
 * table is its 36-club league phase with the places straight into the round of 16 and to the
 * play-off round marked; the NBA table is two conferences, 东部 and 西部, 15 teams each; 中超
 * between seasons says when its season ended and the next starts; 德国杯 shows its rounds instead
 * of a table, each drawn from the winners of the round before; 足协杯 (a calendar year's cup, over
 * by now) shows every round played to its winner, a tie level after extra time with its shoot-out
 * (点球 x-y). Screenshots go to
 * tests/e2e/screenshots/shapes-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  collectErrors,
  launchBrowser,
  newPhoneContext,
  screenshot,
  startServer,
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

const rowsOf = (page: Page, scope: string) =>
  page.$$eval(`${scope} [data-team-id]`, (rows) =>
    rows.map((r) => ({
      zone: r.className,
      rank: Number(r.querySelector('.db-rank')?.firstChild?.textContent),
      team: r.querySelector('.db-team span')?.textContent ?? '',
    })),
  );

describe('competition shapes', () => {
  let page: Page;
  let errors: string[] = [];

  beforeAll(async () => {
    page = await ctx.newPage();
    errors = collectErrors(page);
  });

  it('欧冠: the league-phase table of 36 clubs, 1–8 through, 9–24 to the play-off round', async () => {
    await page.goto(`${server.url}/database/detail?id=7`);
    await page.waitForSelector('[data-standings] [data-team-id]', { timeout: 30_000 });
    const rows = await rowsOf(page, '[data-standings]');
    expect(rows).toHaveLength(36);
    expect(rows.map((r) => r.rank)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    expect(rows.slice(0, 8).every((r) => r.zone === 'db-zone-advance')).toBe(true);
    expect(rows.slice(8, 24).every((r) => r.zone === 'db-zone-playoff')).toBe(true);
    expect(rows.slice(24).every((r) => r.zone === '')).toBe(true);
    const text = await page.textContent('body');
    expect(text).toContain('联赛阶段 · 36队 · 每队8场');
    expect(text).toContain('直接晋级16强');
    expect(text).toContain('淘汰赛附加赛区');
    expect(text).not.toContain('杯赛暂无积分榜');
    await screenshot(page, 'shapes-ucl-league-phase');
    // The knockout bracket below: the play-off round pairs 9 v 24 … 16 v 17 as the table stands.
    const rounds = await page.$$eval('[data-bracket] [data-round]', (els) =>
      els.map((e) => e.getAttribute('data-round')),
    );
    expect(rounds).toEqual(['附加赛', '1/8决赛', '1/4决赛', '半决赛', '决赛']);
    const playoff = await page.$$eval('[data-round="附加赛"] [data-tie]', (els) => els.map((e) => e.textContent ?? ''));
    expect(playoff).toHaveLength(8);
    expect(playoff[0]).toContain(`9. ${rows[8]!.team}`);
    expect(playoff[0]).toContain(`24. ${rows[23]!.team}`);
    expect(await page.textContent('[data-round="1/8决赛"] [data-tie]')).toContain('第16/17名胜者');
    await page.locator('[data-bracket]').scrollIntoViewIfNeeded();
    await screenshot(page, 'shapes-ucl-bracket');
  });

  it('NBA: two conference tables, 东部 and 西部, 15 teams each', async () => {
    await page.goto(`${server.url}/database/detail/lq?id=101`);
    await page.waitForSelector('[data-group] [data-team-id]', { timeout: 30_000 });
    for (const [name, member] of [
      ['东部', '凯尔特人'],
      ['西部', '湖人'],
    ] as const) {
      const rows = await rowsOf(page, `[data-group="${name}"]`);
      expect(rows).toHaveLength(15);
      expect(rows.map((r) => r.rank)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
      expect(rows.map((r) => r.team)).toContain(member);
      expect(rows.slice(0, 6).every((r) => r.zone === 'db-zone-playoff')).toBe(true);
      expect(rows.slice(6, 10).every((r) => r.zone === 'db-zone-playIn')).toBe(true);
    }
    await expect(page.getByRole('heading', { name: '东部' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'shapes-nba-conferences');
    await page.getByRole('heading', { name: '西部' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'shapes-nba-west');
  });

  it('德国杯: a cup shows its rounds, each drawn from the winners of the round before', async () => {
    await page.goto(`${server.url}/database/detail?id=30`);
    await page.waitForSelector('[data-bracket] [data-round] [data-tie]', { timeout: 30_000 });
    const text = await page.textContent('body');
    expect(text).toContain('单场淘汰 · 36队');
    expect(text).not.toContain('杯赛暂无积分榜');
    const rounds = await page.$$eval('[data-bracket] [data-round]', (els) =>
      els.map((e) => ({
        name: e.getAttribute('data-round'),
        ties: [...e.querySelectorAll('[data-tie]')].map((t) => ({
          sides: [...t.querySelectorAll('.db-tie-side')].map((x) => x.textContent ?? ''),
          won: t.querySelector('.db-tie-won')?.textContent ?? null,
          score: t.querySelector('[data-tie-score]')?.textContent ?? null,
        })),
      })),
    );
    expect(rounds.map((r) => r.name)).toEqual(['第一轮', '第二轮', '1/8决赛', '1/4决赛', '半决赛', '决赛']);
    expect(rounds.map((r) => r.ties.length)).toEqual([4, 16, 8, 4, 2, 1]);
    // The first round is drawn from the start: clubs, no 待定.
    expect(rounds[0]!.ties.flatMap((t) => t.sides).every((s) => s !== '待定')).toBe(true);
    for (let k = 1; k < rounds.length; k++) {
      const clubs = rounds[k]!.ties.flatMap((t) => t.sides).filter((s) => s !== '待定');
      if (clubs.length === 0) continue;
      // A drawn round: every tie of the round before decided, its clubs those winners (and, in the
      // second round, the clubs entering then).
      const winners = rounds[k - 1]!.ties.map((t) => t.won);
      expect(winners.every((w) => w !== null)).toBe(true);
      if (k > 1) expect(new Set(clubs)).toEqual(new Set(winners));
      else for (const w of winners) expect(clubs).toContain(w);
    }
    for (const t of rounds.flatMap((r) => r.ties)) if (t.won !== null) expect(t.score).toMatch(/^\d+-\d+$/);
    await screenshot(page, 'shapes-cup-rounds');
    await page.locator('[data-round="1/8决赛"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'shapes-cup-rounds-later');
  });

  it('足协杯 after its season: every round played to its winner, shoot-outs beside their results', async () => {
    await page.goto(`${server.url}/database/detail?id=32`);
    await page.waitForSelector('[data-bracket] [data-round="决赛"] [data-tie][data-winner]', { timeout: 30_000 });
    expect(await page.textContent('body')).toContain('单场淘汰 · 32队');
    const rounds = await page.$$eval('[data-bracket] [data-round]', (els) =>
      els.map((e) => ({
        name: e.getAttribute('data-round'),
        ties: [...e.querySelectorAll('[data-tie]')].map((t) => ({
          won: t.querySelector('.db-tie-won')?.textContent ?? null,
          score: t.querySelector('[data-tie-score]')?.textContent ?? null,
          pen: t.querySelector('[data-tie-pen] [aria-hidden="true"]')?.textContent ?? null,
          spoken: t.querySelector('[data-tie-pen] .visually-hidden')?.textContent ?? null,
        })),
      })),
    );
    expect(rounds.map((r) => [r.name, r.ties.length])).toEqual([
      ['第四轮', 16],
      ['1/8决赛', 8],
      ['1/4决赛', 4],
      ['半决赛', 2],
      ['决赛', 1],
    ]);
    const ties = rounds.flatMap((r) => r.ties);
    for (const t of ties) {
      expect(t.won).not.toBeNull();
      const [h, a] = t.score!.split('-').map(Number);
      // Level after extra time: the shoot-out decided it, and it is shown (and read out).
      if (h === a) {
        expect(t.pen).toMatch(/^\(点球 \d+-\d+\)$/);
        expect(t.spoken).toMatch(/^点球大战 \d+比\d+$/);
      } else expect(t.pen).toBeNull();
    }
    expect(ties.some((t) => t.pen !== null)).toBe(true);
    await page.locator('[data-round="决赛"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'shapes-cup-fa-final');
  });

  it('中超 between seasons: the season’s end and the next start, no match live', async () => {
    await page.goto(`${server.url}/database/detail?id=6`);
    await page.waitForSelector('.db-season-note', { timeout: 30_000 });
    expect(await page.textContent('.db-season-note')).toMatch(
      /^本赛季已于\d{4}-\d{2}-\d{2}结束，新赛季\d{4}-\d{2}-\d{2}开赛$/,
    );
    expect(await page.$$('[data-standings] .db-playing')).toHaveLength(0);
    await screenshot(page, 'shapes-csl-off-season');
    expect(errors).toEqual([]);
  });
});
