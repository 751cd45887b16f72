/**
 * The one-fact tools about a team the user names: its place in the table, its fixtures, the events
 * of its match in play (else its last), that match's odds, and its news. Each reads the page the
 * answer links to (the team's 数据库 page, the match header, the odds tab, the 头条 list).
 */
import { z } from 'zod';
import { isFinished, isLive, type ChatLink, type OddsBoard, type OddsType } from '../../workers/protocol/index';
import { incidentsOf, matchById } from '../live/repository';
import { listArticles } from '../news/articles';
import { FactText as F, oddsCells } from './fact-text';
import { matchLink, nameArg, teamHref, type FactKit, type FactSources } from './fact-kit';
import { hhmm, mmdd, none, resultMark } from './tool-kit';

const HEADLINE_TYPE = 1002;
const teamArg = { type: 'object', properties: { team: { type: 'string' } }, required: ['team'] } as const;
const pct1 = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;

export function createTeamFactTools(s: FactSources, kit: FactKit) {
  const standingTopic = z.enum(['position', 'record', 'form']);
  const teamStanding = kit.teamTool(
    'team_standing',
    '一支球队在联赛积分榜上的位置：position 排名与积分（篮球为胜负），record 战绩（足球 胜平负、篮球 胜负 胜率 胜场差），form 最近 5 场走势',
    z.object({ team: nameArg, topic: standingTopic }),
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
          .map((m) => resultMark(m.score, m.home.id === page.id));
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
        const gb = await kit.gamesBehind(page.leagueId, row);
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

  const fixtureWhich = z.enum(['next', 'previous', 'kickoff']);
  const teamFixture = kit.teamTool(
    'team_fixture',
    '一支球队的赛程：next 下一场（时间与对手）、previous 上一场（比分）、kickoff 下一场的开球时间',
    z.object({ team: nameArg, which: fixtureWhich }),
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
      const live = await kit.liveOf(page);
      const m = page.upcoming[0];
      const playing = live ? await kit.view(live) : null;
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
  const matchEvents = kit.teamTool(
    'match_events',
    '一支球队正在进行（没有则最近结束）的那场比赛：score 比分，scorers 进球者与分钟，cards 黄牌红牌，periods 半场比分（足球）或每节比分（篮球）',
    z.object({ team: nameArg, topic: eventTopic }),
    {
      type: 'object',
      properties: { team: { type: 'string' }, topic: { type: 'string', enum: eventTopic.options } },
      required: ['team', 'topic'],
    },
    async (page, { topic }) => {
      const m = await kit.currentOrLast(page);
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
  const matchOdds = kit.teamTool(
    'match_odds',
    '一支球队正在进行或下一场比赛的指数，每家公司的初盘与即时盘：足球 asian 亚盘（让球）、euro 欧赔（胜平负）、ou 大小球；篮球 asian 让分、euro 胜负、ou 大小分',
    z.object({ team: nameArg, market }),
    {
      type: 'object',
      properties: { team: { type: 'string' }, market: { type: 'string', enum: market.options } },
      required: ['team', 'market'],
    },
    async (page, a) => {
      const live = await kit.liveOf(page);
      const target = live ?? (page.upcoming[0] ? await matchById(s.db, page.upcoming[0].id) : null);
      if (!target) return none(F.noNext(page.name));
      const shown = await kit.view(target);
      const board = await s.oddsBoard(target, MARKET_TYPE[a.market]);
      const links = [matchLink(shown)];
      const vs = `${shown.home.name} vs ${shown.away.name}`;
      const lq = page.sport === 'lq';
      const marketName = (lq ? F.lqMarket : F.market)[a.market];
      const first = board.companies[0];
      if (!first) return none(F.noOdds(vs, marketName), links);
      const figures = (l: OddsBoard['companies'][number]['live']) => [l.left, l.middle, l.right];
      const arrow = (a: number, b: number) => (b > a ? '↑' : b < a ? '↓' : '');
      const row = (c: OddsBoard['companies'][number]) => {
        const open = figures(c.open);
        const now = figures(c.live);
        return F.oddsRow(
          c.nameZh,
          oddsCells(page.sport, a.market, open),
          oddsCells(page.sport, a.market, now, (i) => arrow(open[i]!, now[i]!)),
        );
      };
      return {
        text: [
          F.odds(
            vs,
            marketName,
            first.nameZh,
            (lq ? F.lqMarketCols : F.marketCols)[a.market],
            oddsCells(page.sport, a.market, figures(first.live)),
          ),
          ...board.companies.slice(0, 4).map(row),
        ].join('\n'),
        links,
        found: true,
      };
    },
  );

  const teamNews = kit.teamTool(
    'team_news',
    '头条里关于一支球队的最新文章',
    z.object({ team: nameArg }),
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

  return { teamStanding, teamFixture, matchEvents, matchOdds, teamNews };
}
