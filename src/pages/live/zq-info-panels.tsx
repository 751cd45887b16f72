/** Football detail tabs read once per visit over REST: lineups (+ injuries), analysis, intelligence. */
import { LivePaths, type MatchView, useCoreRequest } from './core-bridge';
import type {
  AnalysisHistory,
  FutureFixtures,
  Injuries,
  Intelligence,
  LeagueTable,
  Lineup,
} from '../../../workers/protocol/index';
import { AnalysisViewsLoading } from './info-common';
import { HistoryTables, shortDate } from './detail-parts';
import { BenchAndInjuries, LineupPitch } from '../../components/live/LineupPitch';
import { IntelView, MatchTable, StandingsTable } from '../../components/live/AnalysisViews';
import { LIVE_TEXT } from '../../components/live/strings';

export function LineupPanel({ match }: { match: MatchView }) {
  const lineup = useCoreRequest<Lineup>({ path: LivePaths.zqLineup, params: { id: match.id } });
  const injuries = useCoreRequest<Injuries>({ path: LivePaths.zqInjury, params: { id: match.id } });
  if (lineup.loading) return <AnalysisViewsLoading />;
  if (!lineup.data) return <p className="lv-empty">{lineup.msg || LIVE_TEXT.lineupEmpty}</p>;
  return (
    <div data-lineup-panel>
      <LineupPitch lineup={lineup.data} />
      <BenchAndInjuries lineup={lineup.data} injuries={injuries.data} />
    </div>
  );
}

export function AnalysisPanel({ match }: { match: MatchView }) {
  const history = useCoreRequest<AnalysisHistory>({ path: LivePaths.zqHistory, params: { id: match.id } });
  const future = useCoreRequest<FutureFixtures>({ path: LivePaths.zqFuture, params: { id: match.id } });
  const table = useCoreRequest<LeagueTable>({ path: LivePaths.zqTable, params: { id: match.id } });
  if (history.loading && future.loading && table.loading) return <AnalysisViewsLoading />;
  return (
    <div data-analysis>
      {history.data && <HistoryTables history={history.data} match={match} />}
      {table.data && table.data.rows.length > 0 && (
        <StandingsTable table={table.data} highlight={[match.home.id, match.away.id]} />
      )}
      {future.data && (
        <>
          <MatchTable
            title={`${LIVE_TEXT.future} · ${match.home.name}`}
            matches={future.data.home}
            teamId={null}
            dateText={shortDate}
          />
          <MatchTable
            title={`${LIVE_TEXT.future} · ${match.away.name}`}
            matches={future.data.away}
            teamId={null}
            dateText={shortDate}
          />
        </>
      )}
      {!history.data && !table.data && !future.data && <p className="lv-empty">{history.msg || '暂无分析数据'}</p>}
    </div>
  );
}

export function IntelPanel({ match }: { match: MatchView }) {
  const intel = useCoreRequest<Intelligence>({ path: LivePaths.zqIntelligence, params: { id: match.id } });
  if (intel.loading) return <AnalysisViewsLoading />;
  if (!intel.data) return <p className="lv-empty">{intel.msg || LIVE_TEXT.intelEmpty}</p>;
  return <IntelView intel={intel.data} home={match.home.name} away={match.away.name} />;
}
