/**
 * First load on a phone (issue 16), against the production server and the real build:
 * - every built text file is sent brotli when the client takes it, gzip otherwise, as built
 *   without Accept-Encoding; JSON answers are compressed above 1 KB; the app's HTML too;
 * - a route's HTML preloads its own area's chunks (read from the build's manifest) and nothing
 *   of another area; in Chromium no other area's script runs, and idle prefetch happens on a
 *   fast connection only (none on 2G or with data saver);
 * - second visit with the server gone: the service worker's shell and the core's offline store
 *   paint the home page's rooms and the hot list's rows;
 * - the first screens' controls are 44 px tap targets with a name, and the page is zh-CN.
 * Screenshots: tests/e2e/screenshots/first-load-*.png.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PRECOMPRESSED_EXTENSIONS } from '../../scripts/vite-precompress';
import {
  launchBrowser,
  newPhoneContext,
  newPhonePage,
  screenshot,
  startServer,
  waitForOfflineEntry,
  type RunningServer,
} from '../helpers/e2e';

import { ROUTE_PAGE_SOURCES } from '../../server/route-preloads';
import { matchRoute } from '../../workers/protocol/routes';

const DIST = path.resolve(import.meta.dirname, '../../dist');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that sends exactly these headers and leaves the body as it came (no decompression). */
function rawGet(urlPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.url}${urlPath}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function decoded(answer: RawAnswer): Buffer {
  const enc = answer.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(answer.body);
  if (enc === 'gzip') return zlib.gunzipSync(answer.body);
  return answer.body;
}

function builtTextFiles(dir = DIST): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name.startsWith('.') ? [] : builtTextFiles(full);
    return PRECOMPRESSED_EXTENSIONS.includes(path.extname(e.name)) ? [full] : [];
  });
}

describe('compression', () => {
  it('serves every built text file brotli when asked, gzip otherwise, and as built without Accept-Encoding', async () => {
    const files = builtTextFiles();
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const urlPath = '/' + path.relative(DIST, file).split(path.sep).join('/');
      const built = fs.readFileSync(file);
      const br = await rawGet(urlPath, { 'accept-encoding': 'gzip, deflate, br' });
      expect([urlPath, br.status, br.headers['content-encoding']]).toEqual([urlPath, 200, 'br']);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(br).equals(built), `${urlPath} (br) decodes to the built file`).toBe(true);
      // Sent from the build's own .br file: no compression work per request.
      expect(br.body.equals(fs.readFileSync(`${file}.br`)), `${urlPath} is the pre-compressed .br`).toBe(true);
      const gz = await rawGet(urlPath, { 'accept-encoding': 'gzip, deflate' });
      expect([urlPath, gz.headers['content-encoding']]).toEqual([urlPath, 'gzip']);
      expect(decoded(gz).equals(built), `${urlPath} (gzip) decodes to the built file`).toBe(true);
      expect(gz.body.equals(fs.readFileSync(`${file}.gz`)), `${urlPath} is the pre-compressed .gz`).toBe(true);
      const plain = await rawGet(urlPath);
      expect([urlPath, plain.headers['content-encoding']]).toEqual([urlPath, undefined]);
      expect(plain.body.equals(built), `${urlPath} (identity) is the built file`).toBe(true);
    }
  });

  it('compresses JSON answers above 1 KB, and leaves small ones as they are', async () => {
    const list = '/main/live/zq/list?platform=4&channelId=4';
    const big = await rawGet(list, { 'accept-encoding': 'br' });
    expect(big.headers['content-encoding']).toBe('br');
    const body = JSON.parse(decoded(big).toString('utf8')) as { code: number };
    expect(body.code).toBe(200);
    expect(decoded(big).length).toBeGreaterThan(1024);
    expect(big.body.length).toBeLessThan(decoded(big).length / 2);
    expect((await rawGet(list, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await rawGet(list)).headers['content-encoding']).toBeUndefined();

    const small = await rawGet('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("compresses the app's HTML by the same negotiation", async () => {
    const br = await rawGet('/live/hot', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br).toString('utf8')).toContain('<div id="root">');
    expect((await rawGet('/live/hot', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    const plain = await rawGet('/live/hot');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain('lang="zh-CN"');
  });
});

// --- preloads, checked against the build's own manifest ----------------------------------------

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
const manifest = () =>
  JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/** A chunk's file and every file it imports statically (what loading it fetches). */
function closure(m: Record<string, Chunk>, key: string, out = new Set<string>()): Set<string> {
  const c = m[key];
  if (!c || out.has(c.file)) return out;
  out.add(c.file);
  for (const i of c.imports ?? []) closure(m, i, out);
  return out;
}

const areaKey = (m: Record<string, Chunk>, area: string) =>
  Object.keys(m).find((k) => new RegExp(`^src/pages/${area}/index\\.tsx?$`).test(k))!;

function preloadsIn(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((x) => x[1]!);
}

const ROUTE_AREAS: Array<[string, string]> = [
  ['/vlive/0', 'vlive'],
  ['/', 'vlive'],
  ['/live/hot', 'live'],
  ['/live/zq', 'live'],
  ['/user', 'user'],
  ['/download', 'download'],
  ['/user/about', 'shell'],
];
const AREAS = ['vlive', 'live', 'user', 'download', 'shell', 'agreement'];

describe('preloads', () => {
  it("the built index.html preloads the entry's own imports and no area's chunk", () => {
    const m = manifest();
    const entryKey = Object.keys(m).find((k) => m[k]!.isEntry && k.endsWith('index.html'))!;
    const entry = closure(m, entryKey);
    const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
    for (const f of preloadsIn(html)) expect(entry.has(f), `${f} is one of the entry's imports`).toBe(true);
    for (const area of AREAS) expect(preloadsIn(html)).not.toContain(m[areaKey(m, area)]!.file);
  });

  it.each(ROUTE_AREAS)("%s preloads its own area's (%s) chunks and nothing of another area", async (route, area) => {
    const m = manifest();
    const entryKey = Object.keys(m).find((k) => m[k]!.isEntry && k.endsWith('index.html'))!;
    const entry = closure(m, entryKey);
    // The area chunk's static imports include the entry (shared code): that one index.html loads.
    // A page its area loads on its own (ROUTE_PAGE_SOURCES) is preloaded on its route too.
    const pageSource = ROUTE_PAGE_SOURCES[matchRoute(route === '/' ? '/vlive/0' : route)?.name ?? ''];
    const own = new Set(
      [...closure(m, areaKey(m, area)), ...(pageSource ? closure(m, pageSource) : [])].filter((f) => !entry.has(f)),
    );
    const html = decoded(await rawGet(route, { 'accept-encoding': 'br' })).toString('utf8');
    const preloads = preloadsIn(html);
    // Its own area chunk and every static import of it are preloaded…
    for (const f of own) expect(preloads, `${route} preloads ${f}`).toContain(f);
    // …and nothing else but the entry's own imports.
    for (const f of preloads)
      expect(own.has(f) || entry.has(f), `${route}: ${f} belongs to ${area} or the entry`).toBe(true);
    for (const other of AREAS.filter((a) => a !== area))
      expect(preloads, `${route} preloads nothing of ${other}`).not.toContain(m[areaKey(m, other)]!.file);
  });
});

describe('largest paint', () => {
  it("the home page's HTML preloads its first banner at high priority, and the banner image asks for it", async () => {
    const banners = (await (await fetch(`${server.url}/api/live/banners`)).json()) as { data: { image: string }[] };
    const first = banners.data[0]!.image;
    const html = decoded(await rawGet('/vlive/0', { 'accept-encoding': 'br' })).toString('utf8');
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${first}">`);
    // Other areas' pages do not fetch the home page's banner.
    expect(decoded(await rawGet('/live/hot')).toString('utf8')).not.toContain(first);

    const page = await newPhonePage(browser);
    await page.goto(server.url + '/vlive/0');
    const img = page.locator('.vl-banner img').first();
    await img.waitFor({ timeout: 30_000 });
    expect(await img.getAttribute('fetchpriority')).toBe('high');
    expect(await img.getAttribute('loading')).toBe('eager');
    // Covers and crests carry their size, so nothing moves when they arrive.
    await page.waitForSelector('[data-room-id] img');
    for (const el of await page.locator('[data-room-id] img').all()) {
      expect(await el.getAttribute('width')).toBeTruthy();
      expect(await el.getAttribute('height')).toBeTruthy();
    }
    await page.context().close();
  });
});

// --- in Chromium ---------------------------------------------------------------------------------

/** Pretends the Network Information API reports this connection (Chromium reports the real one). */
async function withConnection(page: Page, connection: { effectiveType: string; saveData: boolean }): Promise<void> {
  await page.addInitScript((c) => {
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => c });
  }, connection);
}

async function loadAndSettle(page: Page, route: string): Promise<void> {
  await page.goto(server.url + route);
  await page.waitForSelector('[data-match-id]', { timeout: 30_000 });
  await page.waitForLoadState('load');
  // Idle prefetch runs after the load event, at the first idle period.
  await page.waitForTimeout(2500);
}

describe('what a phone loads', () => {
  it('runs no script of another area on /live/hot; prefetches the tab areas on a fast connection only', async () => {
    const m = manifest();
    const live = closure(m, areaKey(m, 'live'));
    const others = new Set(
      AREAS.filter((a) => a !== 'live').flatMap((a) => [...closure(m, areaKey(m, a))].filter((f) => !live.has(f))),
    );
    const page = await newPhonePage(browser);
    await withConnection(page, { effectiveType: '4g', saveData: false });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.slice(1));
    });
    await loadAndSettle(page, '/live/hot');
    expect(scripts.filter((s) => others.has(s))).toEqual([]);
    const prefetched = await page.$$eval('link[rel="prefetch"]', (ls) =>
      ls.map((l) => new URL((l as HTMLLinkElement).href).pathname.slice(1)),
    );
    expect(prefetched).toContain(m[areaKey(m, 'vlive')]!.file);
    expect(prefetched).toContain(m[areaKey(m, 'user')]!.file);
    // Prefetch links only: none of those files ran as a script.
    expect(scripts.filter((s) => prefetched.includes(s))).toEqual([]);
    await page.context().close();

    // The spec's rule: no prefetch at all on 2G or with data saver.
    for (const connection of [
      { effectiveType: '2g', saveData: false },
      { effectiveType: '4g', saveData: true },
    ]) {
      const slow = await newPhonePage(browser);
      await withConnection(slow, connection);
      const slowScripts: string[] = [];
      slow.on('request', (r) => {
        if (r.resourceType() === 'script') slowScripts.push(new URL(r.url()).pathname.slice(1));
      });
      await loadAndSettle(slow, '/live/hot');
      expect(await slow.locator('link[rel="prefetch"]').count(), JSON.stringify(connection)).toBe(0);
      expect(slowScripts.filter((f) => others.has(f))).toEqual([]);
      await slow.context().close();
    }
  });

  it('first screens: lang zh-CN, every control named, tap targets of at least 44 px', async () => {
    const page = await newPhonePage(browser);
    for (const [route, ready] of [
      ['/live/hot', '[data-match-id]'],
      ['/vlive/0', '[data-room-id]'],
    ] as const) {
      await page.goto(server.url + route);
      await page.waitForSelector(ready, { timeout: 30_000 });
      expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
      const problems = await page.evaluate(() => {
        const out: string[] = [];
        const controls = document.querySelectorAll<HTMLElement>('a[href], button, [role="button"], [role="link"]');
        for (const el of controls) {
          const r = el.getBoundingClientRect();
          // On the first screen only (the rest is judged when scrolled to, by the same rule).
          if (r.width === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
          const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
          const label = `${el.tagName.toLowerCase()}.${el.className} "${name.slice(0, 20)}"`;
          if (!name) out.push(`${label}: no name`);
          if (r.width < 44 || r.height < 44) out.push(`${label}: ${Math.round(r.width)}×${Math.round(r.height)}`);
        }
        return out;
      });
      expect(problems, route).toEqual([]);
      await screenshot(page, `first-load-${route.replace(/\//g, '-').slice(1)}`);
    }
    await page.context().close();
  });
});

describe('second visit', () => {
  it('paints the home rooms and the hot rows from the service worker and the offline store, with the server gone', async () => {
    const ctx = await newPhoneContext(browser);
    const failed: string[] = [];
    ctx.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)));
    ctx.on('requestfailed', (r) => failed.push(`${r.failure()?.errorText} ${r.url()}`));
    const first = await ctx.newPage();
    await first.goto(server.url + '/vlive/0');
    await first.waitForSelector('[data-room-id]', { timeout: 30_000 });
    // Bounded, and on failure it says where the worker stopped: once (2026-11-25, from 00:40 北京时间
    // for a while) `ready` never resolved here, and the cause was not found.
    const ready = await first.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => 'ready'),
        new Promise<string>((r) => setTimeout(r, 30_000)).then(async () => {
          const regs = await navigator.serviceWorker.getRegistrations();
          return JSON.stringify(regs.map((g) => [g.installing?.state, g.waiting?.state, g.active?.state]));
        }),
      ]),
    );
    expect(ready, `service worker not ready: registrations ${ready}, failed requests ${failed.join('; ')}`).toBe(
      'ready',
    );
    await first.goto(server.url + '/live/hot');
    await first.waitForSelector('[data-match-id]', { timeout: 30_000 });
    // The server's HTML shows the rows before the page's code has run and the core has fetched the
    // list: the visit ends once the core's offline store holds the hot list (a tab closed sooner
    // leaves nothing for the next visit offline), not at the first rows.
    // What the offline paint reads: each sport's last hot list, written just after its answer (a
    // tab closed sooner left an empty 热门 offline: this wait returned at once until 2026-11-28, see
    // waitForOfflineEntry, and the test failed whenever the tab closed first).
    for (const sport of ['zq', 'lq']) await waitForOfflineEntry(first, `sport="${sport}"&tab="hot"`);
    await first.close();

    // No network answers from here on; the core's SharedWorker ends with its last tab.
    await server.stop();
    await new Promise((r) => setTimeout(r, 1500));

    const again = await ctx.newPage();
    await again.goto(server.url + '/vlive/0');
    await again.waitForSelector('[data-room-id]', { timeout: 15_000 });
    expect(await again.locator('[data-room-id]').count()).toBeGreaterThan(3);
    expect(await again.locator('.vl-tab').count()).toBeGreaterThan(1);
    await screenshot(again, 'first-load-offline-vlive');
    // Bounded at 30 s like the online waits: twice in CI (2026-11-27, -28) no row came within 15 s
    // here, while /vlive/0 had just painted from the same store. 15 s is the core's RPC timeout
    // (RPC_TIMEOUT_MS), so a call to a SharedWorker that is going away with the last page is the
    // suspect; the time it took is printed to tell a slow paint from none.
    const hotAt = Date.now();
    await again.goto(server.url + '/live/hot');
    await again.waitForSelector('[data-match-id] [data-score]', { timeout: 30_000 });
    console.log(`offline /live/hot: rows ${Date.now() - hotAt} ms after the navigation`);
    expect(await again.locator('[data-match-id]').count()).toBeGreaterThan(3);
    await screenshot(again, 'first-load-offline-live-hot');
    await ctx.close();
  });
});
