/**
 * Render benchmark (issue 5): the football list page with 1,000 live matches, 200 score/card
 * events per second for 20 s, in Chromium at 375×812. The page is the app's real list page over
 * the app's real core, coordinator and tab client; only the backend is replaced by an in-page
 * stand-in (tests/bench/render-app/bench-server.ts) so the match count and event rate are exact.
 *
 * Prints: long tasks over 50 ms (aim: none), p95 event-to-screen latency (aim ≤ 150 ms), DOM
 * node count (aim ≤ 1,500).
 *
 *   npx tsx tests/bench/render.ts [--rate 200] [--seconds 20] [--inline] [--verbose]
 *
 * The core runs in a dedicated Worker as in the app (SharedWorker / leader Worker); `--inline`
 * runs it in the tab (the app's last-resort mode) to show the worst case for the main thread.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '../..');
const APP = path.join(ROOT, 'tests/bench/render-app');

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}

async function buildBench(outDir: string): Promise<void> {
  await build({
    root: APP,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: {
      // The app's tab client, wired to the in-page backend instead of a SharedWorker + network.
      alias: [{ find: /^\.\/get-core$/, replacement: path.join(APP, 'bench-core.ts') }],
    },
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: true, chunkSizeWarningLimit: 4096 },
  });
}

function serve(dir: string, mode: string): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const srv = http.createServer((req, res) => {
    const p = decodeURIComponent((req.url ?? '/').split('?')[0]);
    let file = path.join(dir, p);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory())
      file = path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}/live/zq?core=${mode}`,
        close: () => new Promise((r) => srv.close(() => r())),
      });
    }),
  );
}

async function main() {
  const rate = arg('rate', 200);
  const seconds = arg('seconds', 20);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-render-bench-'));
  await buildBench(out);
  const mode = process.argv.includes('--inline') ? 'inline' : 'worker';
  const web = await serve(out, mode);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(web.url);
    await page.waitForFunction(() => window.bench?.ready(), null, { timeout: 30_000 });
    const listed = await page.evaluate(() => Number(document.querySelector('[data-rows]')?.getAttribute('data-rows')));
    const cdp = process.argv.includes('--profile') ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    const r = await page.evaluate((o) => window.bench.run(o), {
      rate,
      seconds,
      visibleShare: 0.25,
      scroll: !process.argv.includes('--no-scroll'),
    });
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      // Self time per function, top 25: where the main thread goes.
      const self = new Map<string, number>();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const dt = profile.timeDeltas ?? [];
      (profile.samples ?? []).forEach((id, i) => {
        const n = byId.get(id)!;
        const cf = n.callFrame;
        const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
      });
      for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
        console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
    }
    const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
    console.log(
      `render bench: ${listed} live matches in the list, ${r.events} events at ${rate}/s over ${r.seconds.toFixed(1)} s, core in ${r.mode === 'worker' ? 'a Worker' : 'the tab'} (Chromium ${browser.version()}, 375×812)`,
    );
    console.log(
      `  long tasks > 50 ms : ${r.longTasks.over50} (longest ${fmt(r.longTasks.maxMs)} ms, total ${fmt(r.longTasks.totalMs)} ms)`,
    );
    console.log(
      `  event → screen     : p50 ${fmt(r.latency.p50)} ms, p95 ${fmt(r.latency.p95)} ms, p99 ${fmt(r.latency.p99)} ms, max ${fmt(r.latency.max)} ms (${r.samples} on-screen goals)`,
    );
    console.log(
      `  DOM nodes          : max ${r.domNodes.max}, at end ${r.domNodes.end} (${r.renderedRows} rows rendered)`,
    );
    console.log(`  frames             : ${r.frames} (${(r.frames / r.seconds).toFixed(0)} fps)`);
    if (process.argv.includes('--verbose'))
      for (const s of r.perSecond)
        console.log(`  t=${s.sec}s goals=${s.n} p95=${s.p95} max=${s.max} long=${s.tasks.join(',')}`);
    if (errors.length) console.log(`  page errors: ${errors.join(' | ')}`);
  } finally {
    await browser.close();
    await web.close();
    fs.rmSync(out, { recursive: true, force: true });
  }
}

await main();
