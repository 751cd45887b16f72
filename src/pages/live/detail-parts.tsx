/** Pieces shared by the football and basketball detail pages. */
import { Link } from 'wouter';
import { formatChinaTime, type MatchView } from './core-bridge';
import { DetailHeader } from '../../components/live/DetailHeader';
import { ShareMatchButton } from '../message/ShareMatchButton';
import { MatchTable } from '../../components/live/AnalysisViews';
import { LIVE_TEXT } from '../../components/live/strings';
import type { AnalysisHistory } from '../../../workers/protocol/index';
import { TabList } from '../../components/TabList';
import { BackIcon } from '../../components/BackIcon';

export function DetailTabs<T extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: Record<T, string>;
  value: T;
  onChange: (t: T) => void;
}) {
  return (
    <TabList
      tabs={Object.keys(tabs) as T[]}
      value={value}
      onChange={onChange}
      labelOf={(t) => tabs[t]}
      className="lv-tabs lv-detail-tabs"
      nav
    />
  );
}

/** The detail page's top bar (back to the list, the pairing) and the match header. */
export function DetailHead({
  match,
  loading,
  backHref,
}: {
  match: MatchView | null;
  /** No answer yet: the title says 加载中; answered without a match, it says the match is missing. */
  loading: boolean;
  backHref: string;
}) {
  return (
    <>
      <div className="lv-head-bar">
        <Link href={backHref} className="lv-icon-btn" aria-label={LIVE_TEXT.back} style={{ textDecoration: 'none' }}>
          <BackIcon />
        </Link>
        <h1>
          {match ? `${match.home.name} VS ${match.away.name}` : loading ? LIVE_TEXT.loading : LIVE_TEXT.notFoundTitle}
        </h1>
        {match ? <ShareMatchButton matchId={match.id} sport={match.sport} /> : <span className="lv-icon-btn" />}
      </div>
      {match && <DetailHeader match={match} openTimeText={formatChinaTime(match.ot * 1000, 'MM-DD HH:mm')} />}
    </>
  );
}

/** 'YY-MM-DD' of a kick-off (unix s), China date. */
export const shortDate = (ot: number) => formatChinaTime(ot * 1000, 'YYYY-MM-DD').slice(2);

/** Head-to-head and each team's recent matches (analysis tab, both sports). */
export function HistoryTables({ history, match }: { history: AnalysisHistory; match: MatchView }) {
  return (
    <>
      <MatchTable title={LIVE_TEXT.h2h} matches={history.h2h} teamId={match.home.id} dateText={shortDate} />
      <MatchTable
        title={`${LIVE_TEXT.recent} · ${match.home.name}`}
        matches={history.homeRecent}
        teamId={match.home.id}
        dateText={shortDate}
      />
      <MatchTable
        title={`${LIVE_TEXT.recent} · ${match.away.name}`}
        matches={history.awayRecent}
        teamId={match.away.id}
        dateText={shortDate}
      />
    </>
  );
}
