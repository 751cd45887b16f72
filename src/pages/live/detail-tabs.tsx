/** The detail pages' 指数 and 聊天 tabs, in their own chunk: loaded when one is opened (issue 29). */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../app/paths';
import {
  formatChinaTime,
  getCore,
  Topics,
  useChat,
  useOdds,
  useSession,
  type OddsRowView,
  type OddsType,
  type Sport,
} from './core-bridge';
import { ChatRoom } from '../../components/live/ChatRoom';
import { OddsBoardTable, OddsHistoryTable, OddsTypeTabs } from '../../components/live/OddsTable';
import { LIVE_TEXT } from '../../components/live/strings';
import { showToast } from '../../state/ui';

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
