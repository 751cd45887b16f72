/**
 * Render bench page: the real football list page (/live/zq, tab 即时) over the real core, with
 * `window.bench.run()` pushing events and timing each goal from its send to the frame after its
 * row's score changed on screen.
 */
import { createRoot } from 'react-dom/client';
import { ListPage } from '../../../src/pages/live/ListPage';
import { CORE_MODE, driver } from './bench-core';

interface RunResult {
  mode: string;
  events: number;
  samples: number;
  latency: { p50: number; p95: number; p99: number; max: number };
  longTasks: { over50: number; maxMs: number; totalMs: number };
  domNodes: { max: number; end: number };
  renderedRows: number;
  frames: number;
  seconds: number;
  perSecond: Array<{ sec: number; n: number; p95: number; max: number; tasks: number[] }>;
}

const tasks: Array<[number, number]> = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
}).observe({ type: 'longtask', buffered: true });

function quantile(xs: number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

const nowAbs = () => performance.timeOrigin + performance.now();
/** Goals waiting for their row: key 'id:H-A' → absolute send time. */
const pending = new Map<string, number>();
/** [sent (page clock), latency] */
const timeline: Array<[number, number]> = [];

const observer = new MutationObserver((records) => {
  const rows = new Set<Element>();
  for (const r of records) {
    const el = (r.target.nodeType === 1 ? (r.target as Element) : r.target.parentElement)?.closest('[data-match-id]');
    if (el) rows.add(el);
  }
  const hits: number[] = [];
  for (const row of rows) {
    const key = `${row.getAttribute('data-match-id')}:${row.querySelector('[data-score]')?.textContent}`;
    const t = pending.get(key);
    if (t !== undefined) {
      pending.delete(key);
      hits.push(t);
    }
  }
  // On screen = the next frame after the DOM changed.
  if (hits.length)
    requestAnimationFrame(() => {
      const now = nowAbs();
      for (const t of hits) timeline.push([t - performance.timeOrigin, now - t]);
    });
});

function shownIds(): number[] {
  return [...document.querySelectorAll('[data-match-id]')].map((e) => Number(e.getAttribute('data-match-id')));
}

async function run(opts: { rate: number; seconds: number; visibleShare: number; scroll: boolean }): Promise<RunResult> {
  observer.observe(document.getElementById('root')!, { subtree: true, childList: true, characterData: true });
  tasks.length = 0;
  timeline.length = 0;
  pending.clear();
  let maxNodes = 0;
  let frames = 0;
  let counting = true;
  const frame = () => {
    frames++;
    if (counting) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const start = performance.now();
  // A fan scrolling: a screen down every second, turning back at the ends. A goal whose row
  // leaves the screen before it is drawn is not timed (it never reaches the screen).
  let dir = 1;
  const scroller = setInterval(() => {
    if (!opts.scroll) return;
    const max = document.documentElement.scrollHeight - innerHeight;
    if (scrollY + 700 > max) dir = -1;
    if (scrollY - 700 < 0) dir = 1;
    scrollBy(0, 700 * dir);
  }, 1000);
  const sampler = setInterval(() => {
    maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length);
    const shown = new Set(shownIds());
    for (const key of pending.keys()) if (!shown.has(Number(key.split(':')[0]))) pending.delete(key);
  }, 100);
  const events = await driver.run(opts, shownIds, (key, t) => pending.set(key, t));
  await new Promise((r) => setTimeout(r, 1000)); // the last batches land
  clearInterval(scroller);
  clearInterval(sampler);
  counting = false;
  observer.disconnect();
  const lat = timeline.map(([, l]) => l);
  const inRun = tasks.filter(([t]) => t >= start);
  const seconds = (performance.now() - start) / 1000;
  return {
    mode: CORE_MODE,
    events,
    samples: lat.length,
    latency: {
      p50: quantile(lat, 0.5),
      p95: quantile(lat, 0.95),
      p99: quantile(lat, 0.99),
      max: lat.length ? Math.max(...lat) : NaN,
    },
    longTasks: {
      over50: inRun.filter(([, d]) => d > 50).length,
      maxMs: inRun.length ? Math.max(...inRun.map(([, d]) => d)) : 0,
      totalMs: inRun.reduce((a, [, d]) => a + d, 0),
    },
    domNodes: { max: maxNodes, end: document.getElementsByTagName('*').length },
    renderedRows: shownIds().length,
    frames,
    seconds,
    perSecond: Array.from({ length: Math.ceil(opts.seconds) }, (_, sec) => {
      const inSec = ([t]: [number, number]) => t - start >= sec * 1000 && t - start < (sec + 1) * 1000;
      const xs = timeline.filter(inSec).map(([, l]) => l);
      return {
        sec,
        n: xs.length,
        p95: Math.round(quantile(xs, 0.95)),
        max: Math.round(Math.max(0, ...xs)),
        tasks: inRun.filter(inSec).map(([, d]) => Math.round(d)),
      };
    }),
  };
}

declare global {
  interface Window {
    bench: { run: typeof run; ready: () => boolean };
  }
}
window.bench = { run, ready: () => document.querySelectorAll('[data-match-id] [data-score]').length > 5 };

createRoot(document.getElementById('root')!).render(<ListPage sport="zq" type="js" />);
