/**
 * The assistant's one-fact tools: each answers one kind of question about a team, a match, a
 * player, a league, the anchors, the news or the activity, and puts the fact in its first
 * sentence (第 3 名，积 17 分), the supporting lines after it. They read the services the pages
 * read (the 数据库 team, player and leaders pages, the match header's incidents, the odds tab's
 * board, the vlive anchors and schedules, the 头条 list, the activity's current issue), so an
 * answer and the page it links to say the same thing.
 */
import { z } from 'zod';
import {
  ACTIVITY_STAKE_MAX,
  ACTIVITY_STAKE_MIN,
  ACTIVITY_START_POINTS,
  chinaWallClock,
  isFinished,
  isLive,
  type ChatLink,
  type Match,
  type OddsBoard,
  type OddsType,
  type BasketballStatus,
  type FootballStatus,
} from '../../workers/protocol/index';
import type { StandingsRow, TeamPage } from '../../workers/protocol/api/database';
import type { Db } from '../db/index';
import type { SimMatch } from '../live/simulator/sim-types';
import { toMatch, type ViewClock } from '../live/match-view';
import { tableRanks } from '../facts/table-ranks';
import { incidentsOf, liveMatches, matchById, teamMatches } from '../live/repository';
import { currentTableRows } from '../live/provider-standings';
import type { BasketballState, FootballState } from '../live/simulator/sim-types';
import { leadersOf, leagueMatches, leagueStandings, playerPage, teamPage } from '../database/service';
import { LEAGUE_BY_ID, TEAM_BY_ID } from '../seed/leagues';
import { listAnchors, listSchedules } from '../vlive/catalog';
import { listArticles } from '../news/articles';
import type { AiService } from '../ai/service';
import type { ActivityService } from '../activity/service';
import { FactText as F } from './fact-text';
import { findLeague, findTeam, type Catalogue } from './catalogue';
import { closestNames } from './fuzzy';
import type { ChatTool, ToolResult } from './tool-kit';

export interface FactSources {
  db: Db;
  ai: Pick<AiService, 'detail'>;
  now: () => number;
  cat: () => Promise<Catalogue>;
  /** The feed's seed and speed: the view clock of the 数据库 pages and match rows. */
  feedSeed: number;
  feedSpeed: number;
  /** The odds tab's board (server/live/bodies.ts); absent, the stored lines are read directly. */
  oddsBoard: (m: SimMatch, type: OddsType) => Promise<OddsBoard>;
  activity: Pick<ActivityService, 'current'> | null;
}

const HEADLINE_TYPE = 1002;
const name = z.string().trim().min(1).max(40);
const teamArg = { type: 'object', properties: { team: { type: 'string' } }, required: ['team'] } as const;

export const hhmm = (ms: number) => chinaWallClock(ms).toISOString().slice(11, 16);
export const mmdd = (ms: number) => chinaWallClock(ms).toISOString().slice(5, 10);
const pct1 = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;

export function createFactTools(s: FactSources) {
  const clock = (): ViewClock => ({ seed: s.feedSeed, speed: s.feedSpeed > 0 ? s.feedSpeed : 1, now: s.now() });
  const none = (text: string, links: ChatLink[] = []): ToolResult => ({ text, links, found: false });
  const detailHref = (m: { sport: string; id: number }) => `/live/${m.sport}/detail/${m.id}`;
  const teamHref = (t: { id: number; sport: string }) => `/database/team/${t.sport}?id=${t.id}`;
  const matchLink = (m: Match): ChatLink => ({ label: `${m.home.name} vs ${m.away.name}`, href: detailHref(m) });

  /** Not in the data: said plainly, with the closest names the data does hold. */
  async function notFound(kind: 'team' | 'player' | 'league' | 'anchor', typed: string): Promise<ToolResult> {
    const c = await s.cat();
    const pool =
      kind === 'team'
        ? c.teams.flatMap((t) => t.keys)
        : kind === 'player'
          ? [...c.players.keys()]
          : kind === 'league'
            ? c.leagues.map((l) => l.name)
            : c.anchors.map((a) => a.name);
    const near = closestNames(typed, pool);
    return none(F.notFound(F.kind[kind], typed, near));
  }

  async function teamOf(typed: string) {
    const c = await s.cat();
    return findTeam(c, typed);
  }

  /**
   * A stored match as the pages show it (toMatch); a match of a source whose leagues and teams
   * are not the seeded ones is named from the catalogue instead.
   */
  async function view(m: SimMatch): Promise<Match> {
    if (LEAGUE_BY_ID.has(m.leagueId) && TEAM_BY_ID.has(m.homeId) && TEAM_BY_ID.has(m.awayId))
      return toMatch(m, clock(), await tableRanks(s.db, [m], s.now()));
    const c = await s.cat();
    const ref = (id: number) => ({ id, name: c.teamName.get(id) ?? '', logo: '', rank: null });
    const base = {
      id: m.id,
      li: m.leagueId,
      leagueName: c.leagueName.get(m.leagueId) ?? '',
      leagueColor: '',
      leagueLetter: '',
      ot: m.ot,
      home: ref(m.homeId),
      away: ref(m.awayId),
      score: [m.score[0], m.score[1]] as [number, number],
      jc: m.jc,
      bd: m.bd,
      jx: m.jx,
      hot: m.hot,
      isShow: true,
      hasVideo: m.hasVideo,
    };
    if (m.sport === 'zq') {
      const st = m.st as FootballState;
      return {
        ...base,
        sport: 'zq',
        s: m.status as FootballStatus,
        halfStart: 0,
        half: st.half,
        red: st.red,
        yellow: st.yellow,
        corner: st.corner,
        pen: st.pen ?? null,
      };
    }
    const st = m.st as BasketballState;
    return { ...base, sport: 'lq', s: m.status as BasketballStatus, type: m.type, quarters: st.quarters, remain: null };
  }

  /**
   * The team's 数据库 page; for a team outside the seeded catalogue, the same facts from its
   * stored matches and its row of its league's table as the ChatGPT tab shows it.
   */
  async function pageOf(teamId: number): Promise<TeamPage | null> {
    const page = await teamPage(s.db, teamId, clock());
    if (page) return page;
    const c = await s.cat();
    const t = c.teams.find((x) => x.id === teamId);
    if (!t) return null;
    const nowS = Math.floor(s.now() / 1000);
    const results = await Promise.all((await teamMatches(s.db, t.id, 'finished', nowS + 1, 10)).map(view));
    const upcoming = await Promise.all((await teamMatches(s.db, t.id, 'upcoming', nowS - 6 * 3600, 5)).map(view));
    const row = (await currentTableRows(s.db, t.leagueId)).find((r) => r.team_id === t.id);
    const form = results
      .filter((m) => m.li === t.leagueId)
      .slice(0, 5)
      .reverse()
      .map((m) => {
        const mine = m.home.id === t.id ? m.score[0] : m.score[1];
        const theirs = m.home.id === t.id ? m.score[1] : m.score[0];
        return mine > theirs ? 'W' : mine < theirs ? 'L' : 'D';
      }) as Array<'W' | 'D' | 'L'>;
    return {
      id: t.id,
      sport: t.sport,
      name: t.name,
      logo: '',
      leagueId: t.leagueId,
      leagueName: c.leagueName.get(t.leagueId) ?? '',
      squad: [],
      results,
      upcoming,
      standing: row
        ? {
            rank: row.rank,
            teamId: t.id,
            teamName: t.name,
            played: row.played,
            win: row.win,
            draw: row.draw,
            loss: row.loss,
            goalsFor: row.goals_for,
            goalsAgainst: row.goals_against,
            points: row.points,
            logo: '',
            goalDiff: row.goals_for - row.goals_against,
            winPct: t.sport === 'lq' && row.win + row.loss > 0 ? row.win / (row.win + row.loss) : null,
            form,
            zone: null,
            playing: false,
            move: 0,
          }
        : null,
    };
  }

  /** The team's match in play, else its last finished one: the match "比分/谁进球/几张牌" is about. */
  async function currentOrLast(page: TeamPage): Promise<Match | null> {
    const live = (await liveMatches(s.db, page.sport)).find((m) => m.homeId === page.id || m.awayId === page.id);
    if (live) return view(live);
    return page.results[0] ?? null;
  }

  /** One team tool: the team is looked up (typo-free here: the parser already read it), its page loaded. */
  const teamTool = <A extends { team: string }>(
    toolName: string,
    description: string,
    args: z.ZodType<A>,
    parameters: Record<string, unknown>,
    run: (page: TeamPage, a: A) => Promise<ToolResult>,
  ): ChatTool<A> => ({
    name: toolName,
    description,
    parameters,
    args,
    async run(a) {
      const t = await teamOf(a.team);
      if (!t) return notFound('team', a.team);
      const page = await pageOf(t.id);
      if (!page) return notFound('team', a.team);
      return run(page, a);
    },
  });

  const standingTopic = z.enum(['position', 'record', 'form']);
  const teamStanding = teamTool(
    'team_standing',
    '一支球队在联赛积分榜上的位置：position 排名与积分（篮球为胜负），record 战绩（足球 胜平负、篮球 胜负 胜率 胜场差），form 最近 5 场走势',
    z.object({ team: name, topic: standingTopic }),
    {
      type: 'object',
      properties: { team: { type: 'string' }, topic: { type: 'string', enum: standingTopic.options } },
      required: ['team', 'topic'],
    },
    async (page, { topic }) => {
      const row = page.standing;
      const links: ChatLink[] = [
        {
          label: F.linkTable(page.leagueName),
          href: `/database/detail${page.sport === 'lq' ? '/lq' : ''}?id=${page.leagueId}`,
        },
        { label: page.name, href: teamHref(page) },
      ];
      if (topic === 'form' && !row) {
        // No table (a cup side, or a source without one): the last results of every competition.
        const marks = page.results
          .slice(0, 5)
          .reverse()
          .map((m) => {
            const mine = m.home.id === page.id ? m.score[0] : m.score[1];
            const theirs = m.home.id === page.id ? m.score[1] : m.score[0];
            return mine > theirs ? 'W' : mine < theirs ? 'L' : 'D';
          });
        if (!marks.length) return none(F.noForm(page.name), links);
        const text = F.formAll(page.name, marks.join(''), marks.map((f) => F.formWord[f]).join(''));
        return { text, links, found: true };
      }
      if (!row) return none(F.noStanding(page.name, page.leagueName), links);
      const lq = page.sport === 'lq';
      let first: string;
      if (topic === 'form') {
        if (!row.form.length) return none(F.noForm(page.name), links);
        first = F.form(page.name, row.form.join(''), row.form.map((f) => F.formWord[f]).join(''));
      } else if (lq) {
        const gb = await gamesBehind(page.leagueId, row);
        first =
          topic === 'position'
            ? F.lqPosition(page.name, page.leagueName, row.rank, row.win, row.loss)
            : F.lqRecord(page.name, row.win, row.loss, pct1(row.winPct ?? 0), gb);
      } else
        first =
          topic === 'position'
            ? F.zqPosition(page.name, page.leagueName, row.rank, row.points)
            : F.zqRecord(page.name, row.played, row.win, row.draw, row.loss, row.points);
      const more = lq
        ? F.lqRow(row.rank, row.win, row.loss, pct1(row.winPct ?? 0))
        : F.zqRow(row.rank, row.played, row.win, row.draw, row.loss, row.goalsFor, row.goalsAgainst, row.points);
      return { text: [first, more].join('\n'), links, found: true };
    },
  );

  /** Basketball 胜场差 against the leader: ((W₁ − W) + (L − L₁)) / 2; the leader shows '-'. */
  async function gamesBehind(leagueId: number, row: StandingsRow): Promise<string> {
    const league = LEAGUE_BY_ID.get(leagueId);
    if (!league) return '-';
    const top = (await leagueStandings(s.db, league, 'total', s.now())).rows[0];
    if (!top || top.teamId === row.teamId) return '-';
    const gb = (top.win - row.win + (row.loss - top.loss)) / 2;
    return gb <= 0 ? '-' : String(gb);
  }

  const fixtureWhich = z.enum(['next', 'previous', 'kickoff']);
  const teamFixture = teamTool(
    'team_fixture',
    '一支球队的赛程：next 下一场（时间与对手）、previous 上一场（比分）、kickoff 下一场的开球时间',
    z.object({ team: name, which: fixtureWhich }),
    {
      type: 'object',
      properties: { team: { type: 'string' }, which: { type: 'string', enum: fixtureWhich.options } },
      required: ['team', 'which'],
    },
    async (page, { which }) => {
      const links: ChatLink[] = [{ label: page.name, href: teamHref(page) }];
      if (which === 'previous') {
        const m = page.results[0];
        if (!m) return none(F.noPrevious(page.name), links);
        return {
          text: [
            F.previous(page.name, mmdd(m.ot * 1000), m.home.name, m.score[0], m.score[1], m.away.name, m.leagueName),
            ...page.results.slice(1, 3).map((r) => F.resultLine(mmdd(r.ot * 1000), r.home.name, r.score, r.away.name)),
          ].join('\n'),
          links: [matchLink(m), ...links],
          found: true,
        };
      }
      const live = (await liveMatches(s.db, page.sport)).find((m) => m.homeId === page.id || m.awayId === page.id);
      const m = page.upcoming[0];
      const playing = live ? await view(live) : null;
      const liveLine = playing
        ? [F.playingNow(page.name, playing.home.name, playing.score[0], playing.score[1], playing.away.name)]
        : [];
      if (!m && playing)
        return {
          text: F.playingNoNext(page.name, playing.home.name, playing.score[0], playing.score[1], playing.away.name),
          links: [matchLink(playing), ...links],
          found: true,
        };
      if (!m) return none(F.noNext(page.name), links);
      const when = `${mmdd(m.ot * 1000)} ${hhmm(m.ot * 1000)}`;
      const first =
        which === 'kickoff'
          ? F.kickoff(page.name, m.home.name, m.away.name, when)
          : F.next(page.name, when, m.home.name, m.away.name, m.leagueName);
      return {
        text: [
          first,
          ...liveLine,
          ...page.upcoming
            .slice(1, 3)
            .map((u) => F.fixtureLine(mmdd(u.ot * 1000), hhmm(u.ot * 1000), u.home.name, u.away.name)),
        ].join('\n'),
        links: [matchLink(m), ...(playing ? [matchLink(playing)] : []), ...links],
        found: true,
      };
    },
  );

  const eventTopic = z.enum(['score', 'scorers', 'cards', 'periods']);
  const matchEvents = teamTool(
    'match_events',
    '一支球队正在进行（没有则最近结束）的那场比赛：score 比分，scorers 进球者与分钟，cards 黄牌红牌，periods 半场比分（足球）或每节比分（篮球）',
    z.object({ team: name, topic: eventTopic }),
    {
      type: 'object',
      properties: { team: { type: 'string' }, topic: { type: 'string', enum: eventTopic.options } },
      required: ['team', 'topic'],
    },
    async (page, { topic }) => {
      const m = await currentOrLast(page);
      if (!m) return none(F.noMatch(page.name), [{ label: page.name, href: teamHref(page) }]);
      const links = [matchLink(m)];
      const state = isLive(m.sport, m.s) ? F.stateLive : isFinished(m.sport, m.s) ? F.stateDone : '';
      const head = `${m.home.name} ${m.score[0]}-${m.score[1]} ${m.away.name}`;
      if (topic === 'score')
        return { text: [F.score(head, state, m.leagueName, mmdd(m.ot * 1000))].join('\n'), links, found: true };
      if (topic === 'periods') {
        if (m.sport === 'lq') {
          if (!m.quarters.length) return none(F.noPeriods(head), links);
          const qs = m.quarters.map((q, i) => F.quarter(i, q[0], q[1]));
          return { text: F.quarters(head, qs.join('，')), links, found: true };
        }
        if (!m.half) return none(F.noHalf(head), links);
        return { text: F.half(head, m.half[0], m.half[1]), links, found: true };
      }
      const incidents = m.sport === 'zq' ? await incidentsOf(s.db, m.id) : [];
      const who = (text: string, side: 'home' | 'away' | null) => {
        const team = side === 'away' ? m.away.name : m.home.name;
        const rest = text.replace(/^第\d+分钟 /, '');
        return rest.startsWith(`${team} `) ? (rest.slice(team.length + 1).split(' ')[0] ?? '') : '';
      };
      if (topic === 'scorers') {
        if (m.sport === 'lq') return none(F.lqNoScorers(head), links);
        const goals = incidents.filter((i) => i.type === 'goal');
        if (!goals.length) return { text: F.noGoals(head, state), links, found: true };
        const list = goals.map((g) =>
          F.goal(g.minute, who(g.text, g.side), g.side === 'away' ? m.away.name : m.home.name),
        );
        return { text: F.scorers(head, state, list.join('，')), links, found: true };
      }
      if (m.sport === 'lq') return none(F.lqNoCards(head), links);
      const cards = incidents.filter((i) => i.type === 'yellow' || i.type === 'red');
      const lines = cards.map((c) =>
        F.cardLine(c.minute, c.side === 'away' ? m.away.name : m.home.name, who(c.text, c.side), c.type === 'red'),
      );
      return {
        text: [F.cards(head, m.yellow[0], m.yellow[1], m.red[0], m.red[1]), ...lines].join('\n'),
        links,
        found: true,
      };
    },
  );

  const market = z.enum(['asian', 'euro', 'ou']);
  const MARKET_TYPE: Record<z.infer<typeof market>, OddsType> = { asian: 1, euro: 2, ou: 3 };
  const matchOdds = teamTool(
    'match_odds',
    '一支球队正在进行或下一场足球比赛的指数：asian 亚盘（让球）、euro 欧赔（胜平负）、ou 大小球；每家公司的初盘与即时盘',
    z.object({ team: name, market }),
    {
      type: 'object',
      properties: { team: { type: 'string' }, market: { type: 'string', enum: market.options } },
      required: ['team', 'market'],
    },
    async (page, a) => {
      if (page.sport !== 'zq') return none(F.lqNoOdds(page.name));
      const live = (await liveMatches(s.db, 'zq')).find((m) => m.homeId === page.id || m.awayId === page.id);
      const target = live ?? (page.upcoming[0] ? await matchById(s.db, page.upcoming[0].id) : null);
      if (!target) return none(F.noNext(page.name));
      const shown = await view(target);
      const board = await s.oddsBoard(target, MARKET_TYPE[a.market]);
      const links = [matchLink(shown)];
      const vs = `${shown.home.name} vs ${shown.away.name}`;
      const first = board.companies[0];
      if (!first) return none(F.noOdds(vs, F.market[a.market]), links);
      const row = (c: OddsBoard['companies'][number]) =>
        F.oddsRow(c.nameZh, [c.open.left, c.open.middle, c.open.right], [c.live.left, c.live.middle, c.live.right]);
      return {
        text: [
          F.odds(
            vs,
            F.market[a.market],
            first.nameZh,
            F.marketCols[a.market],
            F.nums([first.live.left, first.live.middle, first.live.right]),
          ),
          ...board.companies.slice(0, 4).map(row),
        ].join('\n'),
        links,
        found: true,
      };
    },
  );

  const playerTool: ChatTool<{ player: string; team?: string }> = {
    name: 'player_season',
    description: '一名球员本赛季的数据：足球 出场、进球、黄牌、红牌；篮球 出场、得分、篮板、助攻（总数）',
    parameters: {
      type: 'object',
      properties: { player: { type: 'string' }, team: { type: 'string' } },
      required: ['player'],
    },
    args: z.object({ player: name, team: name.optional() }),
    async run({ player, team }) {
      const c = await s.cat();
      const t = team ? findTeam(c, team) : undefined;
      const all = c.players.get(player.trim()) ?? [];
      const pick = all.find((p) => !t || p.teamId === t.id);
      if (!pick) return notFound('player', player);
      const p = await playerPage(s.db, pick.id, clock());
      if (!p) return notFound('player', player);
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
    args: z.object({ league: name }),
    async run({ league }) {
      const c = await s.cat();
      const l = findLeague(c, league) ?? c.leagues.find((x) => x.id === findTeam(c, league)?.leagueId);
      if (!l) return notFound('league', league);
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
    args: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
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
    args: z.object({ anchor: name }),
    async run({ anchor }) {
      const c = await s.cat();
      const a = c.anchors.find((x) => x.name === anchor.trim());
      if (!a) return notFound('anchor', anchor);
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

  const teamNews = teamTool(
    'team_news',
    '头条里关于一支球队的最新文章',
    z.object({ team: name }),
    teamArg,
    async (page) => {
      const c = await s.cat();
      const keys = c.teams.find((t) => t.id === page.id)?.keys ?? [page.name];
      const articles = (await listArticles(s.db, HEADLINE_TYPE, null, 50)).list
        .filter((x) => keys.some((k) => x.title.includes(k)))
        .sort((x, y) => y.publishedAt - x.publishedAt);
      const links: ChatLink[] = articles
        .slice(0, 3)
        .map((x) => ({ label: x.title, href: `/news/${HEADLINE_TYPE}/${x.id}` }));
      if (!articles.length) return none(F.noNews(page.name), [{ label: F.linkNews, href: `/news/${HEADLINE_TYPE}/` }]);
      return {
        text: [F.news(page.name, articles[0]!.title), ...articles.slice(1, 3).map((x) => `· ${x.title}`)].join('\n'),
        links,
        found: true,
      };
    },
  );

  const activityRules: ChatTool<Record<string, never>> = {
    name: 'activity_rules',
    description: '竞猜活动本期的标题、竞猜场次、截止时间与规则',
    parameters: { type: 'object', properties: {} },
    args: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
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
