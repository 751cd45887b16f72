/**
 * Fixtures of one Beijing day (UTC+8), a pure function of FEED_SEED and the date: leagues play
 * in their real kick-off windows, and a coverage pass adds matches wherever a half-hour of the
 * day would otherwise have nothing live, so some football and basketball is on at any hour.
 */
import { ALL_LEAGUES, leagueTeams, type LeagueSeed, type TeamSeed } from '../../seed/leagues';
import { rngFor, type Rng } from '../../seed/rng';
import { DAY_MS, chinaDayStartOf, type Sport } from '../../../workers/protocol/index';
import type { Fate } from '../model';

export type { Fate };

const dayIndex = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

export interface Fixture {
  id: number;
  sport: Sport;
  leagueId: number;
  homeId: number;
  awayId: number;
  day: string;
  /** Kick-off, unix seconds. */
  ot: number;
  jc: string | null;
  bd: boolean;
  jx: boolean;
  hot: boolean;
  fate: Fate;
}

/** Minutes a match is surely still in play after kick-off (shortest real duration), for the coverage pass. */
const LIVE_SPAN_MIN: Record<Sport, number> = { zq: 90, lq: 90 };

function shuffle<T>(items: readonly T[], r: Rng): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r.next() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

function kickoffMinute(league: LeagueSeed, r: Rng): number {
  const [from, to] = r.pick(league.windows);
  return from + Math.floor(r.int(0, Math.floor((to - from) / 5)) * 5);
}

function windowDistance(league: LeagueSeed, minute: number): number {
  let best = Infinity;
  for (const [from, to] of league.windows) {
    const d = minute < from ? from - minute : minute > to ? minute - to : 0;
    best = Math.min(best, d, 1440 - d);
  }
  return best;
}

export function fixturesOfDay(seed: number, day: string): Fixture[] {
  const r = rngFor(seed, 'fixtures', day);
  const start = chinaDayStartOf(day);
  const used = new Set<number>();
  type Draft = { sport: Sport; league: LeagueSeed; home: TeamSeed; away: TeamSeed; minute: number };
  const drafts: Draft[] = [];
  const addMatch = (league: LeagueSeed, minute: number, pool: TeamSeed[]): boolean => {
    const free = pool.filter((t) => !used.has(t.id));
    const candidates = free.length >= 2 ? free : pool;
    if (candidates.length < 2) return false;
    const [home, away] = shuffle(candidates, r).slice(0, 2) as [TeamSeed, TeamSeed];
    used.add(home.id);
    used.add(away.id);
    drafts.push({ sport: league.sport, league, home, away, minute });
    return true;
  };
  // Cups first so their clubs do not also play a league match that day.
  const ordered = [...ALL_LEAGUES].sort((a, b) => Number(b.cup) - Number(a.cup) || a.id - b.id);
  for (const league of ordered) {
    const pool = shuffle(leagueTeams(league), r);
    const n = r.int(league.perDay[0], league.perDay[1]);
    for (let i = 0; i < n; i++) {
      if (pool.filter((t) => !used.has(t.id)).length < 2) break;
      addMatch(league, kickoffMinute(league, r), pool);
    }
  }
  for (const sport of ['zq', 'lq'] as const) {
    const leagues = ALL_LEAGUES.filter((l) => l.sport === sport && !l.cup);
    for (let slot = 0; slot < 96; slot++) {
      const t = slot * 15;
      const live = drafts.some((d) => d.sport === sport && d.minute <= t && d.minute + LIVE_SPAN_MIN[sport] > t);
      if (live) continue;
      const league = [...leagues].sort((a, b) => windowDistance(a, t) - windowDistance(b, t) || a.id - b.id)[
        r.int(0, 1)
      ]!;
      addMatch(league, Math.max(0, t - r.int(0, 3) * 5), leagueTeams(league));
    }
  }
  drafts.sort((a, b) => a.minute - b.minute || a.league.id - b.league.id || a.home.id - b.home.id);
  const weekday = WEEKDAYS[new Date(Date.parse(`${day}T00:00:00Z`)).getUTCDay()]!;
  const base = dayIndex(day) * 1000;
  let jcNo = 0;
  const fixtures = drafts.map((d, i): Fixture => {
    const mr = rngFor(seed, 'fixture', day, i);
    const top = d.home.strength + d.away.strength;
    const onJc = d.sport === 'zq' && d.league.major && mr.chance(0.7);
    const x = mr.next();
    const fate: Fate =
      d.sport === 'zq'
        ? x < 0.012
          ? 'postponed'
          : x < 0.016
            ? 'cancelled'
            : x < 0.024
              ? 'interrupted'
              : 'normal'
        : x < 0.01
          ? 'postponed'
          : x < 0.013
            ? 'cancelled'
            : x < 0.018
              ? 'interrupted'
              : 'normal';
    return {
      id: base + i + 1,
      sport: d.sport,
      leagueId: d.league.id,
      homeId: d.home.id,
      awayId: d.away.id,
      day,
      ot: Math.floor((start + d.minute * 60_000) / 1000),
      jc: onJc ? `${weekday}${String(++jcNo).padStart(3, '0')}` : null,
      bd: d.sport === 'zq' && (d.league.major || mr.chance(0.5)),
      jx: d.league.major && top >= 140,
      hot: d.league.major && top >= 155,
      fate,
    };
  });
  return fixtures;
}
