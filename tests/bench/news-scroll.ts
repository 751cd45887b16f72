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
import { launchBrowser, startServer } from '../helpers/e2e';
import type { Page } from 'playwright-core';
import { arg, runBench, scrollRuns, summarize } from './scroll-figures';

const RUNS = arg('runs', 3);
const PX_PER_FRAME = arg('px', 60);
const ARTICLES = arg('articles', 1000);
/** Experiment: no cover images at all, to see what the images cost. */
const BLOCK_COVERS = process.argv.includes('--block-covers');
const OPS_TOKEN = 'bench-ops-token';
/** 转会: a column the demo world leaves nearly empty, so the list is (almost) only ours. */
const COLUMN = 1010;

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

async function main(): Promise<void> {
  const server = await startServer({ env: { OPS_TOKEN } });
  const browser = await launchBrowser();
  try {
    const t0 = Date.now();
    await publishAll(server.url);
    console.log(`published ${ARTICLES} articles in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const open = async (page: Page) => {
      if (BLOCK_COVERS) await page.route('**/*.svg', (route) => route.abort());
      await page.goto(`${server.url}/news/${COLUMN}`);
      await page.waitForSelector('[data-article-id]', { timeout: 60_000 });
    };
    const runs = await scrollRuns(browser, RUNS, open, {
      px: PX_PER_FRAME,
      total: ARTICLES,
      countAttr: 'data-articles',
    });
    console.log(summarize(`scrolling ${ARTICLES} articles`, runs));
  } finally {
    await browser.close();
    await server.stop();
  }
}

runBench(main);
