/**
 * Match detail: header with incidents, text live, stats and odds boards of one match, loaded on
 * demand and kept current from the match topic; odds history on request. A detail lives while a
 * tab shows any part of it, and holds its row in the match store meanwhile.
 */
import { Observable, Subject } from 'rxjs';
import { Code } from '../../protocol/codes';
import { LivePaths } from '../../protocol/api/live';
import type {
  Incident,
  MatchEvent,
  OddsBoard,
  OddsRow,
  OddsType,
  Sport,
  StatEntry,
  TextLiveLine,
} from '../../protocol/live';
import { Topics, type ParsedTopic } from '../../protocol/topics';
import { textLiveNewestFirst } from '../../protocol/text-live-order';
import type { LiveHandlers, MatchDetailValue, OddsBoardView, StatsValue, TextLiveValue } from '../api';
import { oddsBoardView, oddsRowView } from '../derive';
import { exhaustive } from '../exhaustive';
import type { Kernel, StreamBuilders } from '../kernel';
import { headerMatch, type MatchStore } from './matches';
import { listOf } from './list-of';

/** What the match topic carries besides the row itself (which goes to the match store). */
export type DetailEvent = Exclude<MatchEvent, { kind: 'match' }>;
type Part = 'header' | 'text' | 'stats' | OddsType;
type Changed = 'header' | 'text' | 'stats' | 'odds';

interface DetailState {
  sport: Sport;
  incidents: Incident[];
  text: TextLiveLine[];
  stats: StatEntry[];
  odds: Map<OddsType, OddsBoard>;
  loaded: Set<'header' | 'text' | 'stats' | `odds${OddsType}`>;
  changed$: Subject<Changed>;
  refs: number;
  release: () => void;
}

export interface MatchDetailModule {
  readonly streams: Pick<StreamBuilders, 'matchDetail' | 'textLive' | 'stats' | 'odds'>;
  readonly handlers: Pick<LiveHandlers, 'oddsHistory'>;
  onEvent(event: DetailEvent): void;
  /** An incident arrived with a score event: the open detail shows it at once. */
  addIncident(inc: Incident): void;
  footprint(): { details: number };
}

export function createMatchDetailModule(kernel: Kernel, store: MatchStore): MatchDetailModule {
  const details = new Map<number, DetailState>();

  function hold(matchId: number, sport: Sport): DetailState {
    let d = details.get(matchId);
    if (!d) {
      store.retain(matchId);
      const unwatch = kernel.watchTopic(Topics.match(matchId));
      d = {
        sport,
        incidents: [],
        text: [],
        stats: [],
        odds: new Map(),
        loaded: new Set(),
        changed$: new Subject(),
        refs: 0,
        release: () => {
          unwatch();
          store.release(matchId);
        },
      };
      details.set(matchId, d);
    }
    d.refs++;
    return d;
  }

  function letGo(matchId: number, d: DetailState): void {
    if (--d.refs > 0 || details.get(matchId) !== d) return;
    details.delete(matchId);
    d.release();
  }

  async function loadPart(matchId: number, d: DetailState, part: Part): Promise<void> {
    const zq = d.sport === 'zq';
    const params = { id: matchId };
    if (part === 'header') {
      const env = await store.fetchHeader(matchId, d.sport, false);
      const m = headerMatch(env);
      if (m) store.upsert(m, true);
      if (env.code === Code.OK && env.data && typeof env.data === 'object' && 'incidents' in env.data)
        d.incidents = listOf<Incident>(env.data, 'incidents');
      d.loaded.add('header');
      d.changed$.next('header');
    } else if (part === 'text') {
      const env = await kernel.request<unknown>({ path: zq ? LivePaths.zqTextLive : LivePaths.lqTextLive, params });
      if (env.code === Code.OK) d.text = textLiveNewestFirst(listOf<TextLiveLine>(env.data, 'lines'));
      d.loaded.add('text');
      d.changed$.next('text');
    } else if (part === 'stats') {
      const env = await kernel.request<unknown>({ path: zq ? LivePaths.zqStats : LivePaths.lqStats, params });
      if (env.code === Code.OK) d.stats = listOf<StatEntry>(env.data, 'stats');
      d.loaded.add('stats');
      d.changed$.next('stats');
    } else {
      const env = await kernel.request<OddsBoard>({
        path: zq ? LivePaths.zqOdds : LivePaths.lqOdds,
        params,
        query: { type: part },
      });
      if (env.code === Code.OK && env.data && Array.isArray(env.data.companies)) d.odds.set(part, env.data);
      d.loaded.add(`odds${part}`);
      d.changed$.next('odds');
    }
  }

  function detailStream<V>(matchId: number, sport: Sport, part: Part, project: (d: DetailState) => V): Observable<V> {
    return new Observable<V>((sub) => {
      const d = hold(matchId, sport);
      const want: Changed = typeof part === 'number' ? 'odds' : part;
      const emit = () => sub.next(project(d));
      const s = d.changed$.subscribe((what) => {
        if (what === want) emit();
      });
      // The header follows its row: a score event or a minute tick re-emits it.
      const rows =
        part === 'header' ? store.streams.match({ kind: 'match', id: matchId, sport }).subscribe(emit) : null;
      emit();
      void loadPart(matchId, d, part).catch((e: unknown) => kernel.log('detail load failed', e));
      return () => {
        s.unsubscribe();
        rows?.unsubscribe();
        letGo(matchId, d);
      };
    });
  }

  function applyOdds(event: Extract<DetailEvent, { kind: 'odds' }>): void {
    const d = details.get(event.matchId);
    const board = d?.odds.get(event.type);
    if (!d || !board) return;
    const i = board.companies.findIndex((c) => c.companyId === event.row.companyId);
    const companies = board.companies.slice();
    if (i >= 0) companies[i] = { ...companies[i], live: event.row };
    else companies.push({ companyId: event.row.companyId, nameZh: event.row.nameZh, open: event.row, live: event.row });
    d.odds.set(event.type, { ...board, companies });
    d.changed$.next('odds');
  }

  kernel.onSnapshot(async (topic: ParsedTopic) => {
    if (topic.kind !== 'match') return;
    const d = details.get(topic.matchId);
    if (!d) return;
    const parts: Part[] = ['header'];
    if (d.loaded.has('text')) parts.push('text');
    if (d.loaded.has('stats')) parts.push('stats');
    for (const t of [1, 2, 3] as const) if (d.loaded.has(`odds${t}`)) parts.push(t);
    await Promise.all(parts.map((part) => loadPart(topic.matchId, d, part)));
  });

  async function oddsHistory(matchId: number, type: OddsType, companyId: number) {
    const env = await kernel.request<OddsRow[]>({
      path: LivePaths.zqOddsHistory,
      params: { id: matchId },
      query: { type, companyId },
    });
    if (env.code !== Code.OK) return [];
    const rows = listOf<OddsRow>(env.data);
    const sport = details.get(matchId)?.sport ?? 'zq';
    return rows.map((r, i) => oddsRowView(sport, type, r, rows[i + 1]));
  }

  return {
    streams: {
      matchDetail: (key) =>
        detailStream(key.matchId, key.sport, 'header', (d): MatchDetailValue => ({
          match: store.view(key.matchId),
          incidents: d.incidents,
          loading: !d.loaded.has('header'),
        })),
      textLive: (key) =>
        detailStream(key.matchId, key.sport, 'text', (d): TextLiveValue => ({
          lines: d.text,
          loading: !d.loaded.has('text'),
        })),
      stats: (key) =>
        detailStream(key.matchId, key.sport, 'stats', (d): StatsValue => ({
          stats: d.stats,
          loading: !d.loaded.has('stats'),
        })),
      odds: (key) =>
        detailStream(key.matchId, key.sport, key.type, (d): OddsBoardView => {
          const board = d.odds.get(key.type);
          const loading = !d.loaded.has(`odds${key.type}`);
          return board
            ? oddsBoardView(key.sport, board, loading)
            : { matchId: key.matchId, sport: key.sport, type: key.type, companies: [], loading };
        }),
    },
    handlers: { oddsHistory },
    onEvent(event) {
      switch (event.kind) {
        case 'text': {
          const d = details.get(event.line.matchId);
          if (d && !d.text.some((l) => l.id === event.line.id)) {
            d.text = [event.line, ...d.text];
            d.changed$.next('text');
          }
          return;
        }
        case 'stats': {
          const d = details.get(event.matchId);
          if (d) {
            d.stats = event.stats;
            d.changed$.next('stats');
          }
          return;
        }
        case 'odds':
          return applyOdds(event);
        default:
          return exhaustive(event);
      }
    },
    addIncident(inc) {
      const d = details.get(inc.matchId);
      if (!d) return;
      const i = d.incidents.findIndex((x) => x.id === inc.id);
      if (i < 0) d.incidents = [...d.incidents, inc];
      // The same id again with other text is a correction (a goal taken back: 进球无效): it replaces.
      else if (d.incidents[i].text !== inc.text || d.incidents[i].score.join() !== inc.score.join())
        d.incidents = d.incidents.map((x, j) => (j === i ? inc : x));
      else return;
      d.changed$.next('header');
    },
    footprint: () => ({ details: details.size }),
  };
}
