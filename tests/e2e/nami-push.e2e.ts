/**
 * 纳米数据 push end to end (issue 26): the production server with LIVE_SOURCE=nami against the fake
 * Nami (HTTP basic data and diary + a real Mosquitto with a WebSocket listener, tests/helpers/
 * fake-nami.ts). One browser profile, three tabs on /live/zq and one on the match detail (one
 * SharedWorker socket). A goal published on the push reaches every tab within 1 s; its VAR
 * correction (Nami's full state with the score back down and the goal gone) within 1 s more: the
 * score goes back down, the detail's incident reads 进球无效, and no second goal alert shows.
 * Screenshots: tests/e2e/screenshots/nami-push-*.png.
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
import { FAKE_NAMI_SECRET, FAKE_NAMI_USER, startFakeNami, until, type FakeNami } from '../helpers/fake-nami';
import { localId } from '../../server/live/providers';
import type { NamiMatch } from '../../server/live/nami/formats';

const KICK = Math.floor(Date.now() / 1000) - 20 * 60;
const MATCHES: NamiMatch[] = [
  [3_900_001, 19, 25],
  [3_900_002, 31, 33],
  [3_900_003, 40, 44],
].map(([id, home, away]) => ({
  id,
  competition_id: 82,
  home_team_id: home,
  away_team_id: away,
  status_id: 2,
  match_time: KICK,
  home_scores: [0, 0, 0, 0, -1, 0, 0],
  away_scores: [0, 0, 0, 0, -1, 0, 0],
  updated_at: KICK,
}));
const TEAMS: Array<[number, string]> = [
  [19, '阿森纳'],
  [25, '切尔西'],
  [31, '利物浦'],
  [33, '曼城'],
  [40, '热刺'],
  [44, '纽卡斯尔'],
];
const MATCH = MATCHES[0].id;
const ID = localId('nami', 'zq', MATCH);

let nami: FakeNami;
let server: RunningServer;
let browser: Browser;
let ctx: BrowserContext;

/** Nami's real-time entry (docs/providers/nami.md): score tuple, stats, incidents; full state. */
const side = (goals: number, corners: number) => [goals, 0, 0, 0, corners, 0, 0];
const entry = (id: number, h: number, a: number, incidents: object[]) => ({
  id,
  score: [id, 2, side(h, 2), side(a, 1), KICK, ''],
  stats: [
    { type: 2, home: 2, away: 1 },
    { type: 25, home: 55, away: 45 },
  ],
  incidents,
});
const goal23 = { type: 1, position: 1, time: 23, player_name: '萨卡', home_score: 1, away_score: 0 };

/** Publishes on the push and keeps detail_live saying the same (the adapter polls it if the push stalls). */
async function push(entries: ReturnType<typeof entry>[]): Promise<number> {
  nami.liveNow.zq = MATCHES.map((m) => entries.find((e) => e.id === m.id) ?? entry(m.id, 0, 0, []));
  const at = Date.now();
  await nami.push(entries);
  return at;
}

beforeAll(async () => {
  nami = await startFakeNami({
    competitions: { zq: [{ id: 82, name: '英格兰超级联赛', short_name: '英超' }] },
    teams: { zq: TEAMS.map(([id, name]) => ({ id, competition_id: 82, name, short_name: name })) },
    matches: { zq: MATCHES },
  });
  server = await startServer({
    env: {
      LIVE_SOURCE: 'nami',
      NAMI_USER: FAKE_NAMI_USER,
      NAMI_SECRET: FAKE_NAMI_SECRET,
      NAMI_BASE_URL: nami.baseUrl,
      NAMI_MQTT_URL: nami.mqttUrl,
    },
  });
  await until(
    async () => {
      const h = (await (await fetch(`${server.url}/healthz`)).json()) as {
        data: { live: { source: string; pushConnected: boolean } };
      };
      return h.data.live.source === 'nami' && h.data.live.pushConnected;
    },
    'the server on the Nami push',
    60_000,
  );
  await push(MATCHES.map((m) => entry(m.id, 0, 0, [])));
  browser = await launchBrowser();
  ctx = await newPhoneContext(browser);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await nami?.close();
});

/**
 * Watches a page from inside it (a MutationObserver, so the times are the page's, not the
 * harness's polling): when the score element first reads each of `scores` in order, and every
 * alert toast of the match that ever appears.
 */
type Watch = { shownAt: number[]; alerts: string[] };
async function watch(page: Page, scoreSelector: string, scores: string[]): Promise<void> {
  await page.evaluate(
    ([sel, want, i]) => {
      const w = window as unknown as Watch;
      w.shownAt = [];
      w.alerts = [];
      const ids = new Set<string>();
      const check = () => {
        const next = want[w.shownAt.length];
        if (next !== undefined && document.querySelector(sel)?.textContent === next) w.shownAt.push(Date.now());
        for (const el of document.querySelectorAll(`.lv-alert[data-alert-match="${i}"]`)) {
          const id = el.getAttribute('data-alert-id') ?? '';
          if (ids.has(id)) continue;
          ids.add(id);
          w.alerts.push(el.querySelector('[data-alert-score]')?.textContent ?? '');
        }
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    [scoreSelector, scores, ID] as const,
  );
}

const shownAt = (page: Page, n: number) =>
  page
    .waitForFunction((k) => (window as unknown as Watch).shownAt[k], n, { polling: 100, timeout: 5_000 })
    .then(async (h) => (await h.jsonValue()) as number);

describe('纳米数据 push → browser', () => {
  it('a goal reaches 3 list tabs and the detail within 1 s; its VAR correction within 1 s more, alerted once', async () => {
    const rowScore = `[data-match-id="${ID}"] [data-score]`;
    const detailScore = '.lv-detail-match [data-score]';
    const lists: Page[] = [];
    for (let i = 0; i < 3; i++) {
      const page = await ctx.newPage();
      await page.goto(`${server.url}/live/zq`);
      await page.waitForFunction((sel) => document.querySelector(sel)?.textContent === '0-0', rowScore, {
        timeout: 60_000,
      });
      lists.push(page);
    }
    const errors = collectErrors(lists[0]);
    const detail = await ctx.newPage();
    await detail.goto(`${server.url}/live/zq/detail/${ID}`);
    await detail.waitForFunction((sel) => document.querySelector(sel)?.textContent === '0-0', detailScore, {
      timeout: 60_000,
    });
    // Nami's names, and the match listed live.
    expect(await lists[0].locator(`[data-match-id="${ID}"]`).getAttribute('data-live')).toBe('1');
    expect(await lists[0].locator(`[data-match-id="${ID}"]`).textContent()).toContain('阿森纳');
    await screenshot(lists[0], 'nami-push-list');

    const pages = [...lists, detail];
    for (const p of lists) await watch(p, rowScore, ['1-0', '0-0']);
    await watch(detail, detailScore, ['1-0', '0-0']);

    const goalAt = await push([entry(MATCH, 1, 0, [goal23])]);
    const goalMs = (await Promise.all(pages.map((p) => shownAt(p, 0)))).map((t) => t - goalAt);
    // Let the goal alert show and settle before the correction.
    await expect
      .poll(
        async () =>
          (await Promise.all(pages.map((p) => p.evaluate(() => (window as unknown as Watch).alerts)))).flat().length,
      )
      .toBeGreaterThan(0);
    await detail.waitForSelector('.lv-timeline li[data-incident="goal"]', { timeout: 5_000 });
    expect(await detail.locator('.lv-timeline li[data-incident="goal"]').textContent()).toContain('萨卡');

    // VAR: Nami's full state again, the score back to 0-0 and the goal no longer among the incidents.
    const varAt = await push([entry(MATCH, 0, 0, [])]);
    const varMs = (await Promise.all(pages.map((p) => shownAt(p, 1)))).map((t) => t - varAt);
    console.log(`goal → 3 lists + detail: ${goalMs.join(', ')} ms; VAR → ${varMs.join(', ')} ms`);
    for (const ms of [...goalMs, ...varMs]) expect(ms).toBeLessThan(1_000);
    // The goal's toast (it said 1-0) goes with the correction, well before its own 3 s are up.
    await Promise.all(
      pages.map((p) =>
        p.waitForFunction((i) => !document.querySelector(`.lv-alert[data-alert-match="${i}"]`), ID, {
          polling: 50,
          timeout: 1_000,
        }),
      ),
    );

    // The detail's incident is the same goal, now 进球无效 (replaced, not a second one).
    await detail.waitForFunction(
      () => document.querySelector('.lv-timeline li[data-incident="goal"]')?.textContent?.includes('进球无效'),
      undefined,
      { polling: 100, timeout: 3_000 },
    );
    expect(await detail.locator('.lv-timeline li[data-incident="goal"]').count()).toBe(1);
    // One goal alert across every tab, and none for the correction (time for a late one to show).
    await new Promise((r) => setTimeout(r, 1_500));
    const alerts = (await Promise.all(pages.map((p) => p.evaluate(() => (window as unknown as Watch).alerts)))).flat();
    expect(alerts).toEqual(['1-0']);
    for (const p of lists) expect(await p.locator(rowScore).textContent()).toBe('0-0');

    expect(errors).toEqual([]);
    await lists[0].bringToFront();
    await screenshot(lists[0], 'nami-push-list-after-var');
    await detail.bringToFront();
    await screenshot(detail, 'nami-push-detail-after-var');
  });
});
