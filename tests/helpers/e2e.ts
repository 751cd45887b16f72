/**
 * Browser-test harness: the real server as a child process (built client, temp PGlite, dev
 * controls on) and Debian's Chromium driven by playwright-core at a phone's size.
 *
 *   const server = await startServer();               // { url, port, stop }
 *   const browser = await launchBrowser();
 *   const page = await newPhonePage(browser);
 *   await page.goto(server.url + '/download');
 *   await screenshot(page, 'download');                // tests/e2e/screenshots/download.png
 *   await browser.close(); await server.stop();
 *
 * The client must be built (`npm run test:e2e` builds first; a single file run rebuilds only when
 * dist/ is older than the sources).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Sport } from '../../workers/protocol/live';
import { isFinal } from '../../workers/protocol/status';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOT_DIR = path.join(ROOT, 'tests/e2e/screenshots');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** iPhone X-class viewport used by every browser test. */
export const PHONE = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  locale: 'zh-CN',
} as const;

export interface StartOptions {
  /** Fixed port (e.g. 8008 for the tab-bar contract); a free ephemeral port otherwise. */
  port?: number;
  /** Extra environment (FEED_SPEED, FEED_SEED, DATABASE_URL, …); wins over the defaults. */
  env?: Record<string, string>;
  /** How long to wait for /healthz (ms). PGlite creates and seeds a new database in ~6 s on an idle machine, much longer under load. */
  readyTimeoutMs?: number;
  /** Node arguments that start the server; `--import tsx server/main.ts` (the sources) unless given. */
  command?: string[];
  /** Node flags before the script (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** The server process. */
  pid: number;
  /** Everything the server wrote to stdout/stderr so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

let buildChecked = false;

/** Builds dist/ if it is missing or older than the sources (same rule as `npm start`). */
export function ensureBuilt(): void {
  if (buildChecked || process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  buildChecked = true;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host: '127.0.0.1' });
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

/**
 * The node arguments `npm start` runs the server with: the last `&&` step of its script (after
 * ensure-build), `node` being this node. Benchmarks and the compiled-server test run exactly that.
 */
export function npmStartArgs(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [bin, ...args] = pkg.scripts.start.split('&&').pop()!.trim().split(/\s+/);
  if (bin !== 'node') throw new Error(`npm start does not end in a node command: ${pkg.scripts.start}`);
  return args;
}

/** Starts `node --import tsx server/main.ts` (or `opts.command`) on a temp DATA_DIR and waits for /healthz. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  ensureBuilt();
  const port = opts.port ?? (await freePort());
  if (opts.port !== undefined && (await portInUse(port))) {
    throw new Error(`port ${port} is already in use: stop whatever listens there before running this test`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEV_CONTROL: '1',
    FEED_SPEED: '1',
    NODE_ENV: 'production',
    ...opts.env,
  };
  const child: ChildProcess = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), ...(opts.command ?? ['--import', 'tsx', 'server/main.ts'])],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (b: Buffer) => (log += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (log += b.toString()));
  let exited: number | null = null;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? (signal ? 128 : 1);
      resolve();
    }),
  );

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exitPromise;
      clearTimeout(killTimer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 180_000);
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`server exited with ${exited} before it was ready:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not healthy after ${opts.readyTimeoutMs ?? 180_000} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, port, dataDir, pid: child.pid!, output: () => log, stop };
}

/** Headless Debian Chromium (CHROME_PATH, default /usr/bin/chromium); `args` replace CHROMIUM_ARGS. */
export async function launchBrowser(args: string[] = CHROMIUM_ARGS): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args,
  });
}

/** A fresh context (no cookies, storage or service worker) at 375×812, touch, zh-CN. */
export async function newPhoneContext(
  browser: Browser,
  overrides: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, ...overrides });
}

/** A page in its own fresh phone context; closing the context is left to `browser.close()`. */
export async function newPhonePage(
  browser: Browser,
  overrides: Parameters<Browser['newContext']>[0] = {},
): Promise<Page> {
  const ctx = await newPhoneContext(browser, overrides);
  return ctx.newPage();
}

/** Saves a full-viewport PNG to tests/e2e/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Collects page errors and console errors, so a test can assert the page ran cleanly. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

export interface ListedMatch {
  id: number;
  s: number;
  ot: number;
  halfStart?: number;
  hot?: boolean;
}

/**
 * Football matches not started yet, soonest first: today's (from `today`, the /live/zq/list
 * answer) and then tomorrow's (北京时间). Late in the China evening every match of today has kicked
 * off, so a test that needs one to start takes tomorrow's first; once kicked off with a `state`
 * dev event it shows in today's list as live.
 */
export async function upcomingMatches<T extends ListedMatch>(server: RunningServer, today: T[]): Promise<T[]> {
  const tomorrow = new Date(Date.now() + 8 * 3600_000 + 24 * 3600_000).toISOString().slice(0, 10);
  const res = await fetch(`${server.url}/main/live/zq/date?date=${tomorrow}`);
  const body = (await res.json()) as { code: number; data: T[] | { list: T[] } };
  const next = body.code === 200 ? (Array.isArray(body.data) ? body.data : body.data.list) : [];
  const soonest = (ms: T[]) => ms.filter((m) => m.s === 1).sort((a, b) => a.ot - b.ot);
  return [...soonest(today), ...soonest(next)];
}

/** A Beijing day `offset` days from today, as YYYY-MM-DD. */
export function chinaDayFromToday(offset: number): string {
  return new Date(Date.now() + 8 * 3600_000 + offset * 24 * 3600_000).toISOString().slice(0, 10);
}

/** The finished matches of a sport on a Beijing day, from the list API. */
export async function finishedOn<T extends ListedMatch>(
  server: RunningServer,
  sport: Sport,
  date: string,
): Promise<T[]> {
  // The lists 赛果 reads: football by date, basketball's day list.
  const route = sport === 'zq' ? `/main/live/zq/date?date=${date}` : `/main/live/lq/list?date=${date}`;
  const res = await fetch(server.url + route);
  const body = (await res.json()) as { code: number; data: T[] | { list: T[] } };
  if (body.code !== 200) throw new Error(`${route} answered ${body.code}`);
  const list = Array.isArray(body.data) ? body.data : body.data.list;
  return list.filter((m) => isFinal(sport, m.s));
}

/**
 * The day 赛果 opens on, and its finished matches: today once a match of today has finished,
 * otherwise yesterday (just after midnight 北京时间 nothing of today has finished yet).
 */
export async function resultTabDay<T extends ListedMatch>(
  server: RunningServer,
  sport: Sport,
): Promise<{ date: string; finished: T[] }> {
  const today = chinaDayFromToday(0);
  const finished = await finishedOn<T>(server, sport, today);
  if (finished.length > 0) return { date: today, finished };
  const yesterday = chinaDayFromToday(-1);
  return { date: yesterday, finished: await finishedOn<T>(server, sport, yesterday) };
}

/**
 * A football match that will still be in play (first or second half) for at least
 * `minutesLeft` minutes, so that a goal or card injected a few seconds later is legal: a match
 * picked at 44' may reach half-time before the event arrives, and the feed rightly refuses it.
 * When the feed has none, a match not started yet is kicked off with a `state` dev event.
 * Assumes FEED_SPEED 1 (the default of startServer).
 */
export async function footballMatchInPlay(
  server: RunningServer,
  minutesLeft = 10,
  skip: readonly number[] = [],
): Promise<number> {
  const res = await fetch(`${server.url}/main/live/zq/list?platform=4&channelId=4`);
  const body = (await res.json()) as { code: number; data: ListedMatch[] | { list: ListedMatch[] } };
  const list = Array.isArray(body.data) ? body.data : body.data.list;
  const nowS = Date.now() / 1000;
  const left = (m: ListedMatch) => 45 - (nowS - (m.halfStart ?? nowS)) / 60;
  const playing = list
    .filter((m) => !skip.includes(m.id) && (m.s === 2 || m.s === 4) && (m.halfStart ?? 0) > 0 && left(m) >= minutesLeft)
    .sort((a, b) => left(b) - left(a));
  if (playing[0]) return playing[0].id;
  for (const m of (await upcomingMatches(server, list)).filter((x) => !skip.includes(x.id))) {
    const kick = await fetch(`${server.url}/_dev/feed/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ matchId: m.id, type: 'state', state: 2 }),
    });
    if (((await kick.json()) as { code: number }).code === 200) return m.id;
  }
  throw new Error(`no football match in play for ${minutesLeft} more minutes, and none could be kicked off`);
}

/**
 * Scrolls a virtualised match list until the row of `matchId` is rendered, and centres it. The
 * lists render only the rows near the viewport, so a match that sorts below the first screen (a
 * kicked-off match behind a dozen others in play, say) has no DOM node until the list is scrolled.
 */
export async function revealMatchRow(page: Page, matchId: number, selector = '', timeoutMs = 10_000): Promise<void> {
  // A tab behind another one gets no animation frames, so its windowed list never renders the
  // rows scrolled to: with several tabs in one context, only the front one can be scrolled.
  await page.bringToFront();
  await page.waitForFunction(
    ([i, sel]) => {
      const row = document.querySelector(`[data-match-id="${i}"]`);
      if (row) {
        row.scrollIntoView({ block: 'center' });
        return sel === '' || row.matches(sel);
      }
      const max = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, window.scrollY >= max - 1 ? 0 : window.scrollY + window.innerHeight * 0.8);
      return false;
    },
    [matchId, selector] as const,
    { timeout: timeoutMs, polling: 150 },
  );
}

/**
 * Times a change inside the page, not through the test harness: installs a MutationObserver that
 * records `Date.now()` under `key` the first time `check(arg)` holds after a DOM change. Read the
 * stamp with `stampedAt`. Under a loaded CI machine, polling over the DevTools protocol adds
 * hundreds of milliseconds that are not the app's; this measures when the page showed it.
 * If `check` already holds, the stamp is the install time (an upper bound). `check` runs in the
 * page, so it may use only its argument and the DOM.
 */
export async function stampWhen<A>(page: Page, key: string, check: (arg: A) => boolean, arg: A): Promise<void> {
  const install = (k: string, ok: (a: unknown) => boolean, a: unknown) => {
    const w = window as unknown as { e2eStamps?: Record<string, number> };
    const stamps = (w.e2eStamps ??= {});
    delete stamps[k];
    // Already true: stamp now (an upper bound on when the page showed it).
    if (ok(a)) {
      stamps[k] = Date.now();
      return;
    }
    new MutationObserver((_m, obs) => {
      if (!ok(a)) return;
      stamps[k] = Date.now();
      obs.disconnect();
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  };
  // An expression string, so `check` travels as source (a function inside an argument cannot).
  await page.evaluate(`(${install.toString()})(${JSON.stringify(key)}, ${check.toString()}, ${JSON.stringify(arg)})`);
}

/** The page-side time `stampWhen` recorded under `key`, waiting for it up to `timeoutMs`. */
export async function stampedAt(page: Page, key: string, timeoutMs = 5000): Promise<number> {
  const handle = await page.waitForFunction(
    (k) => (window as unknown as { e2eStamps?: Record<string, number> }).e2eStamps?.[k],
    key,
    { polling: 100, timeout: timeoutMs },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * One finger dragged on the touch screen from `from` to `to` in `steps` moves (DevTools touch
 * events: the page gets the pointer and touch events of a real finger, and may scroll).
 */
export async function touchDrag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps = 8,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
    for (let i = 1; i <= steps; i++) {
      const x = from.x + ((to.x - from.x) * i) / steps;
      const y = from.y + ((to.y - from.y) * i) / steps;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/**
 * Waits until the core's offline store (IndexedDB 'qiusai-core', table kv) holds an answer whose
 * key contains `pathPart` (e.g. '/live/hot/schedule'). A server-rendered page shows its rows before
 * its code has run and the core has fetched them: a tab closed sooner leaves nothing offline.
 */
export async function waitForOfflineEntry(page: Page, pathPart: string, timeoutMs = 30_000): Promise<void> {
  // Polled from here with page.evaluate, which awaits the page's promise: waitForFunction took the
  // predicate's promise itself as its truthy answer, so this wait returned at once and a tab could
  // close before the core had written the entry (the offline second visit then showed 热门 0 场).
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await page.evaluate(
      (part) =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('qiusai-core');
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('kv')) {
              db.close();
              return resolve(false);
            }
            const keys = db.transaction('kv').objectStore('kv').getAllKeys();
            keys.onsuccess = () => {
              db.close();
              resolve(keys.result.some((k) => String(k).includes(part)));
            };
            keys.onerror = () => {
              db.close();
              resolve(false);
            };
          };
        }),
      pathPart,
    );
    if (found) return;
    if (Date.now() > deadline) throw new Error(`no offline store entry with ${pathPart} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
