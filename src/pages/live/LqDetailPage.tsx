/**
 * /live/lq/detail/{id}: header with quarter scores and basketball status; tabs 文字直播 / 技术统计
 * (team bars + player lines) / 指数 / 分析 (rank, section difference, history) / 情报 / 聊天.
 */
import { useState } from 'react';

import { paths } from '../../app/paths';
import { LivePaths, useMatchDetail, useStats, useTextLive, type MatchView, useCoreRequest } from './core-bridge';
import type {
  AnalysisHistory,
  BasketballStats,
  Intelligence,
  LeagueTable,
  SectionDiff,
} from '../../../workers/protocol/index';

import { StatsView } from '../../components/live/StatsView';
import { TextLiveList } from '../../components/live/TextLiveTimeline';
import { IntelView, StandingsTable } from '../../components/live/AnalysisViews';
import { LIVE_TEXT } from '../../components/live/strings';
import { HistoryTables } from './detail-parts';
import { DetailFrame } from './DetailFrame';
import { AnalysisViewsLoading } from './info-common';
import { TeamsPlayerLines } from '../../components/live/PlayerLines';
import { lqPlayerColumns } from './lq-player-columns';

type Tab = keyof typeof LIVE_TEXT.lqDetailTabs;
const PERIOD = ['第一节', '第二节', '第三节', '第四节'];
const periodLabel = (n: number) => PERIOD[n - 1] ?? `加时${n - 4}`;
export function LqDetailPage({ id }: { id: number }) {
  const detail = useMatchDetail(id, 'lq');
  const [tab, setTab] = useState<Tab>('live');
  const match = detail?.match ?? null;
  return (
    <DetailFrame
      sport="lq"
      id={id}
      loading={!detail || (detail.loading && !match)}
      match={match}
      backHref={paths.liveLq()}
      tabs={LIVE_TEXT.lqDetailTabs}
      tab={tab}
      onTab={setTab}
    >
      {(match) => (
        <>
          {tab === 'live' && <TextTab id={id} />}
          {tab === 'stats' && <StatsTab match={match} />}
          {tab === 'analysis' && <AnalysisTab match={match} />}
          {tab === 'intel' && <IntelTab match={match} />}
        </>
      )}
    </DetailFrame>
  );
}

function TextTab({ id }: { id: number }) {
  const text = useTextLive(id, 'lq');
  if (!text || (text.loading && text.lines.length === 0)) return <AnalysisViewsLoading />;
  return <TextLiveList lines={text.lines} periodLabel={periodLabel} />;
}

function StatsTab({ match }: { match: MatchView }) {
  const team = useStats(match.id, 'lq');
  // Player lines change with the team stats: reload them whenever the team stats move.
  const players = useCoreRequest<BasketballStats>({ path: LivePaths.lqStats, params: { id: match.id } }, team?.stats);
  const lines = players.data?.players ?? null;
  return (
    <>
      {!team || (team.loading && team.stats.length === 0) ? <AnalysisViewsLoading /> : <StatsView stats={team.stats} />}
      {/* A provider's box score has up to 12 columns: they scroll sideways on a narrow phone. */}
      <div className="lv-scroll-x">
        <TeamsPlayerLines match={match} columns={lqPlayerColumns(lines)} players={lines} />
      </div>
    </>
  );
}

function SectionDiffTable({ diff, home, away }: { diff: SectionDiff; home: string; away: string }) {
  return (
    <section className="lv-section">
      <h4>单节分差（近 {diff.games} 场场均）</h4>
      <table className="lv-simple-table" data-section-diff>
        <thead>
          <tr>
            <th>球队</th>
            {diff.periods.map((p) => (
              <th key={p}>{p}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(
            [
              ['home', home],
              ['away', away],
            ] as const
          ).map(([side, name]) => (
            <tr key={side}>
              <td>{name}</td>
              {diff.periods.map((p, i) => {
                const d = diff[side].scored[i] - diff[side].conceded[i];
                return (
                  <td key={p} className={d > 0 ? 'lv-win' : d < 0 ? 'lv-lose' : ''}>
                    {d > 0 ? '+' : ''}
                    {d.toFixed(1)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function AnalysisTab({ match }: { match: MatchView }) {
  const history = useCoreRequest<AnalysisHistory>({ path: LivePaths.lqAnalysis, params: { id: match.id } });
  const rank = useCoreRequest<LeagueTable>({ path: LivePaths.lqRank, params: { id: match.id } });
  const diff = useCoreRequest<SectionDiff>({ path: LivePaths.lqSectionDiff, params: { id: match.id } });
  if (history.loading && rank.loading && diff.loading) return <AnalysisViewsLoading />;
  return (
    <div data-analysis>
      {rank.data && rank.data.rows.length > 0 && (
        <StandingsTable table={rank.data} highlight={[match.home.id, match.away.id]} basketball />
      )}
      {diff.data && <SectionDiffTable diff={diff.data} home={match.home.name} away={match.away.name} />}
      {history.data && <HistoryTables history={history.data} match={match} />}
      {!history.data && !rank.data && !diff.data && <p className="lv-empty">{history.msg || '暂无分析数据'}</p>}
    </div>
  );
}

function IntelTab({ match }: { match: MatchView }) {
  const intel = useCoreRequest<Intelligence>({ path: LivePaths.lqIntel, params: { id: match.id } });
  if (intel.loading) return <AnalysisViewsLoading />;
  if (!intel.data) return <p className="lv-empty">{intel.msg || LIVE_TEXT.intelEmpty}</p>;
  return <IntelView intel={intel.data} home={match.home.name} away={match.away.name} />;
}
