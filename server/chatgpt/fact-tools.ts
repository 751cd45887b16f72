/**
 * The assistant's one-fact tools: each answers one kind of question about a team, a match, a
 * player, a league, the anchors, the news or the activity, and puts the fact in its first
 * sentence (第 3 名，积 17 分), the supporting lines after it. They read the services the pages
 * read (the 数据库 team, player and leaders pages, the match header's incidents, the odds tab's
 * board, the vlive anchors and schedules, the 头条 list, the activity's current issue), so an
 * answer and the page it links to say the same thing. The tools about one team are in
 * team-fact-tools.ts.
 */
import { z } from 'zod';
import {
  ACTIVITY_STAKE_MAX,
  ACTIVITY_STAKE_MIN,
  ACTIVITY_START_POINTS,
  type ChatLink,
} from '../../workers/protocol/index';
import { leadersOf, leagueMatches, playerPage } from '../database/service';
import { LEAGUE_BY_ID } from '../seed/leagues';
import { listAnchors, listSchedules } from '../vlive/catalog';
import { FactText as F } from './fact-text';
import { findLeague, findTeam } from './catalogue';
import { createFactKit, nameArg, teamHref, type FactSources } from './fact-kit';
import { createTeamFactTools } from './team-fact-tools';
import { hhmm, mmdd, none, type ChatTool } from './tool-kit';

const noArgs = z.object({}).strict() as unknown as z.ZodType<Record<string, never>>;

export function createFactTools(s: FactSources) {
  const kit = createFactKit(s);
  const { teamStanding, teamFixture, matchEvents, matchOdds, teamNews } = createTeamFactTools(s, kit);

  const playerTool: ChatTool<{ player: string; team?: string }> = {
    name: 'player_season',
    description: '一名球员本赛季的数据：足球 出场、进球、黄牌、红牌；篮球 出场、得分、篮板、助攻（总数）',
    parameters: {
      type: 'object',
      properties: { player: { type: 'string' }, team: { type: 'string' } },
      required: ['player'],
    },
    args: z.object({ player: nameArg, team: nameArg.optional() }),
    async run({ player, team }) {
      const c = await s.cat();
      const t = team ? findTeam(c, team) : undefined;
      const all = c.players.get(player.trim()) ?? [];
      const pick = all.find((p) => !t || p.teamId === t.id);
      if (!pick) return kit.notFound('player', player);
      const p = await playerPage(s.db, pick.id, kit.clock());
      if (!p) return kit.notFound('player', player);
      const st = p.stats;
      const first =
        p.sport === 'lq'
          ? F.lqPlayer(p.name, p.teamName, st.games, st.points ?? 0, st.rebounds ?? 0, st.assists ?? 0)
          : F.zqPlayer(p.name, p.teamName, st.games, st.goals ?? 0, st.yellow ?? 0, st.red ?? 0);
      const others = all.length > 1 && !t ? [F.sameName(all.length)] : [];
      return {
        text: [first, F.playerInfo(p.number, p.position, p.age, p.leagueName), ...others].join('\n'),
        links: [
          { label: p.name, href: `/database/player/${p.sport}?id=${p.id}` },
          { label: p.teamName, href: teamHref({ id: p.teamId, sport: p.sport }) },
        ],
        found: true,
      };
    },
  };

  const topScorers: ChatTool<{ league: string }> = {
    name: 'top_scorers',
    description: '联赛的射手榜（足球进球）或得分榜（篮球总得分）前 5 名',
    parameters: { type: 'object', properties: { league: { type: 'string' } }, required: ['league'] },
    args: z.object({ league: nameArg }),
    async run({ league }) {
      const c = await s.cat();
      const l = findLeague(c, league) ?? c.leagues.find((x) => x.id === findTeam(c, league)?.leagueId);
      if (!l) return kit.notFound('league', league);
      const seed = LEAGUE_BY_ID.get(l.id);
      if (!seed) return none(F.noLeaders(l.name));
      const boards = leadersOf(seed, await leagueMatches(s.db, seed.id), s.feedSeed).boards;
      const board = boards.find((b) => b.key === (seed.sport === 'lq' ? 'points' : 'goals'));
      const top = board?.rows[0];
      if (!board || !top) return none(F.noLeaders(l.name));
      const tied = board.rows.filter((r) => r.value === top.value);
      const unit = seed.sport === 'lq' ? F.unitPoints : F.unitGoals;
      return {
        text: [
          F.leader(
            l.name,
            seed.sport === 'lq',
            tied.map((r) => `${r.name}（${r.teamName}）`).join('、'),
            top.value,
            unit,
          ),
          ...board.rows.slice(0, 5).map((r) => F.leaderRow(r.rank, r.name, r.teamName, r.value, unit)),
        ].join('\n'),
        links: [
          { label: F.linkLeaders(l.name), href: `/database/detail${seed.sport === 'lq' ? '/lq' : ''}?id=${l.id}` },
        ],
        found: true,
      };
    },
  };

  const anchorsLive: ChatTool<Record<string, never>> = {
    name: 'anchors_live',
    description: '现在正在直播的主播和他们的直播间',
    parameters: { type: 'object', properties: {} },
    args: noArgs,
    async run() {
      const live = (await listAnchors(s.db, null)).filter((a) => a.live);
      const links = live.slice(0, 6).map((a) => ({ label: F.linkRoom(a.name), href: `/vlive/detail/${a.roomId}` }));
      if (!live.length) return none(F.noAnchorsLive, [{ label: F.linkVlive, href: '/vlive/0' }]);
      return { text: F.anchorsLive(live.length, live.map((a) => a.name).join('、')), links, found: true };
    },
  };

  const anchorStatus: ChatTool<{ anchor: string }> = {
    name: 'anchor_status',
    description: '一位主播是否正在直播，以及他接下来的直播安排（时间与标题）',
    parameters: { type: 'object', properties: { anchor: { type: 'string' } }, required: ['anchor'] },
    args: z.object({ anchor: nameArg }),
    async run({ anchor }) {
      const c = await s.cat();
      const a = c.anchors.find((x) => x.name === anchor.trim());
      if (!a) return kit.notFound('anchor', anchor);
      const [info] = await listAnchors(s.db, null, { anchorId: a.id });
      const rows = (await listSchedules(s.db, null, s.now(), { limit: 200 })).filter((x) => x.anchorName === a.name);
      const upcoming = rows.filter((x) => x.startsAt > s.now());
      const when = (ms: number) => `${mmdd(ms)} ${hhmm(ms)}`;
      const links: ChatLink[] = info ? [{ label: F.linkRoom(a.name), href: `/vlive/detail/${info.roomId}` }] : [];
      const lines = upcoming.slice(0, 4).map((x) => F.scheduleRow(when(x.startsAt), x.title));
      if (info?.live) {
        const room = await s.db
          .selectFrom('vlive_rooms')
          .select('title')
          .where('id', '=', info.roomId)
          .executeTakeFirst();
        return { text: [F.anchorLive(a.name, room?.title ?? ''), ...lines].join('\n'), links, found: true };
      }
      const next = upcoming[0];
      if (!next) return none(F.anchorNone(a.name), links);
      return {
        text: [F.anchorNext(a.name, when(next.startsAt), next.title), ...lines.slice(1)].join('\n'),
        links,
        found: true,
      };
    },
  };

  const activityRules: ChatTool<Record<string, never>> = {
    name: 'activity_rules',
    description: '竞猜活动本期的标题、竞猜场次、截止时间与规则',
    parameters: { type: 'object', properties: {} },
    args: noArgs,
    async run() {
      const links = [{ label: F.linkActivity, href: '/activity' }];
      const cur = s.activity ? await s.activity.current(null).catch(() => null) : null;
      if (!cur) return none(F.noActivity, links);
      const i = cur.issue;
      return {
        text: [
          F.activity(
            i.issueNo,
            i.title,
            F.issueState[i.status as keyof typeof F.issueState] ?? i.status,
            cur.matches.length,
            `${mmdd(i.closesAt)} ${hhmm(i.closesAt)}`,
          ),
          F.activityRules(ACTIVITY_START_POINTS, ACTIVITY_STAKE_MIN, ACTIVITY_STAKE_MAX),
          F.prizes(
            cur.prizes
              .filter((p) => p.kind !== 'none')
              .map((p) => p.name)
              .join('、'),
          ),
        ].join('\n'),
        links,
        found: true,
      };
    },
  };

  return [
    teamStanding,
    teamFixture,
    matchEvents,
    matchOdds,
    playerTool,
    topScorers,
    anchorsLive,
    anchorStatus,
    teamNews,
    activityRules,
  ] as ChatTool[];
}
