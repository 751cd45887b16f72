/**
 * Worker core benchmark (issue 4): the real core + coordinator, 5 simulated tabs on
 * MessageChannels (Comlink, structured clone, as in the browser), each watching all 500 live
 * matches plus the list. Score events enter as JSON text frames through the socket's message
 * handler (parse, seq/dedupe, upsert, derive, coalesce, deliver).
 *
 *   npx tsx tests/bench/worker.ts [--matches 500] [--tabs 5] [--seconds 5] [--rate 0]
 *
 * Prints: events ingested per second (max rate, tabs attached), batches per tab per second,
 * bytes per batch (JSON size of the delivered items), p95 event-to-tab latency (send of an event
 * → arrival in a tab of a batch carrying that match's state, coalesced or not).
 * --rate 0 = as fast as possible; otherwise events per second.
 */
import { performance } from 'node:perf_hooks';
import * as Comlink from 'comlink';
import type { Endpoint } from 'comlink';
import { Frame, type FootballMatch, type ServerFrame } from '../../workers/protocol/index';
import { createCore } from '../../workers/core/core';
import { createCoordinator } from '../../workers/core/coordinator';
import { createMemoryStore } from '../../workers/core/store';
import type { SocketLike } from '../../workers/core/socket';
import type { FetchLike } from '../../workers/core/rest';
import type { CorePortApi, DeliveryBatch, TabSink } from '../../workers/core/port-api';
import type { MatchView } from '../../workers/core/api';

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : def;
}
const MATCHES = arg('matches', 500);
const TABS = arg('tabs', 5);
const SECONDS = arg('seconds', 5);
const RATE = arg('rate', 0);

/** The feed side of the socket: the bench pushes text frames into the core's handler. */
class FeedSocket implements SocketLike {
  static last: FeedSocket | null = null;
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code?: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  sent = 0;
  constructor(_url: string) {
    FeedSocket.last = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.({});
      this.push(
        JSON.stringify({
          code: Frame.HELLO,
          data: { serverId: 'bench', version: 1, heartbeatMs: 10_000, idleTimeoutMs: 35_000 },
        }),
      );
    });
  }
  send(): void {
    this.sent++;
  }
  close(): void {
    this.readyState = 3;
  }
  push(text: string): void {
    this.onmessage?.({ data: text });
  }
}

const nowS = Math.floor(Date.now() / 1000);
function match(id: number, score: [number, number]): FootballMatch {
  return {
    id,
    sport: 'zq',
    li: 1 + (id % 40),
    leagueName: `联赛${id % 40}`,
    leagueColor: '#336699',
    leagueLetter: 'L',
    ot: nowS - 1800,
    home: { id: id * 2, name: `主队${id}`, logo: `/media/crest/${id * 2}.svg`, rank: 3 },
    away: { id: id * 2 + 1, name: `客队${id}`, logo: `/media/crest/${id * 2 + 1}.svg`, rank: 7 },
    score,
    jc: null,
    bd: false,
    jx: false,
    hot: false,
    isShow: true,
    hasVideo: false,
    s: 2,
    halfStart: nowS - 1800,
    half: null,
    red: [0, 0],
    yellow: [1, 0],
    corner: [3, 2],
  };
}

const ids = Array.from({ length: MATCHES }, (_, i) => 100_000 + i);
// The list snapshot the core fetches: today's 500 live matches.
const fetchList: FetchLike = async () => ({
  status: 200,
  json: async () => ({ code: 200, msg: 'success', data: ids.map((id) => match(id, [0, 0])) }),
});

function p(values: number[], q: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

async function main(): Promise<void> {
  const core = createCore({
    instanceId: 'bench',
    mode: 'shared',
    fetch: fetchList,
    baseUrl: () => 'http://bench',
    WebSocket: FeedSocket,
    store: createMemoryStore(),
    resolveSocketUrl: async () => 'ws://bench/ws',
    log: () => undefined,
  });
  const coordinator = createCoordinator({ core });

  // Per tab: batches, bytes, and per-match pending send times (for latency).
  const tabStats = Array.from({ length: TABS }, () => ({
    batches: 0,
    bytes: 0,
    items: 0,
    latencies: [] as number[],
    firstAt: 0,
    lastAt: 0,
  }));
  const pendingPerTab = Array.from({ length: TABS }, () => new Map<number, number[]>());
  let measuring = false;
  const subMatch = Array.from({ length: TABS }, () => new Map<string, number>());

  for (let t = 0; t < TABS; t++) {
    const rpc = new MessageChannel();
    const sink = new MessageChannel();
    coordinator.connect({ rpc: rpc.port2 as unknown as Endpoint, sink: sink.port2 as unknown as Endpoint });
    const stats = tabStats[t];
    const pending = pendingPerTab[t];
    const tabSink: TabSink = {
      deliver(batch: DeliveryBatch) {
        if (!measuring) return;
        const at = performance.now();
        stats.batches++;
        stats.items += batch.items.length;
        stats.bytes += JSON.stringify(batch.items).length;
        if (!stats.firstAt) stats.firstAt = at;
        stats.lastAt = at;
        for (const [subId, value] of batch.items) {
          const id = subMatch[t].get(subId);
          if (id === undefined || !value) continue;
          const times = pending.get(id);
          if (times && times.length) {
            // Everything sent for this match up to now is visible in this tab now.
            const v = value as MatchView;
            for (const s of times) stats.latencies.push(at - s);
            times.length = 0;
            void v;
          }
        }
      },
    };
    Comlink.expose(tabSink, sink.port1 as unknown as Endpoint);
    const remote = Comlink.wrap<CorePortApi>(rpc.port1 as unknown as Endpoint);
    await remote.hello({ tabId: `tab-${t}`, lockName: null, visible: true, attempt: 1 });
    await remote.subscribe(`t${t}-list`, { kind: 'matchList', sport: 'zq', tab: 'js' });
    for (const id of ids) {
      const subId = `t${t}-m${id}`;
      subMatch[t].set(subId, id);
      await remote.subscribe(subId, { kind: 'match', id, sport: 'zq' });
    }
  }
  await new Promise((r) => setTimeout(r, 300));
  const feed = FeedSocket.last;
  if (!feed) throw new Error('core did not open its socket');

  let seq = 0;
  const scores = new Map<number, [number, number]>(ids.map((id) => [id, [0, 0]]));
  const frameFor = (id: number): string => {
    const sc = scores.get(id)!;
    // Alternate goals and corrections so scores stay small and every event changes the row.
    const next: [number, number] = seq % 2 ? [sc[0] + 1, sc[1]] : [sc[0], sc[1] + 1];
    scores.set(id, next);
    const frame: ServerFrame = {
      code: Frame.EVENT,
      topic: 'football',
      seq: ++seq,
      data: { kind: 'match', match: match(id, next) },
    };
    return JSON.stringify(frame);
  };

  // Phase 1: raw ingest throughput (tabs attached, deliveries happen between chunks).
  const frames: string[] = [];
  for (let i = 0; i < 200_000; i++) frames.push(frameFor(ids[i % MATCHES]));
  // Calibration on this machine, now: JSON.parse alone of the same frames (a floor on the cost).
  const tp = performance.now();
  let sink = 0;
  for (const f of frames) sink += (JSON.parse(f) as { seq: number }).seq & 1;
  const parseRate = frames.length / ((performance.now() - tp) / 1000);
  const t0 = performance.now();
  for (const f of frames) feed.push(f);
  const ingestMs = performance.now() - t0;
  const ingestRate = frames.length / (ingestMs / 1000);
  await new Promise((r) => setTimeout(r, 300));

  // Phase 2: sustained feed for SECONDS, yielding so timers and deliveries run.
  measuring = true;
  const start = performance.now();
  let sent = 0;
  const chunk = RATE > 0 ? Math.max(1, Math.round(RATE / 200)) : 2_000;
  while (performance.now() - start < SECONDS * 1000) {
    const now = performance.now();
    for (let i = 0; i < chunk; i++) {
      const id = ids[sent % MATCHES];
      const text = frameFor(id);
      const at = performance.now();
      for (const pending of pendingPerTab) {
        let arr = pending.get(id);
        if (!arr) pending.set(id, (arr = []));
        arr.push(at);
      }
      feed.push(text);
      sent++;
    }
    const wait = RATE > 0 ? Math.max(0, (sent / RATE) * 1000 - (performance.now() - start)) : 0;
    await new Promise((r) => (wait > 0 ? setTimeout(r, wait) : setImmediate(r)));
    void now;
  }
  const elapsed = (performance.now() - start) / 1000;
  await new Promise((r) => setTimeout(r, 300));
  measuring = false;

  const perTab = tabStats.map((s) => ({
    batchesPerSec: s.batches / elapsed,
    bytesPerBatch: s.batches ? s.bytes / s.batches : 0,
    itemsPerBatch: s.batches ? s.items / s.batches : 0,
    p95: p(s.latencies, 0.95),
    p50: p(s.latencies, 0.5),
  }));
  const all = tabStats.flatMap((s) => s.latencies);
  const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`worker core benchmark — ${MATCHES} live matches, ${TABS} tabs (each watching every row + the list)`);
  console.log(`  ingest (200,000 frames, max rate):      ${fmt(ingestRate)} events/s`);
  console.log(`  calibration: JSON.parse alone:          ${fmt(parseRate)} frames/s (checksum ${sink})`);
  console.log(
    `  sustained feed:                          ${fmt(sent / elapsed)} events/s for ${fmt(elapsed, 1)} s${RATE ? ` (target ${RATE}/s)` : ''}`,
  );
  console.log(
    `  batches per tab per second:              max ${fmt(Math.max(...perTab.map((t) => t.batchesPerSec)), 1)}, mean ${fmt(perTab.reduce((a, t) => a + t.batchesPerSec, 0) / TABS, 1)}`,
  );
  console.log(
    `  bytes per batch (JSON of items):         ${fmt(perTab.reduce((a, t) => a + t.bytesPerBatch, 0) / TABS)} (≈${fmt(perTab.reduce((a, t) => a + t.itemsPerBatch, 0) / TABS)} rows)`,
  );
  console.log(
    `  event-to-tab latency:                    p50 ${fmt(p(all, 0.5), 1)} ms, p95 ${fmt(p(all, 0.95), 1)} ms`,
  );
  coordinator.dispose();
  process.exit(0);
}

void main();
