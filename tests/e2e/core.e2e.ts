/**
 * The worker core in Chromium over the real server and feed: one socket per browser profile
 * whatever the number of tabs, in SharedWorker mode and in the forced leader (Web Lock +
 * BroadcastChannel) mode, leader hand-over, and recovery after every socket is dropped: the live
 * state comes back within 7 s and a goal injected while the socket was down shows.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  footballMatchInPlay,
  revealMatchRow,
  launchBrowser,
  newPhoneContext,
  screenshot,
  startServer,
  type RunningServer,
} from '../helpers/e2e';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** A fresh browser profile; closed after each test even when it fails (its sockets would count). */
async function profile(): Promise<BrowserContext> {
  const ctx = await newPhoneContext(browser);
  contexts.push(ctx);
  return ctx;
}

beforeAll(async () => {
  server = await startServer({ env: { FEED_SEED: '11' } });
  browser = await launchBrowser();
});
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
  await waitMetric('ws_connections', 0, 5_000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function metric(name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ').pop()) : NaN;
}

async function waitMetric(name: string, want: number, withinMs: number): Promise<number> {
  const start = Date.now();
  let v = await metric(name);
  while (v !== want && Date.now() - start < withinMs) {
    await new Promise((r) => setTimeout(r, 100));
    v = await metric(name);
  }
  return v;
}

async function openLive(ctx: BrowserContext, mode: 'shared' | 'leader'): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`${server.url}/live/zq?core=${mode}`);
  await page.waitForSelector('[data-match-id] [data-score]', { timeout: 90_000 });
  return page;
}

const scoreOf = (page: Page, id: number) =>
  page.evaluate((i) => document.querySelector(`[data-match-id="${i}"] [data-score]`)?.textContent ?? null, id);

/** A football match that stays in play long enough for the injected goal to be legal. */
const liveMatchId = () => footballMatchInPlay(server);

/** What a tab shows, for a failure message: hydrated, rows, the match's row, connection, text. */
async function tabState(page: Page, id: number, name: string): Promise<string> {
  return page
    .evaluate(
      ([i, n]) => {
        const rows = document.querySelectorAll('[data-match-id]');
        const conn = document.querySelector('[data-connection]')?.getAttribute('data-connection');
        const main = document.querySelector('main, #root')?.textContent?.replace(/\s+/g, ' ').slice(0, 160);
        return `${n}: hydrated ${document.documentElement.dataset.hydrated ?? 'no'}, ${rows.length} rows, row ${i} ${
          document.querySelector(`[data-match-id="${i}"]`) ? 'present' : 'absent'
        }, connection ${conn ?? '-'}, scrollY ${Math.round(window.scrollY)} of ${document.documentElement.scrollHeight}, text: ${main}`;
      },
      [id, name] as const,
    )
    .catch((e: unknown) => `${name}: ${String(e)}`);
}

async function post(path: string, body?: unknown): Promise<{ code: number; msg: string }> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { code: number; msg: string };
}

describe('one socket per browser profile', () => {
  it('SharedWorker: 3 tabs on live scores hold 1 socket', async () => {
    const ctx = await profile();
    const tabs = [await openLive(ctx, 'shared'), await openLive(ctx, 'shared'), await openLive(ctx, 'shared')];
    expect(await waitMetric('ws_connections', 1, 5_000)).toBe(1);
    await screenshot(tabs[2], 'core-shared-3-tabs');
    await ctx.close();
    expect(await waitMetric('ws_connections', 0, 5_000)).toBe(0);
  });

  it('leader mode: 3 tabs hold 1 socket, and closing the leader gives 1 again within 2 s', async () => {
    // A match in play before the tabs open, so their lists hold it: at an hour with no football on,
    // the dev control kicks off a fixture of another day, which no list loaded earlier holds.
    const id = await liveMatchId();
    const ctx = await profile();
    const tabs = [await openLive(ctx, 'leader'), await openLive(ctx, 'leader'), await openLive(ctx, 'leader')];
    expect(await waitMetric('ws_connections', 1, 5_000)).toBe(1);
    // The first tab took the leader lock; close it.
    await tabs[0].close();
    const closedAt = Date.now();
    // The old socket goes with the leader's worker; a new leader opens one.
    let sawZeroOrNew = false;
    let v = await metric('ws_connections');
    while (Date.now() - closedAt < 2_000) {
      v = await metric('ws_connections');
      if (v !== 1) sawZeroOrNew = true;
      if (sawZeroOrNew && v === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(Date.now() - closedAt).toBeLessThan(2_000);
    expect(v).toBe(1);
    // The remaining tabs still get live data through the new leader.
    for (const t of tabs.slice(1)) {
      await revealMatchRow(t, id).catch(async (err: unknown) => {
        // Seen once in a fresh-clone CI run (the row never came in 10 s), never here since: say
        // what each tab showed, so the next one can be told apart from a slow machine.
        const states = await Promise.all(tabs.slice(1).map((p, i) => tabState(p, id, `tab ${i + 1}`)));
        await screenshot(t, 'core-leader-row-missing');
        throw new Error(`${String(err)}\n${states.join('\n')}`);
      });
    }
    const before = await scoreOf(tabs[1], id);
    const ev = await post('/_dev/feed/event', { matchId: id, type: 'goal', side: 'home' });
    expect(ev.code).toBe(200);
    await tabs[2].waitForFunction(
      ([i, b]) => {
        const t = document.querySelector(`[data-match-id="${i}"] [data-score]`)?.textContent;
        return t !== null && t !== undefined && t !== b;
      },
      [id, before] as const,
      { polling: 100, timeout: 3_000 },
    );
    expect(await scoreOf(tabs[1], id)).toBe(await scoreOf(tabs[2], id));
    await screenshot(tabs[1], 'core-leader-after-handover');
    await ctx.close();
  });
});

describe('recovery', () => {
  it('after POST /_dev/ws/drop every tab is live again within 7 s, with the goal injected while down', async () => {
    const id = await liveMatchId();
    const ctx = await profile();
    const tabs = [await openLive(ctx, 'shared'), await openLive(ctx, 'shared'), await openLive(ctx, 'shared')];
    expect(await waitMetric('ws_connections', 1, 5_000)).toBe(1);
    for (const t of tabs) await revealMatchRow(t, id);
    const before = await scoreOf(tabs[0], id);
    const dropped = await post('/_dev/ws/drop');
    expect(dropped.code).toBe(200);
    const droppedAt = Date.now();
    const goal = await post('/_dev/feed/event', { matchId: id, type: 'goal', side: 'away' });
    expect(goal.code).toBe(200);
    expect(await waitMetric('ws_connections', 1, 7_000)).toBe(1);
    for (const t of tabs) {
      await t.waitForFunction(
        ([i, b]) => {
          const s = document.querySelector(`[data-match-id="${i}"] [data-score]`)?.textContent;
          return !!s && s !== b;
        },
        [id, before] as const,
        { polling: 100, timeout: Math.max(500, 7_000 - (Date.now() - droppedAt)) },
      );
    }
    const [h0, a0] = (before ?? '0-0').split('-').map(Number);
    expect(await scoreOf(tabs[2], id)).toBe(`${h0}-${a0 + 1}`);
    expect(Date.now() - droppedAt).toBeLessThan(7_000);
    await screenshot(tabs[0], 'core-after-drop');
    await ctx.close();
  });
  it('leader mode: a tab that asked for the core before it held the lock is served once it takes the lock', async () => {
    const id = await liveMatchId();
    const ctx = await profile();
    // Another page of the site holds the leader lock without running a core (a leader tab on its
    // way out), so the new tab asks the relay for a leader and waits in the lock queue.
    const holder = await ctx.newPage();
    await holder.goto(`${server.url}/healthz`);
    await holder.evaluate(
      () =>
        new Promise<void>((held) => {
          void navigator.locks.request(
            'qs-core-leader',
            () =>
              new Promise<void>((release) => {
                (window as unknown as { releaseLeader: () => void }).releaseLeader = release;
                held();
              }),
          );
        }),
    );
    const page = await ctx.newPage();
    await page.goto(`${server.url}/live/zq?core=leader`);
    await page.waitForTimeout(1_500);
    expect(await metric('ws_connections')).toBe(0);
    // The lock passes to the waiting tab: nobody else will ever answer its relay request (a
    // BroadcastChannel does not deliver to its sender); its own worker must serve it.
    await holder.evaluate(() => (window as unknown as { releaseLeader: () => void }).releaseLeader());
    expect(await waitMetric('ws_connections', 1, 5_000)).toBe(1);
    await revealMatchRow(page, id);
    const before = await scoreOf(page, id);
    expect((await post('/_dev/feed/event', { matchId: id, type: 'goal', side: 'home' })).code).toBe(200);
    await page.waitForFunction(
      ([i, b]) => {
        const t = document.querySelector(`[data-match-id="${i}"] [data-score]`)?.textContent;
        return t !== null && t !== undefined && t !== b;
      },
      [id, before] as const,
      { polling: 100, timeout: 5_000 },
    );
  });
});
