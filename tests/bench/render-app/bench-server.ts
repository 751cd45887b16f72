/**
 * The bench's stand-in for the backend, inside the page: 1,000 live football matches served to
 * the real core through its injectable `fetch` and `WebSocket`, and a feed that pushes score and
 * card events as real protocol frames. Everything from the socket frame on is the app's code.
 */
import {
  Code,
  Frame,
  LivePaths,
  Topics,
  type FootballMatch,
  type ServerFrame,
  type Topic,
} from '../../../workers/protocol/index';
import type { FetchLike } from '../../../workers/core/rest';
import type { SocketLike } from '../../../workers/core/socket';

const LEAGUES = [
  ['英超', '#3d195b', 'Y'],
  ['西甲', '#ee8707', 'X'],
  ['意甲', '#008fd7', 'Y'],
  ['德甲', '#d20515', 'D'],
  ['法甲', '#091c3e', 'F'],
  ['中超', '#c8102e', 'Z'],
  ['日职联', '#e60012', 'R'],
  ['韩K联', '#00a0e9', 'H'],
] as const;
const TEAMS = [
  '阿森纳',
  '切尔西',
  '利物浦',
  '曼城',
  '热刺',
  '皇马',
  '巴萨',
  '米兰',
  '国米',
  '拜仁',
  '多特',
  '巴黎',
  '上海海港',
  '山东泰山',
  '浦和红钻',
  '全北现代',
];

export function makeMatches(n: number, nowSec: number): FootballMatch[] {
  return Array.from({ length: n }, (_, i) => {
    const lg = LEAGUES[i % LEAGUES.length];
    const s = i % 3 === 0 ? 4 : 2;
    return {
      sport: 'zq',
      id: 100_000 + i,
      li: 1 + (i % LEAGUES.length),
      leagueName: lg[0],
      leagueColor: lg[1],
      leagueLetter: lg[2],
      ot: nowSec - 1800 - (i % 40) * 60,
      home: { id: 2 * i, name: TEAMS[i % TEAMS.length], logo: '', rank: (i % 20) + 1 },
      away: { id: 2 * i + 1, name: TEAMS[(i * 7 + 3) % TEAMS.length], logo: '', rank: ((i * 3) % 20) + 1 },
      score: [i % 3, i % 2],
      jc: i % 4 === 0 ? `周日${String(i % 300).padStart(3, '0')}` : null,
      bd: i % 5 === 0,
      jx: i % 6 === 0,
      hot: i % 10 === 0,
      isShow: true,
      hasVideo: false,
      s,
      halfStart: nowSec - 60 * (5 + (i % 40)),
      half: s === 4 ? [i % 2, 0] : null,
      red: [0, 0],
      yellow: [i % 2, 0],
      corner: [i % 5, i % 4],
    } satisfies FootballMatch;
  });
}

export class BenchServer {
  readonly matches: Map<number, FootballMatch>;
  private sockets = new Set<FakeSocket>();
  private seq = 0;

  constructor(n: number) {
    this.matches = new Map(makeMatches(n, Math.floor(Date.now() / 1000)).map((m) => [m.id, m]));
  }

  readonly fetch: FetchLike = async (url) => {
    const path = new URL(url).pathname.replace(/^\/main/, '');
    const ok = (data: unknown) => ({ status: 200, json: async () => ({ code: Code.OK, msg: 'ok', data }) });
    if (path === LivePaths.zqLive || path === LivePaths.zqByDate || path === LivePaths.hotSchedule)
      return ok([...this.matches.values()]);
    if (path === LivePaths.lqList) return ok([]);
    if (path === LivePaths.follow) return ok([]);
    return { status: 200, json: async () => ({ code: Code.NOT_FOUND, msg: 'bench: no such path', data: null }) };
  };

  readonly WebSocket = ((server: BenchServer) =>
    class extends FakeSocket {
      constructor(url: string) {
        super(url, server);
      }
    })(this);

  attach(s: FakeSocket): void {
    this.sockets.add(s);
  }
  detach(s: FakeSocket): void {
    this.sockets.delete(s);
  }

  /** Applies one event and pushes it as the server would (one frame on `football`). */
  push(id: number, kind: 'goal' | 'card' | 'corner', side: 0 | 1): FootballMatch {
    const m = this.matches.get(id)!;
    const next: FootballMatch = {
      ...m,
      score: [...m.score],
      red: [...m.red],
      yellow: [...m.yellow],
      corner: [...m.corner],
    };
    if (kind === 'goal') next.score[side]++;
    else if (kind === 'card') next.yellow[side]++;
    else next.corner[side]++;
    this.matches.set(id, next);
    const frame: ServerFrame = {
      code: Frame.EVENT,
      topic: Topics.football,
      seq: ++this.seq,
      data: { kind: 'match', match: next },
    };
    const text = JSON.stringify(frame);
    for (const s of this.sockets) s.deliver(text);
    return next;
  }

  get lastSeq(): number {
    return this.seq;
  }
}

export class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code?: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;

  constructor(
    readonly url: string,
    readonly server: BenchServer,
  ) {
    server.attach(this);
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.({});
      this.deliver(
        JSON.stringify({
          code: Frame.HELLO,
          data: { serverId: 'bench', version: 1, heartbeatMs: 10_000, idleTimeoutMs: 60_000 },
        }),
      );
    }, 0);
  }

  deliver(text: string): void {
    if (this.readyState === 1) this.onmessage?.({ data: text });
  }

  send(data: string): void {
    if (data === '0') return; // heartbeat
    const frame = JSON.parse(data) as {
      code: number;
      data?: { topics?: Array<{ topic: Topic }> | Topic[]; topic?: Topic };
    };
    if (frame.code !== Frame.SUBSCRIBE) return;
    const d = frame.data ?? {};
    const raw = d.topics ?? (d.topic ? [d.topic] : []);
    for (const t of raw) {
      const topic = typeof t === 'string' ? t : t.topic;
      setTimeout(
        () =>
          this.deliver(
            JSON.stringify({ code: Frame.SUBSCRIBED, data: { topic, seq: this.server.lastSeq, replayed: 0 } }),
          ),
        0,
      );
    }
  }

  close(): void {
    this.readyState = 3;
    this.server.detach(this);
    this.onclose?.({ code: 1000 });
  }
}

export interface LoadOptions {
  rate: number;
  seconds: number;
  /** Share of events aimed at rows on screen (so enough of them can be timed). */
  visibleShare: number;
}

/**
 * Pushes `rate` events per second for `seconds`: 80 % goals, 10 % cards, 10 % corners, a share
 * of them on rows the page shows. Reports each goal with its absolute send time
 * (performance.timeOrigin + now), so the page can time it to the screen across threads.
 */
export function generateLoad(
  server: BenchServer,
  opts: LoadOptions,
  shown: () => number[],
  onGoal: (key: string, sentAtAbs: number) => void,
): Promise<number> {
  const ids = [...server.matches.keys()];
  const total = opts.rate * opts.seconds;
  const start = performance.now();
  let events = 0;
  return new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * opts.rate));
      const onScreen = shown();
      while (events < due) {
        events++;
        const visible = Math.random() < opts.visibleShare && onScreen.length > 0;
        const id = visible
          ? onScreen[Math.floor(Math.random() * onScreen.length)]
          : ids[Math.floor(Math.random() * ids.length)];
        const r = Math.random();
        const kind = r < 0.8 ? 'goal' : r < 0.9 ? 'card' : 'corner';
        const sentAt = performance.timeOrigin + performance.now();
        const m = server.push(id, kind, Math.random() < 0.5 ? 0 : 1);
        if (kind === 'goal') onGoal(`${id}:${m.score[0]}-${m.score[1]}`, sentAt);
      }
      if (events >= total) resolve(events);
      else setTimeout(tick, 10);
    };
    tick();
  });
}
