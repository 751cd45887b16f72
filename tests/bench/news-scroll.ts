/**
 * Scrolling 1,000 articles (issue 12): the real server (built client, temp PGlite) with 1,000
 * articles published through the operator API into one column, /news/1010 in Chromium at
 * 375×812, scrolled from top to bottom by the page itself (a steady fling of `--px` pixels per
 * frame, infinite scroll loading page after page by cursor) until every article has been shown.
 *
 * Everything is measured inside the page: long tasks (PerformanceObserver 'longtask') during the
 * scroll only (not the first load), the DOM node count sampled every frame, frame times.
 *
 * Prints: long tasks > 50 ms (aim: none) with the longest, max DOM nodes (aim ≤ 1,500), frames
 * slower than 50 ms, the scroll's duration and distance.
 *
 *   npx tsx tests/bench/news-scroll.ts [--runs 3] [--px 60] [--articles 1000] [--block-covers]
 *
 * `--block-covers` loads no cover images: what the list costs without them. Measured at load ~20
 * on 2 cores: SVG covers 29 and 61 long tasks (longest 273 ms), blocked 8 and 4, JPEG covers 20
 * (first run, covers drawn cold on the server) and 0; DOM nodes 320 at most.
 */
import { launchBrowser, newPhoneContext, startServer } from '../helpers/e2e';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}
const RUNS = arg('runs', 3);
const PX_PER_FRAME = arg('px', 60);
const ARTICLES = arg('articles', 1000);
/** Experiment: no cover images at all, to see what the images cost. */
const BLOCK_COVERS = process.argv.includes('--block-covers');
const OPS_TOKEN = 'bench-ops-token';
/** 转会: a column the demo world leaves nearly empty, so the list is (almost) only ours. */
const COLUMN = 1010;

interface ScrollFigures {
  longTasks: number[];
  maxNodes: number;
  frames: number;
  slowFrames: number;
  worstFrame: number;
  ms: number;
  scrolled: number;
  shown: number;
}

async function publishAll(url: string): Promise<void> {
  for (let i = 0; i < ARTICLES; i += 25) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(25, ARTICLES - i) }, async (_, k) => {
        const res = await fetch(`${url}/main/ops/news/publish`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-ops-token': OPS_TOKEN },
          body: JSON.stringify({
            title: `转会快讯第 ${i + k + 1} 条：中场核心续约谈判进入最后阶段`,
            type: COLUMN,
            author: '转会前线',
            tags: ['转会'],
            body: `第 ${i + k + 1} 条转会快讯的正文。`,
            publishedAt: Date.now() - (i + k) * 60_000,
          }),
        });
        return ((await res.json()) as { code: number; msg: string }).code;
      }),
    );
    if (answers.some((c) => c !== 200)) throw new Error(`publish refused: ${answers.join(',')}`);
  }
}

/** Runs in the page: scrolls by `px` per frame until `total` articles are loaded and the end is reached. */
function scrollThrough([px, total]: [number, number]): Promise<ScrollFigures> {
  const w = window as unknown as { __longTasks: number[] };
  w.__longTasks = [];
  const frameTimes: number[] = [];
  let maxNodes = 0;
  const start = performance.now();
  const startY = window.scrollY;
  return new Promise((resolve, reject) => {
    let last = start;
    let stuckSince = start;
    let lastY = window.scrollY;
    const frame = (t: number) => {
      frameTimes.push(t - last);
      last = t;
      maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length);
      const shown = Number(document.querySelector('[data-articles]')?.getAttribute('data-articles') ?? 0);
      const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      if (shown >= total && atEnd) {
        // Let the observer deliver the last entries before reading them.
        setTimeout(() => {
          const slow = frameTimes.filter((f) => f > 50);
          resolve({
            longTasks: w.__longTasks.slice(),
            maxNodes,
            frames: frameTimes.length,
            slowFrames: slow.length,
            worstFrame: Math.max(0, ...frameTimes),
            ms: performance.now() - start,
            scrolled: window.scrollY - startY,
            shown,
          });
        }, 200);
        return;
      }
      if (window.scrollY !== lastY) {
        lastY = window.scrollY;
        stuckSince = t;
      } else if (t - stuckSince > 30_000) {
        reject(new Error(`no progress for 30 s at ${window.scrollY}px, ${shown} articles shown`));
        return;
      }
      window.scrollBy(0, px);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

async function main(): Promise<void> {
  const server = await startServer({ env: { OPS_TOKEN } });
  const browser = await launchBrowser();
  try {
    const t0 = Date.now();
    await publishAll(server.url);
    console.log(`published ${ARTICLES} articles in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const runs: ScrollFigures[] = [];
    for (let r = 0; r < RUNS; r++) {
      const ctx = await newPhoneContext(browser);
      const page = await ctx.newPage();
      // tsx keeps function names with a `__name` helper the page does not have.
      await page.addInitScript('globalThis.__name = (f) => f');
      await page.addInitScript(() => {
        const w = window as unknown as { __longTasks: number[] };
        w.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__longTasks.push(Math.round(e.duration));
        }).observe({ type: 'longtask', buffered: true });
      });
      if (BLOCK_COVERS) await page.route('**/*.svg', (route) => route.abort());
      await page.goto(`${server.url}/news/${COLUMN}`);
      await page.waitForSelector('[data-article-id]', { timeout: 60_000 });
      // Settle after the first load (parsing, the core starting) so its tasks are not the scroll's.
      await page.waitForTimeout(1_000);
      const f = await page.evaluate(scrollThrough, [PX_PER_FRAME, ARTICLES] as [number, number]);
      runs.push(f);
      const over = f.longTasks.filter((d) => d > 50);
      console.log(
        `run ${r + 1}: ${f.shown} articles, ${Math.round(f.scrolled)} px in ${(f.ms / 1000).toFixed(1)} s · ` +
          `long tasks > 50 ms: ${over.length} (longest ${Math.max(0, ...f.longTasks)} ms; all: ${JSON.stringify(f.longTasks)}) · ` +
          `max DOM nodes ${f.maxNodes} · frames ${f.frames}, slower than 50 ms: ${f.slowFrames} (worst ${Math.round(f.worstFrame)} ms)`,
      );
      await ctx.close();
    }
    const all = runs.flatMap((f) => f.longTasks);
    console.log(
      `\nscrolling ${ARTICLES} articles, ${RUNS} runs: long tasks > 50 ms ${all.filter((d) => d > 50).length} ` +
        `(longest ${Math.max(0, ...all)} ms; aim: none) · max DOM nodes ${Math.max(...runs.map((f) => f.maxNodes))} (aim ≤ 1,500)`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
