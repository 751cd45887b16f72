/**
 * League tables (the /database pages): the server computes a table on each call, live while a
 * match of the league is in play. A table on screen watches its sport's topic through the one
 * socket; a score or status change of a match in that league re-fetches it (coalesced), so the
 * table moves within a second of a goal. A table is dropped when its last subscriber leaves.
 */
import { BehaviorSubject, Observable } from 'rxjs';
import { Code } from '../../protocol/codes';
import { DatabasePaths, type Standings } from '../../protocol/api/database';
import type { Match } from '../../protocol/live';
import type { ParsedTopic } from '../../protocol/topics';
import { streamKeyId, type StandingsValue, type StreamKey } from '../api';
import type { Kernel, StreamBuilders } from '../kernel';
import { sportTopic } from './matches';

type TableKey = Extract<StreamKey, { kind: 'standings' }>;

/** Goals in one burst (a dev event, two leagues' goals in one tick) cost one fetch. */
const REFETCH_MS = 120;

interface TableSource {
  key: TableKey;
  out$: BehaviorSubject<StandingsValue>;
  /** Last score/status seen per match of the league, to ignore minute-only updates. */
  seen: Map<number, string>;
  pending: boolean;
  inFlight: boolean;
  again: boolean;
}

export interface StandingsModule {
  readonly streams: Pick<StreamBuilders, 'standings'>;
  /** A match row from the socket (any league). */
  onMatch(m: Match): void;
}

export function createStandingsModule(kernel: Kernel): StandingsModule {
  const tables = new Map<string, TableSource>();

  async function load(t: TableSource): Promise<void> {
    if (t.inFlight) {
      t.again = true;
      return;
    }
    t.inFlight = true;
    try {
      const env = await kernel.request<Standings>({
        path: DatabasePaths.standings,
        params: { id: t.key.leagueId },
        query: { scope: t.key.scope },
        silent: true,
      });
      if (tables.get(streamKeyId(t.key)) !== t) return;
      if (env.code === Code.OK) t.out$.next({ standings: env.data, loading: false, code: env.code, msg: '' });
      else t.out$.next({ ...t.out$.value, loading: false, code: env.code, msg: env.msg });
    } finally {
      t.inFlight = false;
      if (t.again) {
        t.again = false;
        void load(t);
      }
    }
  }

  function schedule(t: TableSource): void {
    if (t.pending) return;
    t.pending = true;
    kernel.timers.setTimeout(() => {
      t.pending = false;
      if (tables.get(streamKeyId(t.key)) === t) void load(t);
    }, REFETCH_MS);
  }

  function tableStream(key: TableKey): Observable<StandingsValue> {
    return new Observable<StandingsValue>((sub) => {
      const id = streamKeyId(key);
      const t: TableSource = {
        key,
        out$: new BehaviorSubject<StandingsValue>({ standings: null, loading: true, code: null, msg: '' }),
        seen: new Map(),
        pending: false,
        inFlight: false,
        again: false,
      };
      tables.set(id, t);
      const unwatch = kernel.watchTopic(sportTopic(key.sport));
      const s = t.out$.subscribe((v) => sub.next(v));
      void load(t).catch((e: unknown) => kernel.log('standings load failed', e));
      return () => {
        s.unsubscribe();
        unwatch();
        if (tables.get(id) === t) tables.delete(id);
      };
    });
  }

  function onMatch(m: Match): void {
    for (const t of tables.values()) {
      if (t.key.leagueId !== m.li || t.key.sport !== m.sport) continue;
      const mark = `${m.s}:${m.score[0]}-${m.score[1]}`;
      if (t.seen.get(m.id) === mark) continue;
      t.seen.set(m.id, mark);
      schedule(t);
    }
  }

  kernel.onSnapshot(async (topic: ParsedTopic) => {
    if (topic.kind !== 'football' && topic.kind !== 'basketball') return;
    const sport = topic.kind === 'football' ? 'zq' : 'lq';
    await Promise.all([...tables.values()].filter((t) => t.key.sport === sport).map((t) => load(t)));
  });

  return { streams: { standings: tableStream }, onMatch };
}
