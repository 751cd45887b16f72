/**
 * /live/zq/detail/{id}: header, video (or the event pitch when there is none), and the tabs
 * 直播 / 统计 / 阵容 / 指数 / 分析 / 情报 / 聊天. Every live part is a core stream; leaving the page
 * unmounts the hooks, which releases the subscriptions.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import type { FootballPlayerStats } from '../../../workers/protocol/api/live-detail';
import type { MatchVideo as MatchVideoAnswer } from '../../../workers/protocol/api/live';

import { paths } from '../../app/paths';
import { Code, LivePaths, useMatchDetail, useStats, useTextLive, useCoreRequest, type MatchView } from './core-bridge';

import { EventPitch } from '../../components/live/EventPitch';
import { MatchVideo } from '../../components/live/MatchVideo';
import { StatsView } from '../../components/live/StatsView';
import { IncidentTimeline, TextLiveList } from '../../components/live/TextLiveTimeline';
import { LIVE_TEXT } from '../../components/live/strings';
import { DetailFrame } from './DetailFrame';
import { AnalysisPanel, IntelPanel, LineupPanel } from './zq-info-panels';
import { TeamsPlayerLines, type PlayerColumn } from '../../components/live/PlayerLines';

type Tab = keyof typeof LIVE_TEXT.detailTabs;

export function ZqDetailPage({ id }: { id: number }) {
  const detail = useMatchDetail(id, 'zq');
  const [tab, setTab] = useState<Tab>('live');
  const match = detail?.match ?? null;
  // Asked for every match: one that a live anchor room is bound to plays that room (20001: none).
  const video = useCoreRequest<MatchVideoAnswer>(match ? { path: LivePaths.video, params: { id } } : null);
  return (
    <DetailFrame
      sport="zq"
      id={id}
      loading={!detail || (detail.loading && !match)}
      match={match}
      backHref={paths.liveZq()}
      media={
        match &&
        (video.data && video.code === Code.OK ? (
          <MatchVideo url={video.data.url} poster={video.data.cover} testSignal={video.data.test} />
        ) : (
          (video.code === null || video.code !== Code.OK) && (
            <EventPitch incidents={detail?.incidents ?? []} home={match.home.name} away={match.away.name} />
          )
        ))
      }
      tabs={LIVE_TEXT.detailTabs}
      tab={tab}
      onTab={setTab}
    >
      {(match) => (
        <>
          {tab === 'live' && <LiveTab id={id} incidents={detail?.incidents ?? []} />}
          {tab === 'stats' && <StatsTab id={id} match={match} />}
          {tab === 'lineup' && <LineupPanel match={match} />}
          {tab === 'analysis' && <AnalysisPanel match={match} />}
          {tab === 'intel' && <IntelPanel match={match} />}
        </>
      )}
    </DetailFrame>
  );
}

function LiveTab({ id, incidents }: { id: number; incidents: Parameters<typeof IncidentTimeline>[0]['incidents'] }) {
  const text = useTextLive(id, 'zq');
  return (
    <>
      <IncidentTimeline incidents={incidents} />
      {!text || (text.loading && text.lines.length === 0) ? (
        <p className="lv-empty">{LIVE_TEXT.loading}</p>
      ) : (
        <TextLiveList lines={text.lines} />
      )}
    </>
  );
}

type ZqPlayer = FootballPlayerStats['home'][number];
const ZQ_PLAYER_COLUMNS: readonly PlayerColumn<ZqPlayer>[] = [
  {
    head: '球员',
    cell: (p) => (
      <Link href={paths.dbPlayer('zq', p.playerId)}>
        {p.number} {p.name}
      </Link>
    ),
  },
  { head: '位置', cell: (p) => p.position },
  { head: '进球', cell: (p) => <b>{p.goals}</b> },
  { head: '黄牌', cell: (p) => p.yellow },
  { head: '红牌', cell: (p) => p.red },
];

function StatsTab({ id, match }: { id: number; match: MatchView }) {
  const stats = useStats(id, 'zq');
  // Player lines (goals, cards) change with the team stats: reload them whenever those move.
  const players = useCoreRequest<FootballPlayerStats>({ path: LivePaths.zqPlayerStats, params: { id } }, stats?.stats);
  if (!stats || (stats.loading && stats.stats.length === 0)) return <p className="lv-empty">{LIVE_TEXT.loading}</p>;
  return (
    <>
      <StatsView stats={stats.stats} />
      <TeamsPlayerLines match={match} columns={ZQ_PLAYER_COLUMNS} players={players.data} />
    </>
  );
}
