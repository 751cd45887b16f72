/**
 * First load on a phone (issue 16): Lighthouse 12 (the npm package) on Debian's Chromium against
 * the production server (built client, NODE_ENV=production, as `npm start` serves it), mobile
 * form factor with Lighthouse's default simulated throttling (slow 4G, 4× CPU).
 *
 * For each page it prints the four category scores and FCP, LCP, TBT, CLS (median of `--runs`
 * runs; the machine is shared, so one run says little), and what the first view loaded (issue 29):
 * - `req`: requests the page made until Lighthouse's run ended, without the idle prefetch of the
 *   other areas (`rel=prefetch`, fast connections only) and the service worker's own install
 *   (sw.js, workbox, its precache): those two are printed apart, as `+idle`;
 * - `KB`: bytes on the wire of those requests (Lighthouse's transfer sizes);
 * - `JS gz`: the scripts the page ran (not the core's worker script), each at its gzip size, summed.
 * Lighthouse does not see the core's SharedWorker (its script, API answers and socket): the
 * first-view test (tests/e2e/first-view.e2e.ts) counts those at the server.
 *
 * Bytes on the wire of /live/hot's first screen are counted at the TCP level, by a proxy between
 * Chromium and the server (Lighthouse does not see the core's SharedWorker: its script, its API
 * answers and its socket): everything the server sent a fresh phone (375×812, data saver on so no
 * idle prefetch) until the rows and the images on screen are there — HTML, CSS, JS, images, API
 * answers, headers included. It also prints the total 5 s later (socket frames and the rest).
 *
 *   npx tsx tests/bench/lighthouse.ts [--runs 3] [--only /live/hot,/live/zq/detail] [--bytes-only] [--verbose]
 *   DIST_DIR=/path/to/another/build npx tsx tests/bench/lighthouse.ts   (e.g. an older build)
 *
 * Aim: performance and accessibility ≥ 95, LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.02 on every page;
 * first view ≤ 30 requests and ≤ 150 KB on the wire, initial JS ≤ 90 KB gzip (issue 29).
 */
import net from 'node:net';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { embeddedUrl } from '../../workers/protocol/api/paths';
import { NewsPaths } from '../../workers/protocol/api/news';
import { launchBrowser, newPhonePage, startServer, type RunningServer } from '../helpers/e2e';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}
const RUNS = Number(argValue('runs') ?? 3);
/** Pages to run: paths, comma-separated; a path also stands for those under it (`/live/zq/detail`). */
const ONLY = argValue('only')?.split(',');
const VERBOSE = process.argv.includes('--verbose');
const BYTES_ONLY = process.argv.includes('--bytes-only');

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  firstScreenBytes: number;
  totalBytes: number;
  /** The first view's requests and bytes (no idle prefetch, no service worker install). */
  requests: number;
  bytes: number;
  /** Idle prefetch and the service worker's install, apart. */
  idleRequests: number;
  /** The scripts the page ran, at their gzip size. */
  jsGzip: number;
  failed: string[];
}

interface NetworkItem {
  url: string;
  networkRequestTime?: number;
  transferSize?: number;
  resourceType?: string;
  priority?: string;
  sessionTargetType?: string;
}

/**
 * Idle-time work that is not the first view: `<link rel=prefetch>` of the other areas (Chromium
 * fetches them as resource type Other at the lowest priority) and the service worker's install
 * (its script, workbox and the precache it fetches).
 */
function isIdleWork(r: NetworkItem): boolean {
  const path = new URL(r.url).pathname;
  if (r.sessionTargetType === 'service_worker' || path === '/sw.js' || /^\/workbox-[\w-]+\.js$/.test(path)) return true;
  return r.resourceType === 'Other' && r.priority === 'VeryLow' && path.startsWith('/assets/');
}

/** Gzip size of a script the server sends (cached by URL: built files are content-hashed). */
const gzipSizes = new Map<string, number>();
async function gzipSize(url: string): Promise<number> {
  const known = gzipSizes.get(url);
  if (known !== undefined) return known;
  const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  const size = zlib.gzipSync(body, { level: 9 }).length;
  gzipSizes.set(url, size);
  return size;
}

/** A news article's path (the first banner of 头条), for the article page. */
async function anArticlePath(server: RunningServer): Promise<string | null> {
  const res = await fetch(`${server.url}${embeddedUrl(NewsPaths.banners)}?type=1002`);
  if (!res.ok) return null;
  const body = (await res.json()) as { data?: { articleId: number; type: number }[] };
  const first = body.data?.[0];
  return first ? `/news/${first.type}/${first.articleId}` : null;
}

/** A football match id from the feed's list, for the match detail page. */
async function aMatchId(server: RunningServer): Promise<number> {
  const res = await fetch(`${server.url}/main/live/zq/list?platform=4&channelId=4`);
  const body = (await res.json()) as { data: { id: number; s: number }[] | { list: { id: number; s: number }[] } };
  const list = Array.isArray(body.data) ? body.data : body.data.list;
  const live = list.find((m) => m.s >= 2 && m.s <= 4) ?? list[0];
  if (!live) throw new Error('the feed lists no football match');
  return live.id;
}

/** Pages of another area (news) may not be delivered yet: the server answers 404 for them. */
async function answers(server: RunningServer, path: string): Promise<boolean> {
  const res = await fetch(server.url + path);
  const text = await res.text();
  return res.status === 200 && text.includes('id="root"');
}

async function runOnce(url: string, port: number): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
  const observedLcp = metrics?.observedLargestContentfulPaint ?? Infinity;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const firstScreen = requests.filter((r) => (r.networkRequestTime ?? Infinity) <= observedLcp);
  const sum = (rs: NetworkItem[]) => rs.reduce((n, r) => n + (r.transferSize ?? 0), 0);
  if (VERBOSE) {
    for (const r of requests)
      console.log(
        `    ${String(Math.round(r.networkRequestTime ?? 0)).padStart(6)} ms ${String(r.transferSize ?? 0).padStart(8)} B ${r.resourceType ?? ''} ${r.priority ?? ''} ${r.sessionTargetType ?? ''}${isIdleWork(r) ? ' idle' : ''} ${r.url}`,
      );
    console.log(`    observed LCP ${Math.round(observedLcp)} ms`);
    // Where the shifts and the largest paint come from, and what else Lighthouse flags.
    for (const id of [
      'layout-shifts',
      'largest-contentful-paint-element',
      'color-contrast',
      'target-size',
      'button-name',
      'link-name',
      'image-alt',
      'long-tasks',
      'bootup-time',
      'mainthread-work-breakdown',
    ]) {
      const items = (lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
      for (const item of items.slice(0, 8)) console.log(`    ${id}: ${JSON.stringify(item).slice(0, 400)}`);
    }
  }
  const firstView = requests.filter((r) => !isIdleWork(r));
  // The page's own scripts: the core's worker script (entry-shared / entry-dedicated) runs off the
  // page's thread and is not counted here.
  const scripts = [
    ...new Set(
      firstView
        .filter((r) => r.resourceType === 'Script' && !/\/entry-(shared|dedicated)-[\w-]+\.js$/.test(r.url))
        .map((r) => r.url),
    ),
  ];
  let jsGzip = 0;
  for (const s of scripts) jsGzip += await gzipSize(s);
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => a.id);
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as RunFigures['scores'],
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    firstScreenBytes: sum(firstScreen),
    totalBytes: sum(requests),
    requests: firstView.length,
    bytes: sum(firstView),
    idleRequests: requests.length - firstView.length,
    jsGzip,
    failed,
  };
}

/** Bytes the server sends a fresh phone for /live/hot's first screen, counted by a TCP proxy. */
async function firstScreenBytes(server: RunningServer): Promise<{ firstScreen: number; settled: number }> {
  let bytes = 0;
  const proxy = net.createServer((client) => {
    const upstream = net.connect(server.port, '127.0.0.1');
    upstream.on('data', (b: Buffer) => (bytes += b.length));
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as net.AddressInfo).port;
  const browser = await launchBrowser();
  try {
    const page = await newPhonePage(browser);
    // Data saver: the first screen only, no idle prefetch of the other tabs.
    // As a string: tsx wraps functions in a `__name` helper the page does not have.
    await page.addInitScript({
      content: `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ effectiveType: '4g', saveData: true }) });`,
    });
    await page.goto(`http://127.0.0.1:${port}/live/hot`);
    await page.waitForSelector('[data-match-id] [data-score]', { timeout: 60_000 });
    await page.waitForLoadState('load');
    await page.waitForFunction(
      () =>
        [...document.images]
          .filter((i) => {
            const r = i.getBoundingClientRect();
            return r.width > 0 && r.top < window.innerHeight && r.bottom > 0;
          })
          .every((i) => i.complete),
      undefined,
      { timeout: 30_000 },
    );
    const firstScreen = bytes;
    await page.waitForTimeout(5000);
    return { firstScreen, settled: bytes };
  } finally {
    await browser.close();
    proxy.close();
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

async function main(): Promise<void> {
  const server = await startServer();
  if (BYTES_ONLY || !ONLY || ONLY.includes('/live/hot')) {
    const samples: Array<{ firstScreen: number; settled: number }> = [];
    for (let i = 0; i < RUNS; i++) samples.push(await firstScreenBytes(server));
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    console.log(
      `/live/hot bytes on the wire (TCP, fresh phone, median of ${RUNS}): first screen ${kib(median(samples.map((x) => x.firstScreen)))}, 5 s later ${kib(median(samples.map((x) => x.settled)))}`,
    );
  }
  if (BYTES_ONLY) {
    await server.stop();
    return;
  }
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const article = await anArticlePath(server);
    const pages = [
      '/live/hot',
      '/live/zq',
      '/live/lq',
      '/vlive/0',
      '/news/1002',
      '/database',
      '/proposal/rank',
      '/user',
      `/live/zq/detail/${await aMatchId(server)}`,
      ...(article ? [article] : []),
      '/community/list',
    ];
    console.log(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, simulated throttling; median of ${RUNS} runs per page`,
    );
    const rows: string[] = [];
    for (const path of pages) {
      if (ONLY && !ONLY.some((o) => path === o || path.startsWith(`${o}/`))) continue;
      if (!(await answers(server, path))) {
        console.log(`${path}: skipped (the server does not serve this page yet)`);
        continue;
      }
      const runs: RunFigures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const figures = await runOnce(server.url + path, chrome.port);
        if (VERBOSE)
          console.log(
            `  ${path} run ${i + 1}: perf ${figures.scores.performance} a11y ${figures.scores.accessibility} LCP ${Math.round(figures.lcp)} ms CLS ${figures.cls.toFixed(3)}; below 0.9: ${figures.failed.join(', ')}`,
          );
        runs.push(figures);
      }
      const m = (f: (r: RunFigures) => number) => median(runs.map(f));
      const row =
        `| \`${path}\` | ${CATEGORIES.map((c) => m((r) => r.scores[c])).join(' | ')} | ` +
        `${(m((r) => r.fcp) / 1000).toFixed(1)} s | ${(m((r) => r.lcp) / 1000).toFixed(1)} s | ` +
        `${Math.round(m((r) => r.tbt))} ms | ${m((r) => r.cls).toFixed(3)} | ` +
        `${m((r) => r.requests)} (+${m((r) => r.idleRequests)} idle) | ${(m((r) => r.bytes) / 1024).toFixed(0)} | ` +
        `${(m((r) => r.jsGzip) / 1024).toFixed(1)} |`;
      rows.push(row);
      console.log(row);
      if (path === '/live/hot')
        console.log(
          `/live/hot bytes on the wire: first screen ${(m((r) => r.firstScreenBytes) / 1024).toFixed(1)} KiB, whole run ${(m((r) => r.totalBytes) / 1024).toFixed(1)} KiB`,
        );
    }
    console.log(
      '\n| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | req | KB | JS gz KB |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) console.log(row);
  } finally {
    chrome.kill();
    await server.stop();
  }
}

await main();
