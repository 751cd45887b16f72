/**
 * The season calendar: every competition's fixtures for a season, a pure function of FEED_SEED
 * and the year (the simulator's fixtures of a day are read from it, ./fixtures.ts).
 *
 * Leagues are round robins laid on their real match days (./formats.ts): weekend rounds, midweek
 * rounds where the real league has them, breaks and FIFA windows, kick-offs in the league's local
 * slots converted to 北京时间. European league phases are placed first; a league match then takes
 * the least-used slot of its round that keeps both clubs 60 hours (basketball: the league's rest)
 * from any other match of theirs and still lets them play the next round. The European knockout
 * rounds (./knockout.ts) come last: they are drawn from the league phase as played, on nights
 * every club of the competition kept free. A called-off league match is played again on a later
 * free evening (./rearrange.ts). The domestic cups (./cups.ts) are drawn last, round by round, on
 * kick-offs every entrant kept free; the entrants' leagues leave the cup weekends and weeks. A
 * calendar year's cup (足协杯) is drawn on its own (`calendarCups`), on days no other cup or
 * European knockout match is played, so the days it reads are the leagues' alone.
 */
import { ALL_LEAGUES, LEAGUE_BY_ID, TEAM_BY_ID, countryOf, leagueTeams, type LeagueSeed } from '../../seed/leagues';
import { rngFor, type Rng } from '../../seed/rng';
import { addDays, chinaDay } from '../../../workers/protocol/index';
import { leaguePhaseDraw, repeatedRounds, shuffled, type Pairing } from './draw';
import { FIFA_WINDOWS, FOOTBALL_REST_H, FORMATS, type CompetitionFormat, type Slot } from './formats';
import { rearrangeCalledOff } from './rearrange';
import { inRange, mmdd, weekday, nearest, occupy, release, slotTime, type Placer } from './placing';
import { EUROPEAN_COMPETITIONS, knockoutMatches, knockoutReservations, seasonDate, tuesdayOf } from './knockout';
import { CALENDAR_CUPS, cupMatches, cupReservations, cupWeeks, roundTimes } from './cups';
import { CUP_FORMATS } from './formats-cups';

export interface SeasonMatch {
  leagueId: number;
  /** Round (league) or match day (league phase), from 1. */
  round: number;
  homeId: number;
  awayId: number;
  /** Kick-off, unix ms. */
  at: number;
  /** Beijing day of the kick-off. */
  day: string;
  /** A knockout match's round and leg as shown (附加赛 首回合 …); absent in a league (phase). */
  stage?: string;
  /** A match deciding a knockout tie: the goals each side carries in (see Fixture.carried). */
  carried?: readonly [number, number];
  /** A league match called off before the start or abandoned, played again on a later date (./rearrange.ts). */
  fate?: 'postponed' | 'interrupted';
  /** The replay of a called-off league match, on its rearranged date. */
  rearranged?: boolean;
}

export interface SeasonCalendar {
  year: number;
  matches: SeasonMatch[];
  byDay: Map<string, SeasonMatch[]>;
}

const HOUR = 3600_000;

/** The season's first and last day: a split season ends the year after it starts. */
export function seasonSpan(f: { start: string; end: string }, year: number): [string, string] {
  return [`${year}-${f.start}`, `${f.end < f.start ? year + 1 : year}-${f.end}`];
}

function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** `k` items spread evenly over `list`. */
function spread<T>(list: readonly T[], k: number): T[] {
  if (k >= list.length) return [...list];
  return Array.from({ length: k }, (_, i) => list[Math.floor(((i + 0.5) * list.length) / k)]!);
}

/** Tuesdays of the European weeks of a season, knockouts included (leagues in Europe keep them free). */
function europeWeeks(year: number): Set<string> {
  const out = new Set<string>();
  for (const id of EUROPEAN_COMPETITIONS) {
    const f = FORMATS[id]!;
    if (f.kind !== 'europe') continue;
    for (const w of [...f.weeks, ...f.knockout.legs, f.knockout.final[0]]) out.add(tuesdayOf(seasonDate(w, year)));
  }
  return out;
}

/** A league with clubs in 欧冠, 欧联 or 欧会杯 (its midweek rounds keep the European weeks free). */
const inEurope = (leagueId: number): boolean =>
  EUROPEAN_COMPETITIONS.some((id) => (LEAGUE_BY_ID.get(id)!.pool ?? []).some(([lid]) => lid === leagueId));

interface RoundDate {
  anchor: string;
  slots: readonly Slot[];
}

function roundDates(leagueId: number, f: CompetitionFormat, year: number, rounds: number): RoundDate[] {
  if (f.kind === 'europe') return f.weeks.map((w) => ({ anchor: tuesdayOf(seasonDate(w, year)), slots: f.slots }));
  const [from, to] = seasonSpan(f, year);
  const open = (day: string): boolean => !(f.breaks ?? []).some((b) => inRange(mmdd(day), b));
  // A round is laid only where every one of its slots is outside the breaks (a Friday or Sunday
  // slot of a weekend next to a break, or a basketball slot a day after its anchor, can fall inside).
  const allOpen = (anchor: string, slots: readonly Slot[]): boolean => slots.every((x) => open(addDays(anchor, x[0])));
  if (f.kind === 'every') {
    const days = daysBetween(from, to).filter((d) => allOpen(d, f.slots));
    return Array.from({ length: rounds }, (_, i) => ({
      anchor: days[Math.floor((i * days.length) / rounds)]!,
      slots: f.slots,
    }));
  }
  const fifa = (sat: string): boolean => f.fifa && FIFA_WINDOWS.some((w) => inRange(mmdd(sat), w));
  const all = daysBetween(from, to);
  // The weeks its clubs' cup keeps (./cups.ts): no weekend round on a cup weekend, no midweek one in a cup week.
  const cup = cupWeeks(leagueId, year);
  const weekends = all.filter(
    (d) => weekday(d) === 6 && allOpen(d, f.weekend) && !fifa(d) && !cup.weekend.has(tuesdayOf(d)),
  );
  const euro = inEurope(leagueId) ? europeWeeks(year) : new Set<string>();
  const tuesdayOk = (t: string): boolean =>
    t > from &&
    t < to &&
    allOpen(t, f.midweek) &&
    !fifa(addDays(t, -3)) &&
    !fifa(addDays(t, 4)) &&
    !euro.has(t) &&
    !cup.midweek.has(t);
  const listed = [...new Set((f.midweeks ?? []).map((m) => tuesdayOf(`${m >= '07-01' ? year : year + 1}-${m}`)))]
    .filter((t) => t >= from && t <= to && tuesdayOk(t))
    .filter((t) => f.kind === 'weekend' && (f.start < f.end ? t.startsWith(String(year)) : true));
  let mid = listed.slice(0, rounds);
  let ends = weekends;
  if (weekends.length + mid.length > rounds) ends = spread(weekends, rounds - mid.length);
  else if (weekends.length + mid.length < rounds) {
    const spare = all.filter((d) => weekday(d) === 2 && tuesdayOk(d) && !mid.includes(d));
    mid = [...mid, ...spread(spare, rounds - weekends.length - mid.length)];
  }
  return [
    ...ends.map((anchor) => ({ anchor, slots: f.weekend })),
    ...mid.map((anchor) => ({ anchor, slots: f.midweek })),
  ].sort((a, b) => (a.anchor < b.anchor ? -1 : 1));
}

/**
 * A league match with no slot left: as the real calendars do, move one of the two clubs' European
 * matches to another kick-off of its match day (Tuesday ↔ Wednesday) when that frees a slot and
 * keeps both European clubs rested; returns the league match's slots then open.
 */
function moveEuropean(placer: Placer, teams: readonly number[], restMs: number, open: () => number[]): number[] {
  for (const team of teams)
    for (const p of placer.movable.get(team) ?? []) {
      const from = p.m.at;
      const pair = [p.m.homeId, p.m.awayId];
      for (const alt of p.alternatives) {
        if (alt === from) continue;
        for (const t of pair) release(placer, t, from);
        if (pair.every((t) => nearest(placer, t, alt) >= restMs)) {
          for (const t of pair) occupy(placer, t, alt);
          const slots = open();
          if (slots.length > 0) {
            p.m.at = alt;
            p.m.day = chinaDay(alt);
            return slots;
          }
          for (const t of pair) release(placer, t, alt);
        }
        for (const t of pair) occupy(placer, t, from);
      }
    }
  return [];
}

/** Lays one competition's rounds on their dates. */
function place(
  league: LeagueSeed,
  f: CompetitionFormat,
  rounds: readonly Pairing[][],
  dates: readonly RoundDate[],
  placer: Placer,
  r: Rng,
): SeasonMatch[] {
  const restMs = (f.kind === 'every' ? f.minRestH : FOOTBALL_REST_H) * HOUR;
  const out: SeasonMatch[] = [];
  const n = Math.min(rounds.length, dates.length);
  const times = dates.slice(0, n).map((d) => d.slots.map((s) => slotTime(f.tz, d.anchor, s)));
  for (let k = 0; k < n; k++) {
    const slots = dates[k]!.slots;
    const at = times[k]!;
    const nextLatest = k + 1 < n ? Math.max(...times[k + 1]!) : Infinity;
    const used = slots.map(() => 0);
    const tie = slots.map(() => r.next());
    const ok = (team: number, t: number): boolean => t + restMs <= nextLatest && nearest(placer, team, t) >= restMs;
    const feasible = ([h, a]: Pairing): number[] => at.flatMap((t, s) => (ok(h, t) && ok(a, t) ? [s] : []));
    // A team plays once per round, so placing one match never changes another's feasible slots.
    let pending = shuffled(rounds[k]!, r);
    let options = pending.map(feasible);
    while (pending.length > 0) {
      // The most constrained match first.
      let pick = 0;
      for (let i = 1; i < pending.length; i++) if (options[i]!.length < options[pick]!.length) pick = i;
      const [home, away] = pending[pick]!;
      let choice = options[pick]!;
      if (choice.length === 0) choice = moveEuropean(placer, [home, away], restMs, () => feasible([home, away]));
      if (choice.length === 0) {
        placer.strained = true;
        // No slot keeps the rest: take the one farthest from their other matches.
        const gap = (s: number) => Math.min(nearest(placer, home, at[s]!), nearest(placer, away, at[s]!));
        choice = [at.map((_, s) => s).sort((a, b) => gap(b) - gap(a))[0]!];
      }
      const s = [...choice].sort((a, b) => used[a]! / slots[a]![2] - used[b]! / slots[b]![2] || tie[a]! - tie[b]!)[0]!;
      used[s]!++;
      const t = at[s]!;
      occupy(placer, home, t);
      occupy(placer, away, t);
      const m: SeasonMatch = { leagueId: league.id, round: k + 1, homeId: home, awayId: away, at: t, day: chinaDay(t) };
      out.push(m);
      if (f.kind === 'europe')
        for (const team of [home, away])
          placer.movable.set(team, [...(placer.movable.get(team) ?? []), { m, alternatives: at }]);
      pending = pending.filter((_, i) => i !== pick);
      options = options.filter((_, i) => i !== pick);
    }
  }
  return out;
}

function roundsOf(seed: number, league: LeagueSeed, f: CompetitionFormat, year: number, salt: number): Pairing[][] {
  const ids = leagueTeams(league).map((t) => t.id);
  const r = salt === 0 ? rngFor(seed, 'draw', league.id, year) : rngFor(seed, 'draw', league.id, year, salt);
  if (f.kind === 'europe')
    return leaguePhaseDraw(ids, league.leaguePhase ?? f.weeks.length, (id) => countryOf(TEAM_BY_ID.get(id)!), r);
  const order = shuffled(ids, r);
  return repeatedRounds(order, roundCount(league, f));
}

const calendars = new Map<string, SeasonCalendar>();
const phaseOnes = new Map<string, SeasonCalendar>();

/** One attempt at laying every competition of the season; null when some club could not be rested. */
function attempt(seed: number, year: number, salt: number): SeasonMatch[] | null {
  const placer: Placer = { busy: new Map(), movable: new Map(), strained: false };
  // Each European club keeps its competition's knockout nights free: who goes through is not known yet.
  for (const { leagueId, times } of [...knockoutReservations(year), ...cupReservations(year)])
    for (const team of leagueTeams(LEAGUE_BY_ID.get(leagueId)!)) for (const t of times) occupy(placer, team.id, t);
  // European competitions first (fixed weeks), then the leagues around them.
  const order = [...ALL_LEAGUES].sort(
    (a, b) => Number(FORMATS[b.id]?.kind === 'europe') - Number(FORMATS[a.id]?.kind === 'europe') || a.id - b.id,
  );
  const matches: SeasonMatch[] = [];
  for (const league of order) {
    const f = FORMATS[league.id];
    if (!f) continue;
    const rounds = roundsOf(seed, league, f, year, salt);
    const dates = roundDates(league.id, f, year, rounds.length);
    matches.push(
      ...place(
        league,
        f,
        rounds,
        dates,
        placer,
        salt === 0 ? rngFor(seed, 'slots', league.id, year) : rngFor(seed, 'slots', league.id, year, salt),
      ),
    );
  }
  if (placer.strained) return null;
  return [...matches, ...rearrangeCalledOff(seed, year, matches, placer)];
}

const ATTEMPTS = 8;

function indexed(year: number, matches: SeasonMatch[]): SeasonCalendar {
  matches.sort((a, b) => a.at - b.at || a.leagueId - b.leagueId || a.homeId - b.homeId);
  const byDay = new Map<string, SeasonMatch[]>();
  for (const m of matches) byDay.set(m.day, [...(byDay.get(m.day) ?? []), m]);
  return { year, matches, byDay };
}

function remember(cache: Map<string, SeasonCalendar>, key: string, cal: SeasonCalendar): SeasonCalendar {
  if (cache.size > 8) cache.delete(cache.keys().next().value!);
  cache.set(key, cal);
  return cal;
}

/** Every competition's matches of the season that starts in `year`, knockout rounds included. */
export function seasonCalendar(seed: number, year: number): SeasonCalendar {
  const key = `${seed}:${year}`;
  const hit = calendars.get(key);
  if (hit) return hit;
  const first = phaseOne(seed, year);
  const leaguePhase = first.matches.filter((m) => FORMATS[m.leagueId]?.kind === 'europe');
  const knockouts = knockoutMatches(seed, year, leaguePhase, (day) => phaseOneDay(seed, day));
  // The cups come last, on days no European match is played: their draws read the days' whole lists.
  const knockoutDays = new Map<string, SeasonMatch[]>();
  for (const m of knockouts) knockoutDays.set(m.day, [...(knockoutDays.get(m.day) ?? []), m]);
  const cups = cupMatches(seed, year, (day) => [...phaseOneDay(seed, day), ...(knockoutDays.get(day) ?? [])]);
  const calendar = calendarCups(seed, year).matches;
  return remember(calendars, key, indexed(year, [...first.matches, ...knockouts, ...cups, ...calendar]));
}

const calendarCupSeasons = new Map<string, SeasonCalendar>();

/**
 * The calendar year's cups (足协杯) of `year`: its rounds fall on days without a European knockout
 * or another cup's match (./formats-cups.ts), so each day's other matches are the leagues' alone
 * (`phaseOneDay`), and the days before July are reached without the split season before.
 */
function calendarCups(seed: number, year: number): SeasonCalendar {
  const key = `${seed}:${year}`;
  const hit = calendarCupSeasons.get(key);
  if (hit) return hit;
  const matches = cupMatches(seed, year, (day) => phaseOneDay(seed, day), CALENDAR_CUPS);
  return remember(calendarCupSeasons, key, indexed(year, matches));
}

/** The matches of a day without the knockout rounds of any season (the calendar they are drawn on). */
function phaseOneDay(seed: number, day: string): SeasonMatch[] {
  const y = Number(day.slice(0, 4));
  const years = day.slice(5) >= '07-01' ? [y] : [y - 1, y];
  return years.flatMap((year) => phaseOne(seed, year).byDay.get(day) ?? []);
}

/** The season that starts in `year` (calendar leagues: of `year`) without its European knockouts. */
function phaseOne(seed: number, year: number): SeasonCalendar {
  const key = `${seed}:${year}`;
  const hit = phaseOnes.get(key);
  if (hit) return hit;
  // A draw whose fixtures leave some club without its rest is drawn again (as deterministically).
  let matches: SeasonMatch[] | null = null;
  for (let salt = 0; salt < ATTEMPTS && !matches; salt++) matches = attempt(seed, year, salt);
  if (!matches) throw new Error(`no season calendar for seed ${seed}, ${year}`);
  // Kick-offs may have moved while later competitions were placed: index them only now.
  return remember(phaseOnes, key, indexed(year, matches));
}

/** The calendar's matches on a Beijing day (from the seasons that may reach it). */
export function calendarDay(seed: number, day: string): SeasonMatch[] {
  const y = Number(day.slice(0, 4));
  // No season of the year before reaches July (split seasons end by June, calendar ones in December),
  // and a season's knockouts start in the February after it began; a calendar year's cup (in its
  // season's calendar) starts in May.
  if (day.slice(5) >= '07-01') return seasonCalendar(seed, y).byDay.get(day) ?? [];
  return [
    ...(seasonCalendar(seed, y - 1).byDay.get(day) ?? []),
    ...(phaseOne(seed, y).byDay.get(day) ?? []),
    ...(calendarCups(seed, y).byDay.get(day) ?? []),
  ];
}

export interface SeasonWindow {
  /** Beijing days of the first and last match of the season now running or last finished. */
  first: string;
  last: string;
  /** First match day of the next season. */
  next: string | null;
  /** Between the season's first and last match day. */
  running: boolean;
}

function roundCount(league: LeagueSeed, f: CompetitionFormat): number {
  if (f.kind === 'europe') return league.leaguePhase ?? f.weeks.length;
  if (f.kind === 'every') return f.rounds;
  const n = leagueTeams(league).length;
  return f.legs * (n % 2 === 0 ? n - 1 : n);
}

/** Beijing days of a season's first and last possible kick-off (its round dates, no placing needed). */
function spanOf(league: LeagueSeed, year: number): [string, string] | null {
  const cup = CUP_FORMATS[league.id];
  if (cup) {
    const times = cup.rounds.flatMap((r) => roundTimes(cup, r, year));
    return [chinaDay(Math.min(...times)), chinaDay(Math.max(...times))];
  }
  const f = FORMATS[league.id]!;
  const dates = roundDates(league.id, f, year, roundCount(league, f));
  if (dates.length === 0) return null;
  const times = (d: RoundDate) => d.slots.map((s) => slotTime(f.tz, d.anchor, s));
  // A European competition's season runs to its final.
  const last =
    f.kind === 'europe'
      ? Math.max(...knockoutReservations(year).find((r) => r.leagueId === league.id)!.times)
      : Math.max(...times(dates[dates.length - 1]!));
  return [chinaDay(Math.min(...times(dates[0]!))), chinaDay(last)];
}

/** Where a league stands in its calendar on a Beijing day: in season, or between seasons. */
export function seasonWindow(leagueId: number, day: string): SeasonWindow | null {
  const league = LEAGUE_BY_ID.get(leagueId);
  if (!league || (!FORMATS[leagueId] && !CUP_FORMATS[leagueId])) return null;
  const y = Number(day.slice(0, 4));
  const spans = [y - 1, y, y + 1].map((year) => spanOf(league, year)).filter((s): s is [string, string] => s !== null);
  const current = [...spans].reverse().find(([first]) => first <= day);
  if (!current) return null;
  const next = spans.find(([first]) => first > day)?.[0] ?? null;
  return { first: current[0], last: current[1], next, running: day <= current[1] };
}
