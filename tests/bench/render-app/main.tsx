/**
 * Render bench page: the real football list page (/live/zq, tab 即时) over the real core, with
 * `window.bench.run()` pushing events and measuring event-to-screen latency in the page.
 */
import { createRoot } from 'react-dom/client';
import { ListPage } from '../../../src/pages/live/ListPage';
import { server } from './bench-core';

interface RunResult {
  events: number;
  samples: number;
  latency: { p50: number; p95: number; p99: number; max: number };
  longTasks: { count: number; over50: number; maxMs: number; totalMs: number };
  domNodes: { max: number; end: number };
  renderedRows: number;
  frames: number;
  seconds: number;
}

const longTasks: number[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longTasks.push(e.duration);
}).observe({ type: 'longtask', buffered: true });

function quantile(xs: number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

/** Event sent at performance.now() = t, waiting for its row's score to read `text`. */
const pending = new Map<string, number>();
const latencies: number[] = [];
const observer = new MutationObserver((records) => {
  const seen = new Set<Element>();
  for (const r of records) {
    const el = (r.target.nodeType === 1 ? (r.target as Element) : r.target.parentElement)?.closest('[data-match-id]');
    if (el) seen.add(el);
  }
  if (!seen.size) return;
  const committed: Array<[string, number]> = [];
  for (const row of seen) {
    const id = row.getAttribute('data-match-id');
    const score = row.querySelector('[data-score]')?.textContent;
    const key = `${id}:${score}`;
    const t = pending.get(key);
    if (t !== undefined) {
      pending.delete(key);
      committed.push([key, t]);
    }
  }
  // "On screen" = the next frame after the DOM changed.
  if (committed.length)
    requestAnimationFrame(() => {
      const now = performance.now();
      for (const [, t] of committed) latencies.push(now - t);
    });
});

function renderedIds(): number[] {
  return [...document.querySelectorAll('[data-match-id]')].map((e) => Number(e.getAttribute('data-match-id')));
}

async function run(opts: { rate: number; seconds: number; visibleShare: number }): Promise<RunResult> {
  observer.observe(document.getElementById('root')!, { subtree: true, childList: true, characterData: true });
  longTasks.length = 0;
  latencies.length = 0;
  pending.clear();
  const ids = [...server.matches.keys()];
  let events = 0;
  let maxNodes = 0;
  let frames = 0;
  let counting = true;
  const countFrames = () => {
    frames++;
    if (counting) requestAnimationFrame(countFrames);
  };
  requestAnimationFrame(countFrames);
  const start = performance.now();
  const total = opts.rate * opts.seconds;
  let scrollDir = 1;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - start;
      const due = Math.min(total, Math.floor((elapsed / 1000) * opts.rate));
      const shown = renderedIds();
      while (events < due) {
        events++;
        const onScreen = Math.random() < opts.visibleShare && shown.length > 0;
        const id = onScreen
          ? shown[Math.floor(Math.random() * shown.length)]
          : ids[Math.floor(Math.random() * ids.length)];
        const r = Math.random();
        const kind = r < 0.8 ? 'goal' : r < 0.9 ? 'card' : 'corner';
        const side = Math.random() < 0.5 ? 0 : 1;
        const sentAt = performance.now();
        const m = server.push(id, kind, side);
        if (kind === 'goal') pending.set(`${id}:${m.score[0]}-${m.score[1]}`, sentAt);
      }
      maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length);
      // A fan scrolling: a screen down every second, turning back at the ends.
      if (Math.floor(elapsed / 1000) !== Math.floor((elapsed - 10) / 1000)) {
        const max = document.documentElement.scrollHeight - innerHeight;
        if (scrollY + 700 > max) scrollDir = -1;
        if (scrollY - 700 < 0) scrollDir = 1;
        scrollBy(0, 700 * scrollDir);
      }
      if (events >= total) resolve();
      else setTimeout(tick, 10);
    };
    tick();
  });
  await new Promise((r) => setTimeout(r, 1000)); // let the last batches land
  counting = false;
  observer.disconnect();
  return {
    events,
    samples: latencies.length,
    latency: {
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      p99: quantile(latencies, 0.99),
      max: Math.max(...latencies),
    },
    longTasks: {
      count: longTasks.length,
      over50: longTasks.filter((d) => d > 50).length,
      maxMs: longTasks.length ? Math.max(...longTasks) : 0,
      totalMs: longTasks.reduce((a, b) => a + b, 0),
    },
    domNodes: { max: maxNodes, end: document.getElementsByTagName('*').length },
    renderedRows: renderedIds().length,
    frames,
    seconds: (performance.now() - start) / 1000,
  };
}

declare global {
  interface Window {
    bench: { run: typeof run; ready: () => boolean };
  }
}
window.bench = { run, ready: () => document.querySelectorAll('[data-match-id] [data-score]').length > 5 };

createRoot(document.getElementById('root')!).render(<ListPage sport="zq" type="js" />);
