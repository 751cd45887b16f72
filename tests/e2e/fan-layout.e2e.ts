/**
 * What a fan trips over at 375×812 (issue 33), layout: basketball scores of 100 or more stay on
 * one line and clear the quarter line, in the match list and in a team's schedule (the same row
 * serves the tip lists); long team names take two lines before they are cut; the tip pages use the
 * app's tab strip, sub-tabs and back chevron; the connection banner sits under the download banner;
 * every label of the lottery wheel reads upright; the 赛果 date strip opens on the last day with
 * results (today, or yesterday while nothing of today has finished), in view.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  chinaDayFromToday,
  collectErrors,
  finishedOn,
  newPhonePage,
  resultTabDay,
  revealMatchRow,
  screenshot,
} from '../helpers/e2e';
import { useE2eWorld } from '../helpers/e2e-world';

interface WireMatch {
  id: number;
  s: number;
  ot: number;
  score: [number, number];
  home: { id: number; name: string };
  away: { id: number; name: string };
  quarters?: unknown[];
}

const world = useE2eWorld();

/**
 * The widest finished basketball score of the last days the 赛果 strip holds (today back to six
 * days ago: just after midnight 北京时间 nothing of today has finished), and its day.
 */
async function threeDigitMatch(): Promise<{ match: WireMatch; date: string }> {
  for (let offset = 0; offset >= -6; offset--) {
    const date = chinaDayFromToday(offset);
    const finished = (await finishedOn<WireMatch>(world.server, 'lq', date)).filter(
      (m) => m.s === 10 && Math.max(...m.score) >= 100,
    );
    finished.sort((a, b) => String(b.score).length - String(a.score).length);
    if (finished[0]) return { match: finished[0], date };
  }
  throw new Error('no finished basketball match with 100 or more points in the last 7 days');
}

/**
 * How the score of the row `matchId` lies: its text's line boxes (one per line it wraps onto) and
 * whether its box overlaps the quarter line or either team.
 */
async function scoreLayout(page: Page, matchId: number) {
  return page.evaluate((id) => {
    const row = document.querySelector(`[data-match-id="${id}"]`)!;
    const score = row.querySelector('[data-score]')!;
    const range = document.createRange();
    range.selectNodeContents(score);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    const box = range.getBoundingClientRect();
    const quarters = row.querySelector('[data-quarters]')?.getBoundingClientRect() ?? null;
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const names = [...row.querySelectorAll('.lv-team-name')].map((n) => n.getBoundingClientRect());
    return {
      text: score.textContent,
      lines: tops.size,
      overQuarters: quarters ? overlaps(box, quarters) : false,
      hasQuarters: quarters !== null,
      overTeams: names.some((n) => overlaps(box, n)),
    };
  }, matchId);
}

describe('basketball scores of 100 or more', () => {
  it('stay on one line in the list, clear of the quarter line and the team names', async () => {
    const { match, date } = await threeDigitMatch();
    const page = await newPhonePage(world.browser);
    const errors = collectErrors(page);
    await page.goto(`${world.server.url}/live/lq/result`);
    await page.locator(`[aria-label="日期"] [data-date="${date}"]`).click({ timeout: 30_000 });
    await page.waitForSelector(`[aria-label="日期"] [data-date="${date}"][aria-selected="true"]`);
    await page.waitForSelector('[data-match-id] [data-score]', { timeout: 30_000 });
    await revealMatchRow(page, match.id, '', 30_000);
    const layout = await scoreLayout(page, match.id);
    await screenshot(page, 'fan-lq-list-3digit');
    expect(layout.text).toBe(`${match.score[0]}-${match.score[1]}`);
    expect(layout.lines).toBe(1);
    expect(layout.hasQuarters).toBe(true);
    expect(layout.overQuarters).toBe(false);
    expect(layout.overTeams).toBe(false);
    expect(errors).toEqual([]);
  });

  it('stay on one line in a team schedule (database)', async () => {
    const { match } = await threeDigitMatch();
    const page = await newPhonePage(world.browser);
    await page.goto(`${world.server.url}/database/team/lq?id=${match.home.id}`);
    await page.getByRole('tab', { name: '赛果' }).click({ timeout: 30_000 });
    await page.waitForSelector('[data-match-id] [data-score]', { timeout: 30_000 });
    const ids = await page.$$eval('[data-match-id]', (rows) =>
      rows
        .filter((r) => /\d{3}/.test(r.querySelector('[data-score]')?.textContent ?? ''))
        .map((r) => Number(r.getAttribute('data-match-id'))),
    );
    expect(ids.length).toBeGreaterThan(0);
    await revealMatchRow(page, ids[0]!);
    await screenshot(page, 'fan-lq-team-results');
    for (const id of ids) {
      const layout = await scoreLayout(page, id);
      expect(layout.lines, `${id} ${layout.text}`).toBe(1);
      expect(layout.overQuarters).toBe(false);
      expect(layout.overTeams).toBe(false);
    }
  });
});

describe('team names in the match list', () => {
  it('a name too long for one line takes two and is shown whole, not cut on one', async () => {
    const page = await newPhonePage(world.browser);
    await page.goto(`${world.server.url}/live/zq`);
    await page.waitForSelector('[data-match-id] .lv-team-name', { timeout: 30_000 });
    const longest = await page.$$eval('[data-match-id] .lv-team-name', (els) => {
      const el = els.sort((a, b) => (b.textContent ?? '').length - (a.textContent ?? '').length)[0]!;
      el.scrollIntoView({ block: 'center' });
      // Without a CJK font Chromium draws Chinese as narrow boxes, so a real name may fit on one
      // line here although it does not on a phone: lengthen it (its own characters) until one
      // line cannot hold it, as a phone's font would. The row's CSS is what is under test.
      const name = el.textContent ?? '';
      const text = el.lastChild as Text;
      while (el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().height < 24 && text.data.length < 40)
        text.data += name.slice(0, 2);
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return {
        name: text.data,
        lines,
        cutSideways: el.scrollWidth > el.clientWidth + 1,
        insideRow: el.getBoundingClientRect().height <= 44,
      };
    });
    await screenshot(page, 'fan-zq-team-names');
    expect(longest.lines, String(longest.name)).toBe(2);
    expect(longest.cutSideways).toBe(false);
    expect(longest.insideRow).toBe(true);
  });
});

/** The colour a text is drawn on: the first ancestor (or itself) with an opaque background. */
async function contrastOf(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    let bg: number[] = [255, 255, 255];
    for (let n: Element | null = el; n; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3]! > 0.5)) {
        bg = c.slice(0, 3);
        break;
      }
    }
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const fg = lum(rgb(getComputedStyle(el).color).slice(0, 3));
    const back = lum(bg);
    return (Math.max(fg, back) + 0.05) / (Math.min(fg, back) + 0.05);
  });
}

describe('the tip pages look like the rest of the app', () => {
  for (const route of ['/proposal', '/proposal/matchList', '/proposal/matchList?sport=lq']) {
    it(`${route}: the chosen 足球/篮球 tab is readable and the sub-navigation is tabs, not bare links`, async () => {
      const page = await newPhonePage(world.browser);
      const errors = collectErrors(page);
      await page.goto(world.server.url + route);
      const chosen = page.locator('nav[aria-label="球类"] a[aria-current="page"]');
      await chosen.waitFor({ timeout: 30_000 });
      expect(await chosen.textContent()).toBe(route.endsWith('lq') ? '篮球' : '足球');
      expect(await contrastOf(page, 'nav[aria-label="球类"] a[aria-current="page"]')).toBeGreaterThanOrEqual(4.5);
      const sub = page.locator('nav[aria-label="专家推荐"] a');
      expect(await sub.count()).toBe(3);
      for (const link of await sub.all()) {
        const look = await link.evaluate((a) => {
          const st = getComputedStyle(a);
          return { underline: st.textDecorationLine, bg: st.backgroundColor, h: a.getBoundingClientRect().height };
        });
        expect(look.underline).toBe('none');
        expect(look.bg).not.toBe('rgba(0, 0, 0, 0)');
        expect(look.h).toBeGreaterThanOrEqual(28);
      }
      expect(await page.locator('nav[aria-label="专家推荐"] a[aria-current="page"]').textContent()).toBe('方案赛事');
      await screenshot(page, `fan-proposal${route.replace(/\W+/g, '-')}`);
      expect(errors).toEqual([]);
    });
  }

  it('/proposal/rank: the back control is the app chevron in a 44 px target', async () => {
    const page = await newPhonePage(world.browser);
    await page.goto(`${world.server.url}/proposal/rank`);
    const back = page.getByRole('link', { name: '返回' });
    await back.waitFor({ timeout: 30_000 });
    const box = (await back.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    const icon = (await back.locator('svg[data-back-icon]').boundingBox())!;
    expect(icon.width).toBeGreaterThanOrEqual(20);
    expect(icon.height).toBeGreaterThanOrEqual(20);
    expect(await page.locator('nav[aria-label="专家推荐"] a[aria-current="page"]').textContent()).toBe('专家排行');
    await screenshot(page, 'fan-proposal-rank');
  });
});

describe('the connection banner', () => {
  it('shows under the download banner, not over it', async () => {
    const page = await newPhonePage(world.browser);
    await page.goto(`${world.server.url}/live/zq`);
    await page.waitForSelector('[data-match-id] [data-score]', { timeout: 30_000 });
    const conn = page.locator('[data-connection]');
    await expect.poll(() => conn.getAttribute('data-connection'), { timeout: 15_000 }).toBe('ok');
    // Hidden, the bar shows nowhere: not even a strip over the banner's lower edge.
    const edgeHit = await page.evaluate(() => {
      const banner = document.querySelector('.qs-banner')!;
      const r = banner.getBoundingClientRect();
      return banner.contains(document.elementFromPoint(r.left + 4, r.bottom - 2));
    });
    expect(edgeHit).toBe(true);
    await page.context().setOffline(true);
    try {
      await expect.poll(() => conn.getAttribute('data-connection'), { timeout: 15_000 }).toBe('down');
      // Let the slide-in transition end before measuring.
      await page.waitForTimeout(400);
      const layout = await page.evaluate(() => {
        const banner = document.querySelector('.qs-banner')!.getBoundingClientRect();
        const bar = document.querySelector('[data-connection]')!.getBoundingClientRect();
        const download = [...document.querySelectorAll('.qs-banner a, .qs-banner button')].map((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return el === hit || el.contains(hit);
        });
        return { bannerBottom: banner.bottom, barTop: bar.top, barHeight: bar.height, download };
      });
      await screenshot(page, 'fan-connection-banner');
      expect(layout.barHeight).toBeGreaterThan(0);
      expect(layout.barTop).toBeGreaterThanOrEqual(layout.bannerBottom - 0.5);
      expect(layout.download.length).toBeGreaterThan(0);
      expect(layout.download.every(Boolean)).toBe(true);
    } finally {
      await page.context().setOffline(false);
    }
  });
});

describe('the lottery wheel', () => {
  it('every prize label reads upright (none turned past a quarter circle)', async () => {
    const page = await newPhonePage(world.browser);
    await page.goto(`${world.server.url}/activity/lottery`);
    await page.waitForSelector('.ac-wheel__label > span', { timeout: 30_000 });
    const labels = await page.$$eval('.ac-wheel__label > span', (els) =>
      els.map((el) => {
        // The label's total rotation on screen: its own, its slot's and the disc's.
        let deg = 0;
        for (let n: Element | null = el; n && !n.classList.contains('ac-wheel'); n = n.parentElement) {
          const t = getComputedStyle(n).transform;
          if (t && t !== 'none') {
            const m = new DOMMatrix(t);
            deg += (Math.atan2(m.b, m.a) * 180) / Math.PI;
          }
        }
        const upright = ((((deg + 180) % 360) + 360) % 360) - 180;
        const r = el.getBoundingClientRect();
        return { name: el.textContent, upright, inWheel: r.width > 0 && r.height > 0 };
      }),
    );
    await screenshot(page, 'fan-lottery-wheel');
    expect(labels.length).toBeGreaterThan(3);
    for (const l of labels) {
      expect(Math.abs(l.upright), `${l.name} at ${l.upright}°`).toBeLessThanOrEqual(90);
      expect(l.inWheel).toBe(true);
    }
  });
});

describe('the 赛果 date strip', () => {
  for (const sport of ['zq', 'lq'] as const) {
    it(`/live/${sport}/result opens on the last day with results, inside the strip`, async () => {
      const expected = await resultTabDay(world.server, sport);
      const page = await newPhonePage(world.browser);
      await page.goto(`${world.server.url}/live/${sport}/result`);
      const chosen = page.locator(`[aria-label="日期"] [aria-selected="true"][data-date="${expected.date}"]`);
      await chosen.waitFor({ timeout: 30_000 });
      if (expected.date === chinaDayFromToday(0)) {
        expect(await chosen.locator('.lv-date-week').textContent()).toBe('今天');
      }
      if (expected.finished.length > 0) await page.waitForSelector('[data-match-id]', { timeout: 30_000 });
      // Read until it holds (5 s at most): the strip centres the day again when its layout
      // settles, and twice in CI a single read came a moment before that while the screenshot
      // just after showed the day in view.
      const inView = await page
        .waitForFunction(
          () => {
            const strip = document.querySelector('[aria-label="日期"]')!.getBoundingClientRect();
            const on = document.querySelector('[aria-label="日期"] [aria-selected="true"]')!.getBoundingClientRect();
            return on.left >= strip.left - 0.5 && on.right <= strip.right + 0.5 && on.right <= window.innerWidth + 0.5;
          },
          undefined,
          { timeout: 5_000 },
        )
        .then(
          () => true,
          () => false,
        );
      await screenshot(page, `fan-${sport}-result-dates`);
      expect(inView).toBe(true);
    });
  }
});
