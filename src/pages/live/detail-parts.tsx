/** Pieces shared by the football and basketball detail pages. */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../app/paths';
import {
  formatChinaTime,
  getCore,
  Topics,
  useChat,
  useOdds,
  useSession,
  type MatchView,
  type OddsRowView,
  type OddsType,
  type Sport,
} from './core-bridge';
import { ChatRoom } from '../../components/live/ChatRoom';
import { DetailHeader } from '../../components/live/DetailHeader';
import { ShareMatchButton } from '../message/ShareMatchButton';
import { MatchTable } from '../../components/live/AnalysisViews';
import { OddsBoardTable, OddsHistoryTable, OddsTypeTabs } from '../../components/live/OddsTable';
import { LIVE_TEXT } from '../../components/live/strings';
import { showToast } from '../../state/ui';
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

/** The odds tab: type switch, company board (live), one company's history with trend colours. */
export function OddsPanel({ matchId, sport }: { matchId: number; sport: Sport }) {
  const [type, setType] = useState<OddsType>(1);
  const board = useOdds(matchId, sport, type);
  const [company, setCompany] = useState<number | null>(null);
  const [history, setHistory] = useState<{ key: string; rows: OddsRowView[] } | null>(null);
  const liveAt = board?.companies.find((c) => c.companyId === company)?.live.at ?? 0;
  const key = `${type}:${company}:${liveAt}`;
  useEffect(() => {
    if (company === null) return;
    let live = true;
    getCore()
      .oddsHistory(matchId, type, company)
      .then(
        (rows) => {
          if (live) setHistory({ key, rows });
        },
        (e: unknown) => showToast(e instanceof Error ? e.message : String(e)),
      );
    return () => {
      live = false;
    };
  }, [matchId, type, company, key]);
  return (
    <div className="lv-odds-panel">
      <OddsTypeTabs
        value={type}
        onChange={(t) => {
          setType(t);
          setHistory(null);
        }}
      />
      {!board || (board.loading && board.companies.length === 0) ? (
        <p className="lv-empty">{LIVE_TEXT.loading}</p>
      ) : (
        <OddsBoardTable board={board} selectedCompanyId={company} onPickCompany={setCompany} />
      )}
      {company !== null && history && (
        <section className="lv-section">
          <h4>
            {board?.companies.find((c) => c.companyId === company)?.nameZh} {LIVE_TEXT.oddsHistory}
          </h4>
          <OddsHistoryTable
            sport={sport}
            type={type}
            rows={history.rows}
            timeText={(at) => formatChinaTime(at, 'MM-DD HH:mm')}
          />
        </section>
      )}
    </div>
  );
}

/** The match chat room over the shared socket. */
export function MatchChat({ matchId }: { matchId: number }) {
  const roomId = Topics.matchChatRoom(matchId);
  const messages = useChat(roomId);
  const session = useSession();
  const [, navigate] = useLocation();
  return (
    <ChatRoom
      messages={messages}
      canWrite={session.loggedIn}
      onLogin={() => navigate(paths.login)}
      onSend={async (text) => {
        try {
          const r = await getCore().sendChat(roomId, text);
          if (!r.ok) showToast(r.msg);
          return r.ok;
        } catch (e) {
          showToast(e instanceof Error ? e.message : String(e));
          return false;
        }
      }}
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
