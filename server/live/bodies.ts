/**
 * The answers of the live-score REST area, built from what the live source stored (through the
 * repository) and from its details, which are produced once and then read from storage. The
 * routes (./routes.ts) only validate input and pick one of these.
 */
import {
  Code,
  addDays,
  chinaDay,
  listRank,
  type FilterGroup,
  type Match,
  type MatchHeaderBody,
  type OddsBoard,
  type OddsRow,
  type OddsType,
  type Sport,
} from '../../workers/protocol/index';
import type { AppContext } from '../context';
import { BizError } from '../http/reply';
import { BOOKMAKERS, LEAGUE_BY_ID } from '../seed/leagues';
import { companyNameOf, isCatalogued, leagueView } from './catalogue';
import { FEED_WINDOW_DAYS } from './model';
import { toMatch, type ViewClock } from './match-view';
import { tableRanks } from '../facts/table-ranks';
import { meetingsBefore, recentResults } from '../facts/team-results';
import type { LiveMatch } from './model';
import { analysisMatch } from './details';
import {
  hotOfDays,
  incidentsOf,
  latestOdds,
  liveFirst,
  liveMatches,
  matchesOfDay,
  oddsMoves,
  storedDetail,
  textLiveOf,
} from './repository';
import { storyLatestOdds, storyOddsMoves, storyOf } from './played-story';
import { openingOddsKind, type DetailBodies, type DetailKind } from './source';
import { LiveText } from './text';

/** A match that is over (or will not be played) leaves the hot lists this long after its start. */
const HOT_KEEP_MS = 6 * 3600_000;

export type LiveBodies = ReturnType<typeof createLiveBodies>;

export function createLiveBodies(ctx: AppContext) {
  const { db } = ctx;
  const clock = (): ViewClock => ({
    seed: ctx.config.feedSeed,
    speed: ctx.config.feedSpeed > 0 ? ctx.config.feedSpeed : 1,
    now: ctx.now(),
  });
  const today = (): string => chinaDay(ctx.now());
  const views = async (ms: LiveMatch[]): Promise<Match[]> => {
    const c = clock();
    const ranks = await tableRanks(db, ms, c.now);
    return ms.map((m) => toMatch(m, c, ranks));
  };

  function dayOf(date: string | undefined): string {
    const t = today();
    if (!date) return t;
    if (date < addDays(t, -FEED_WINDOW_DAYS) || date > addDays(t, FEED_WINDOW_DAYS))
      throw new BizError(Code.BAD_INPUT, LiveText.dateOutOfRange);
    return date;
  }

  async function recentOf(m: LiveMatch, limit: number) {
    const [home, away] = await Promise.all([
      recentResults(db, m.homeId, m.ot, limit),
      recentResults(db, m.awayId, m.ot, limit),
    ]);
    return { home, away };
  }

  /**
   * A stored detail, or, the first time, the source's: stored as produced, then served from
   * storage. Two first reads at once store one copy and both answer it.
   */
  async function detail<K extends DetailKind>(m: LiveMatch, kind: K): Promise<DetailBodies[K] | null> {
    // A match the feed did not store (played out from the seed): its details are drawn from the seed each time.
    const unstored = storyOf(m) !== undefined;
    const stored = unstored ? null : await storedDetail(db, m.id, kind);
    if (stored) return stored;
    const recent = kind === 'intel' ? await recentOf(m, 6) : { home: [], away: [] };
    const produced = await ctx.feed.produceDetail(m, kind, { recent });
    if (unstored) return produced;
    if (produced === null) return null;
    await ctx.feed.sink.saveDetail(m.id, kind, produced, ctx.now());
    return (await storedDetail(db, m.id, kind)) ?? produced;
  }

  async function detailOr404<K extends DetailKind>(m: LiveMatch, kind: K): Promise<DetailBodies[K]> {
    const d = await detail(m, kind);
    if (d === null) throw new BizError(Code.NOT_FOUND, LiveText.noDetail);
    return d;
  }

  /** Today's list: today's fixtures plus any still live from before midnight. */
  async function todayList(sport: Sport): Promise<Match[]> {
    const day = await matchesOfDay(db, sport, today());
    const ids = new Set(day.map((m) => m.id));
    const carried = (await liveMatches(db, sport)).filter((m) => !ids.has(m.id));
    return liveFirst(await views([...carried, ...day]));
  }

  async function listFor(sport: Sport, date: string | undefined): Promise<Match[]> {
    const day = dayOf(date);
    if (day === today()) return todayList(sport);
    return await views(await matchesOfDay(db, sport, day));
  }

  function filterGroups(matches: Match[]): FilterGroup[] {
    const counts = new Map<number, number>();
    for (const m of matches) counts.set(m.li, (counts.get(m.li) ?? 0) + 1);
    const groups = new Map<string, FilterGroup>();
    for (const [leagueId, count] of counts) {
      // The catalogue's leagues, or a provider's as registered (name, pinyin letter or '#').
      const league = LEAGUE_BY_ID.get(leagueId) ?? (isCatalogued(leagueId) ? leagueView(leagueId) : null);
      if (!league) continue;
      const g = groups.get(league.letter) ?? { letter: league.letter, countList: [] };
      g.countList.push({ leagueId, leagueName: league.name, count, isChecked: true });
      groups.set(league.letter, g);
    }
    return [...groups.values()]
      .sort((a, b) => a.letter.localeCompare(b.letter))
      .map((g) => ({ ...g, countList: g.countList.sort((a, b) => b.count - a.count || a.leagueId - b.leagueId) }));
  }

  async function header(m: LiveMatch): Promise<MatchHeaderBody> {
    const [match] = await views([m]);
    return { match: match!, incidents: storyOf(m)?.incidents ?? (await incidentsOf(db, m.id)) };
  }

  /** Text live, newest first. */
  async function textLive(m: LiveMatch) {
    return storyOf(m)?.texts ?? (await textLiveOf(db, m.id));
  }

  async function openingRows(m: LiveMatch, type: OddsType): Promise<OddsRow[]> {
    return (await detail(m, openingOddsKind(type) as `odds-open:${OddsType}`)) ?? [];
  }

  async function oddsBoard(m: LiveMatch, type: OddsType): Promise<OddsBoard> {
    const story = storyOf(m);
    const [open, latest] = await Promise.all([
      openingRows(m, type),
      story ? storyLatestOdds(story, type) : latestOdds(db, m.id, type),
    ]);
    const openOf = new Map(open.map((r) => [r.companyId, r]));
    const latestOf = new Map(latest.map((r) => [r.companyId, r]));
    // The seeded bookmakers, then any provider's (ids above them) that quoted this match.
    const ids = new Set<number>(BOOKMAKERS.map((b) => b.id));
    for (const id of [...latestOf.keys(), ...openOf.keys()]) ids.add(id);
    for (const k of Object.keys(m.st.odds)) if (k.startsWith(`${type}:`)) ids.add(Number(k.slice(2)));
    const companies = [...ids].flatMap((id) => {
      const b = { id, nameZh: companyNameOf(id) };
      const row = latestOf.get(b.id);
      const kept = m.st.odds[`${type}:${b.id}`];
      const live: OddsRow | undefined = row
        ? { ...row, nameZh: b.nameZh }
        : kept
          ? { companyId: b.id, nameZh: b.nameZh, left: kept[0], middle: kept[1], right: kept[2], at: m.updatedAt }
          : openOf.get(b.id);
      const first = openOf.get(b.id) ?? live;
      return live && first ? [{ companyId: b.id, nameZh: b.nameZh, open: first, live }] : [];
    });
    return { matchId: m.id, type, companies };
  }

  async function oddsHistory(m: LiveMatch, type: OddsType, companyId: number): Promise<OddsRow[]> {
    const nameZh = companyNameOf(companyId);
    const story = storyOf(m);
    const moves = story ? storyOddsMoves(story, type, companyId) : await oddsMoves(db, m.id, type, companyId);
    const out: OddsRow[] = moves.map((r) => ({ ...r, nameZh }));
    const kept = m.st.odds[`${type}:${companyId}`];
    if (out.length === 0 && kept)
      out.push({ companyId, nameZh, left: kept[0], middle: kept[1], right: kept[2], at: m.updatedAt });
    const open = (await openingRows(m, type)).find((r) => r.companyId === companyId);
    if (open) out.push(open);
    return out;
  }

  async function analysisHistory(m: LiveMatch) {
    const [recent, h2h] = await Promise.all([recentOf(m, 10), meetingsBefore(db, m, 10)]);
    return {
      h2h: h2h.map(analysisMatch).filter((a) => a.score !== null),
      homeRecent: recent.home.map(analysisMatch),
      awayRecent: recent.away.map(analysisMatch),
    };
  }

  async function hotMatches(sport?: Sport): Promise<Match[]> {
    const t = today();
    const hot = await hotOfDays(db, [t, addDays(t, 1)], sport);
    const carried = (await liveMatches(db, sport)).filter((m) => m.hot || m.jx);
    const seen = new Set<number>();
    const all = [...carried, ...hot].filter((m) => !seen.has(m.id) && (seen.add(m.id), true));
    return liveFirst(await views(all)).filter(
      (m) => !(listRank(m.sport, m.s) === 2 && m.ot * 1000 < ctx.now() - HOT_KEEP_MS),
    );
  }

  return {
    views,
    todayList,
    listFor,
    filterGroups,
    header,
    textLive,
    detail,
    detailOr404,
    oddsBoard,
    oddsHistory,
    recentOf,
    analysisHistory,
    hotMatches,
  };
}
