/**
 * What the scrolling benches measure, inside the page: long tasks (PerformanceObserver
 * 'longtask'), the DOM node count sampled every frame, and frame times, while the page itself
 * scrolls a steady `px` per frame (negative: up) until the list's count attribute reaches
 * `total` and the end (bottom, or top when scrolling up) is reached.
 */
import { execSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { newPhoneContext } from '../helpers/e2e';

/** A numeric `--name value` command-line option. */
export function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}

export interface ScrollFigures {
  longTasks: number[];
  maxNodes: number;
  frames: number;
  slowFrames: number;
  worstFrame: number;
  ms: number;
  scrolled: number;
  shown: number;
}

export interface ScrollPlan {
  /** Pixels per frame; negative scrolls up. */
  px: number;
  /** Rows the list must report before the scroll may end. */
  total: number;
  /** The attribute on the list that carries how many rows it has loaded. */
  countAttr: string;
}

/** Before the page loads: long tasks are collected from the start (tsx's `__name` helper too). */
export async function watchLongTasks(page: Page): Promise<void> {
  // tsx keeps function names with a `__name` helper the page does not have.
  await page.addInitScript('globalThis.__name = (f) => f');
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** Runs in the page (page.evaluate): scrolls until done and answers the figures of the scroll alone. */
export function scrollThrough(plan: ScrollPlan): Promise<ScrollFigures> {
  const w = window as unknown as { __longTasks: number[] };
  w.__longTasks = [];
  const frameTimes: number[] = [];
  let maxNodes = 0;
  let scrolled = 0;
  const start = performance.now();
  return new Promise((resolve, reject) => {
    let last = start;
    let stuckSince = start;
    let lastY = window.scrollY;
    const frame = (t: number) => {
      frameTimes.push(t - last);
      last = t;
      maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length);
      const shown = Number(document.querySelector(`[${plan.countAttr}]`)?.getAttribute(plan.countAttr) ?? 0);
      const atEnd =
        plan.px < 0
          ? window.scrollY <= 0
          : window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      if (shown >= plan.total && atEnd) {
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
            scrolled,
            shown,
          });
        }, 200);
        return;
      }
      if (window.scrollY !== lastY) {
        lastY = window.scrollY;
        stuckSince = t;
      } else if (t - stuckSince > 30_000) {
        reject(new Error(`no progress for 30 s at ${window.scrollY}px, ${shown} rows loaded`));
        return;
      }
      const y = window.scrollY;
      window.scrollBy(0, plan.px);
      scrolled += Math.abs(window.scrollY - y);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** One line of figures for a run. */
export function describeRun(label: string, f: ScrollFigures): string {
  const over = f.longTasks.filter((d) => d > 50);
  return (
    `${label}: ${f.shown} rows, ${Math.round(f.scrolled)} px in ${(f.ms / 1000).toFixed(1)} s · ` +
    `long tasks > 50 ms: ${over.length} (longest ${Math.max(0, ...f.longTasks)} ms; all: ${JSON.stringify(f.longTasks)}) · ` +
    `max DOM nodes ${f.maxNodes} · frames ${f.frames}, slower than 50 ms: ${f.slowFrames} (worst ${Math.round(f.worstFrame)} ms)`
  );
}

/** The summary line of all runs, with the machine's load average. */
export function summarize(what: string, runs: readonly ScrollFigures[]): string {
  const all = runs.flatMap((f) => f.longTasks);
  const load = execSync('uptime').toString().split('load average:')[1]?.trim();
  return (
    `\n${what}, ${runs.length} runs: long tasks > 50 ms ${all.filter((d) => d > 50).length} ` +
    `(longest ${Math.max(0, ...all)} ms; aim: none) · worst frame ${Math.round(Math.max(...runs.map((f) => f.worstFrame)))} ms · ` +
    `max DOM nodes ${Math.max(...runs.map((f) => f.maxNodes))} (aim ≤ 1,500) · load average ${load}`
  );
}

/** Runs a bench's main; a failure prints and exits 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}

/**
 * `count` runs, each in a fresh 375×812 context: `open` brings the list on screen, the page
 * settles for a second (the first load's tasks are not the scroll's), then scrolls by `plan`;
 * `afterRun` ends what `open` started for the run (a message storm).
 */
export async function scrollRuns(
  browser: Browser,
  count: number,
  open: (page: Page) => Promise<void>,
  plan: ScrollPlan,
  afterRun?: () => Promise<void>,
): Promise<ScrollFigures[]> {
  const runs: ScrollFigures[] = [];
  for (let r = 0; r < count; r++) {
    const ctx = await newPhoneContext(browser);
    const page = await ctx.newPage();
    await watchLongTasks(page);
    await open(page);
    await page.waitForTimeout(1_000);
    const f = await page.evaluate(scrollThrough, plan);
    await afterRun?.();
    runs.push(f);
    console.log(describeRun(`run ${r + 1}`, f));
    await ctx.close();
  }
  return runs;
}
