/** Pieces shared by the database pages: load states, live match rows. */
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useCoreRequest, useMatch } from '../../core/index';
import type { Match, Sport } from '../../../workers/protocol/index';
import { RequestGate, type GateState } from '../../components/RequestGate';
import { MatchRow } from '../../components/live/MatchRow';
import { LiveTitleBar } from '../../components/live/LiveTitleBar';
import { DB_TEXT } from '../../components/database/strings';
import { paths } from '../../app/paths';

/** Loading, error (the server's message, or 不存在 for 4004) or the content once the data is there. */
export function Loaded<T>({ state, children }: { state: GateState<T>; children: (data: T) => ReactNode }) {
  return (
    <RequestGate state={state} failed={dbFailed}>
      {children}
    </RequestGate>
  );
}

const dbFailed = (s: GateState<unknown>) => (s.code === 4004 ? DB_TEXT.notFound : DB_TEXT.loadFailed(s.msg));

/**
 * A league, team or player by id, as the page for `sport` shows it: one of the other sport (a
 * hand-edited URL) reads as not found (4004). `data` is the record as loaded, for the header.
 */
export function useSportRecord<T extends { sport: Sport }>(path: string, id: number, sport: Sport) {
  const state = useCoreRequest<T>({ path, params: { id } });
  const wrongSport = state.data !== null && state.data.sport !== sport;
  return { data: state.data, gate: wrongSport ? { ...state, data: null, code: 4004 } : state };
}

/** Label and value pairs in the stat grid; `hook` marks the grid for tests (data-player-stats). */
export function StatGrid({ cells, hook }: { cells: ReadonlyArray<readonly [string, ReactNode]>; hook?: string }) {
  return (
    <dl className="db-stat-grid" {...(hook ? { [`data-${hook}`]: '' } : {})}>
      {cells.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The page of one league, team or player: header (its name, back to `backOf(record)`), then the gate. */
export function RecordPage<T extends { sport: Sport; name: string }>({
  record,
  backOf,
  children,
}: {
  record: ReturnType<typeof useSportRecord<T>>;
  backOf: (data: T | null) => string;
  children: (data: T) => ReactNode;
}) {
  return (
    <div className="lv-page db-page">
      <LiveTitleBar title={record.data?.name ?? DB_TEXT.title} back={backOf(record.data)} />
      <Loaded state={record.gate}>{children}</Loaded>
    </div>
  );
}

function LiveRow({ m }: { m: Match }) {
  const view = useMatch(m.id, m.sport);
  const [, navigate] = useLocation();
  if (!view) return <div className="lv-row lv-row-skeleton" aria-busy />;
  return (
    <MatchRow match={view} onOpen={(x) => navigate(x.sport === 'zq' ? paths.zqDetail(x.id) : paths.lqDetail(x.id))} />
  );
}

/** Match rows that stay live through the core (scores, minute, status). */
export function MatchRows({ matches, empty }: { matches: Match[]; empty: string }) {
  if (matches.length === 0) return <p className="lv-empty">{empty}</p>;
  return (
    <div className="db-rows">
      {matches.map((m) => (
        <LiveRow key={m.id} m={m} />
      ))}
    </div>
  );
}

/** `?id=` of the page's query, or null. */
export function queryId(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
