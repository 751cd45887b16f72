/** Pieces shared by the database pages: header, load states, live match rows. */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useMatch, type RequestState } from '../../core/index';
import type { Match } from '../../../workers/protocol/index';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { MatchRow } from '../../components/live/MatchRow';
import { DB_TEXT } from '../../components/database/strings';
import { paths } from '../../app/paths';

export function DbHead({ title, back }: { title: string; back: string }) {
  return (
    <header className="lv-head lv-sticky">
      <div className="lv-head-bar">
        <Link href={back} className="lv-icon-btn" aria-label={DB_TEXT.back} style={{ textDecoration: 'none' }}>
          ‹
        </Link>
        <h1>{title}</h1>
        <span className="lv-icon-btn" />
      </div>
    </header>
  );
}

/** Loading, error (the server's message) or the content once the data is there. */
export function Loaded<T>({
  state,
  children,
}: {
  state: Pick<RequestState<T>, 'data' | 'loading' | 'msg' | 'code'>;
  children: (data: T) => ReactNode;
}) {
  if (state.data !== null) return <>{children(state.data)}</>;
  if (state.loading) return <LoadingOverlay />;
  return (
    <p className="lv-empty" role="alert">
      {state.code === 4004 ? DB_TEXT.notFound : DB_TEXT.loadFailed(state.msg)}
    </p>
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
