/**
 * Cluster mode in Chromium: two gateways and one feed as real processes (the machine's NATS
 * JetStream and PostgreSQL), the app served by gateway A and its one socket on gateway B. B is
 * killed (kill -9) and a goal is scored while the tabs are away: every tab shows it within
 * BACK_WITHIN_MS of the kill (stamped inside the page), and the browser still holds exactly one
 * socket, now on A.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  RECONNECT_JITTER_MS,
  RECONNECT_MS,
  SystemPaths,
  embeddedUrl,
  type SocketAddress,
} from '../../workers/protocol/index';
import { openClusterRig, type ClusterProc, type ClusterRig } from '../helpers/cluster-procs';
import { TestSocket, call } from '../helpers/ws-client';
import {
  footballMatchInPlay,
  launchBrowser,
  newPhoneContext,
  revealMatchRow,
  screenshot,
  stampWhen,
  stampedAt,
  type RunningServer,
} from '../helpers/e2e';

/**
 * The spec's reconnect after a drop (5 s plus up to 0.5 s of jitter), then 1 s for the address,
 * the socket, the replay of the missed goal and the paint (5.1–5.6 s here; CI runs slower).
 */
const BACK_WITHIN_MS = RECONNECT_MS + RECONNECT_JITTER_MS + 1_000;

let rig: ClusterRig;
let browser: Browser;
let feed: ClusterProc;
let gwA: ClusterProc;
let gwB: ClusterProc;

beforeAll(async () => {
  // The page comes from A and its socket goes to B: the CSP must let it reach the other gateway.
  rig = await openClusterRig('qs_cb', { CSP_SOCKET_ORIGINS: 'ws://127.0.0.1:*' });
  feed = await rig.start('feed');
  [gwA, gwB] = await Promise.all([rig.start('gateway'), rig.start('gateway')]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await rig?.teardown();
});

async function connections(gw: ClusterProc): Promise<number> {
  const text = await (await fetch(`${gw.url}${SystemPaths.metrics}`)).text();
  const line = text.split('\n').find((l) => l.startsWith('ws_connections '));
  return line ? Number(line.split(' ').pop()) : NaN;
}

/** Polls a condition from the test process (counts only; timings are stamped in the page). */
async function until(what: string | (() => string), ok: () => Promise<boolean>, withinMs: number): Promise<void> {
  const end = Date.now() + withinMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`not within ${withinMs} ms: ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const addressPort = async (gw: ClusterProc) =>
  (await call<SocketAddress>(gw.url, 'POST', embeddedUrl(SystemPaths.socketAddress))).body.data.lotteryAddress[0].port;

const scoreOf = (page: Page, id: number) =>
  page.evaluate((i) => document.querySelector(`[data-match-id="${i}"] [data-score]`)?.textContent ?? null, id);

describe('cluster mode in the browser', () => {
  it('3 tabs: their gateway is killed, every tab shows the goal missed meanwhile within 6.5 s, on one socket', async () => {
    await until('the feed leads', async () => (await (await fetch(`${feed.url}/healthz`)).status) === 200, 60_000);
    // Ballast on A, so the registry (fewest sockets first) sends the browser's socket to B.
    const ballast: TestSocket[] = [];
    for (let i = 0; i < 3; i++) {
      const addr = await call<SocketAddress>(gwA.url, 'POST', embeddedUrl(SystemPaths.socketAddress));
      ballast.push(
        await TestSocket.open(`ws://127.0.0.1:${gwA.port}${SystemPaths.socket}?token=${addr.body.data.token}`),
      );
    }
    // B named by three fresh registry scans in a row (each past the 500 ms cache), so the scan
    // holds A's ballast. One answer is not enough: the poll that first names B may come from a
    // cached list that the poll before it bumped (A +1), and a slow scan on a loaded machine
    // answers from that list, which named A for the browser (CI, stop 38).
    let named = 0;
    await until(
      'three registry scans in a row name B',
      async () => {
        named = (await addressPort(gwA)) === gwB.port ? named + 1 : 0;
        if (named >= 3) return true;
        await new Promise((r) => setTimeout(r, 600));
        return false;
      },
      15_000,
    );

    const ctx = await newPhoneContext(browser);
    const tabs: Page[] = [];
    for (let i = 0; i < 3; i++) {
      const page = await ctx.newPage();
      await page.goto(`${gwA.url}/live/zq?core=shared`);
      await page.waitForSelector('[data-match-id] [data-score]', { timeout: 90_000 });
      tabs.push(page);
    }
    let seen = '';
    await until(
      () => `one socket, on B (sockets: ${seen}; 3 on A are the ballast)`,
      async () => {
        const [a, b] = [await connections(gwA), await connections(gwB)];
        seen = `A ${a}, B ${b}`;
        return b === 1;
      },
      10_000,
    );
    for (const s of ballast) s.close();
    await until('the ballast gone from A', async () => (await connections(gwA)) === 0, 10_000);

    const id = await footballMatchInPlay({ url: feed.url } as RunningServer);
    for (const t of tabs) await revealMatchRow(t, id);
    await until('the tabs show the match', async () => (await scoreOf(tabs[0], id)) !== null, 10_000);
    const before = (await scoreOf(tabs[0], id)) ?? '0-0';
    const [home, away] = before.split('-').map(Number);
    const want = `${home}-${away + 1}`;
    for (const t of tabs) {
      await stampWhen(
        t,
        'goal',
        ([i, w]) => document.querySelector(`[data-match-id="${i}"] [data-score]`)?.textContent === w,
        [id, want] as const,
      );
    }

    await gwB.kill();
    const killedAt = Date.now();
    const goal = await fetch(`${feed.url}${SystemPaths.devFeedEvent}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ matchId: id, type: 'goal', side: 'away' }),
    });
    expect(((await goal.json()) as { code: number }).code).toBe(200);

    const delays: number[] = [];
    for (const t of tabs) delays.push((await stampedAt(t, 'goal', 15_000)) - killedAt);
    console.log(`goal shown after the kill: ${delays.map((d) => `${d} ms`).join(', ')}`);
    for (const d of delays) expect(d).toBeLessThan(BACK_WITHIN_MS);
    for (const t of tabs) {
      // A tab behind another renders no frames, so its windowed list may have let the row go.
      await revealMatchRow(t, id);
      expect(await scoreOf(t, id)).toBe(want);
    }
    // Still one socket for the whole browser: on A now, and it stays one.
    await until('one socket, on A', async () => (await connections(gwA)) === 1, 5_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await connections(gwA)).toBe(1);
    await screenshot(tabs[2], 'cluster-after-gateway-kill');
    await ctx.close();
  });
});
