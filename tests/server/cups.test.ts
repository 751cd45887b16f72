/**
 * The domestic cups of a generated season (issue 32): entered by the country's top division and,
 * where the seed has one, its second; kick-offs in each round's local slots and week; each round
 * drawn only from the winners of the round before (the second also from the clubs entering then),
 * one match per tie and one winner (extra time and penalties on a draw, as the simulator plays
 * it); no club twice within 60 hours across league, Europe and cup; no cup match on a day with a
 * European match; the same seed the same cups, another seed others.
 */
import { describe, expect, it, vi } from 'vitest';
import { seasonCalendar, seasonWindow, type SeasonMatch } from '../../server/live/simulator/season';
import { fixturesOfDay, type Fixture } from '../../server/live/simulator/fixtures';
import { playOut } from '../../server/live/simulator/play-out';
import {
  knockoutReservations,
  seasonDate,
  tieOutcomeOf,
  tieWinnerOf,
  tuesdayOf,
} from '../../server/live/simulator/knockout';
import { CUP_FORMATS } from '../../server/live/simulator/formats-cups';
import { cupReservations } from '../../server/live/simulator/cups';
import { FOOTBALL_REST_H, slotMinute } from '../../server/live/simulator/formats';
import { utcToLocal } from '../../server/live/simulator/local-time';
import { LEAGUE_BY_ID, TEAM_BY_ID, leagueTeams } from '../../server/seed/leagues';
import { cupBracketOf } from '../../server/database/cup-bracket';
import { chinaDay } from '../../workers/protocol/index';

const SEED = 20261127;
const YEAR = 2026;
const season = seasonCalendar(SEED, YEAR);
const CUPS = [
  [27, '足总杯', [1, 16]],
  [28, '国王杯', [2]],
  [29, '意大利杯', [3, 22]],
  [30, '德国杯', [4, 21]],
  [31, '法国杯', [5]],
  [32, '足协杯', [6, 19]],
] as const;
/** A round's week in its season: a calendar year's cup (足协杯) keeps to `YEAR`. */
const weekOf = (leagueId: number, md: string) =>
  tuesdayOf(CUP_FORMATS[leagueId]!.calendar ? `${YEAR}-${md}` : seasonDate(md, YEAR));

function fixtureOf(m: SeasonMatch): Fixture {
  const f = fixturesOfDay(SEED, m.day).find(
    (x) => x.leagueId === m.leagueId && x.homeId === m.homeId && x.ot * 1000 === m.at,
  );
  expect(f, `${m.leagueId} ${m.day} ${m.homeId}`).toBeDefined();
  return f!;
}

describe.each(CUPS)('cup %i (%s)', (leagueId, name, divisions) => {
  const league = LEAGUE_BY_ID.get(leagueId)!;
  const f = CUP_FORMATS[leagueId]!;
  const mine = season.matches.filter((m) => m.leagueId === leagueId);
  const entrants = divisions.flatMap((d) => leagueTeams(LEAGUE_BY_ID.get(d)!).map((t) => t.id));

  it('is a knockout competition of its country’s top division and, where the seed has one, its second', () => {
    expect(league).toMatchObject({ name, sport: 'zq', cup: true });
    expect(league.leaguePhase).toBeUndefined();
    expect(leagueTeams(league).map((t) => t.id)).toEqual(entrants);
    // N clubs, N − 1 ties: each knocks one club out.
    expect(mine.length).toBe(entrants.length - 1);
    expect(new Set(mine.flatMap((m) => [m.homeId, m.awayId]))).toEqual(new Set(entrants));
  });

  it('kicks off in its round’s week and local slots, converted to 北京时间', () => {
    f.rounds.forEach((round, k) => {
      const matches = mine.filter((m) => m.round === k + 1);
      expect(matches.length, round.name).toBeGreaterThan(0);
      const tuesday = weekOf(leagueId, round.week);
      for (const m of matches) {
        expect(m.stage).toBe(round.name);
        const local = utcToLocal(f.tz, m.at);
        expect(tuesdayOf(local.day), `${name} ${round.name} ${local.day}`).toBe(tuesday);
        const fits = round.slots.some((s) => (2 + s[0]) % 7 === local.weekday && slotMinute(s[1]) === local.minute);
        expect(fits, `${name} ${round.name} ${local.day} ${local.minute}`).toBe(true);
        expect(m.day).toBe(chinaDay(m.at));
      }
    });
  });

  it('draws each round only from the winners of the round before; one match and one winner per tie', () => {
    let left = new Set(entrants);
    let entered = new Set<number>();
    f.rounds.forEach((round, k) => {
      const matches = mine.filter((m) => m.round === k + 1);
      const clubs = matches.flatMap((m) => [m.homeId, m.awayId]);
      // Every club of the round once.
      expect(new Set(clubs).size, round.name).toBe(clubs.length);
      for (const c of clubs) expect(left.has(c), `${round.name} ${TEAM_BY_ID.get(c)!.name}`).toBe(true);
      if (k === 0) {
        // Clubs waiting for the second round: the top division's first-listed.
        const waiting = entrants.filter((c) => !clubs.includes(c));
        expect(waiting).toEqual(entrants.slice(0, waiting.length));
        entered = new Set(waiting);
      } else {
        // Everyone still in plays: the winners of the round before (and, now, those who waited).
        expect(new Set(clubs)).toEqual(left);
      }
      const winners = matches.map((m) => {
        // A single match: level after 90 minutes goes to extra time and penalties.
        expect(m.carried).toEqual([0, 0]);
        const r = playOut(SEED, fixtureOf(m));
        expect(r.finished).toBe(true);
        if (r.score[0] === r.score[1]) expect(r.pen && r.pen[0] !== r.pen[1]).toBe(true);
        const w = tieWinnerOf(SEED, m);
        expect([m.homeId, m.awayId]).toContain(w);
        return w;
      });
      left = new Set([...winners, ...(k === 0 ? entered : [])]);
    });
    expect(left.size).toBe(1);
  });

  it('its season runs from its first round to its final', () => {
    const days = mine.map((m) => m.day).sort();
    const w = seasonWindow(leagueId, days[0]!)!;
    expect([w.first, w.last, w.running]).toEqual([days[0], days[days.length - 1], true]);
  });
});

describe('cups in the season', () => {
  const cupIds = new Set<number>(CUPS.map(([id]) => id));
  const cups = season.matches.filter((m) => cupIds.has(m.leagueId));

  it('no club plays twice within 60 hours across league, Europe and cup', () => {
    const times = new Map<number, number[]>();
    for (const m of season.matches) {
      if (LEAGUE_BY_ID.get(m.leagueId)!.sport !== 'zq' || m.fate === 'postponed') continue;
      for (const t of [m.homeId, m.awayId]) times.set(t, [...(times.get(t) ?? []), m.at]);
    }
    let checked = 0;
    for (const m of cups)
      for (const team of [m.homeId, m.awayId]) {
        const others = times.get(team)!.filter((t) => t !== m.at);
        const gap = Math.min(...others.map((t) => Math.abs(t - m.at)));
        expect(gap, `${TEAM_BY_ID.get(team)!.name} ${m.day}`).toBeGreaterThanOrEqual(FOOTBALL_REST_H * 3600_000);
        checked++;
      }
    expect(checked).toBe(2 * cups.length);
    // Some ties are decided on penalties, as in every real cup.
    expect(cups.some((m) => playOut(SEED, fixtureOf(m)).pen !== null)).toBe(true);
  });

  it('no cup match falls on a Beijing day with a European match (the knockout draws read those days)', () => {
    const european = new Set(season.matches.filter((m) => [7, 25, 26].includes(m.leagueId)).map((m) => m.day));
    for (const m of cups) expect(european.has(m.day), `${m.leagueId} ${m.day}`).toBe(false);
  });

  it('the same seed gives the same cups, another seed others', async () => {
    vi.resetModules();
    const fresh = await import('../../server/live/simulator/season');
    const again = fresh.seasonCalendar(SEED, YEAR).matches.filter((m) => cupIds.has(m.leagueId));
    expect(again).toEqual(cups);
    const other = fresh.seasonCalendar(SEED + 1, YEAR).matches.filter((m) => cupIds.has(m.leagueId));
    expect(other.map((m) => [m.homeId, m.awayId])).not.toEqual(cups.map((m) => [m.homeId, m.awayId]));
  });
});

describe('a cup’s rounds in the 数据库', () => {
  const mine = season.matches.filter((m) => m.leagueId === 30);
  const results = mine.map((m, i) => ({
    id: i,
    homeId: m.homeId,
    awayId: m.awayId,
    ot: m.at / 1000,
    score: playOut(SEED, fixtureOf(m)).score,
    live: false,
  }));
  const second = mine.filter((m) => m.round === 2);
  const afterSecond = Math.max(...second.map((m) => m.at)) + 4 * 3600_000;
  const bracket = cupBracketOf({
    matches: mine,
    results: results.filter((r) => r.ot * 1000 < afterSecond),
    outcomeOf: (m) => tieOutcomeOf(SEED, m),
    nowMs: afterSecond,
    nameOf: (id) => TEAM_BY_ID.get(id)!.name,
  });

  it('lists every round with its days; played ties with their score and winner; the next drawn; later ones 待定', () => {
    expect(bracket.projected).toBe(false);
    expect(bracket.rounds.map((r) => [r.name, r.ties.length])).toEqual([
      ['第一轮', 4],
      ['第二轮', 16],
      ['1/8决赛', 8],
      ['1/4决赛', 4],
      ['半决赛', 2],
      ['决赛', 1],
    ]);
    expect(bracket.rounds[0]!.when).toMatch(/^8月\d+日/);
    for (const round of bracket.rounds.slice(0, 2))
      for (const t of round.ties) {
        expect(t.score).toBeDefined();
        expect(t.winner).toMatch(/^(home|away)$/);
      }
    const winners = new Set(bracket.rounds[1]!.ties.map((t) => (t.winner === 'home' ? t.home.teamId : t.away.teamId)));
    const drawn = bracket.rounds[2]!.ties.flatMap((t) => [t.home.teamId, t.away.teamId]);
    expect(new Set(drawn)).toEqual(winners);
    expect(bracket.rounds[2]!.ties.every((t) => t.score === undefined && t.winner === undefined)).toBe(true);
    expect(bracket.rounds.slice(2).every((r) => r.ties.every((t) => t.pen === undefined))).toBe(true);
  });

  it('a played tie level after extra time shows its shoot-out, home side first, and the winner won it', () => {
    const played = bracket.rounds.slice(0, 2).flatMap((r) => r.ties);
    let onPens = 0;
    for (const t of played) {
      const m = mine.find((x) => x.homeId === t.home.teamId && x.awayId === t.away.teamId)!;
      const r = playOut(SEED, fixtureOf(m));
      if (t.score![0] !== t.score![1]) {
        expect(t.pen).toBeUndefined();
        continue;
      }
      onPens++;
      expect(t.pen).toEqual(r.pen);
      expect(t.winner).toBe(t.pen![0] > t.pen![1] ? 'home' : 'away');
    }
    expect(onPens).toBeGreaterThan(0);
    for (const round of bracket.rounds.slice(3))
      expect(round.ties.every((t) => t.home.name === '待定' && t.away.name === '待定')).toBe(true);
  });
});

describe('足协杯: a calendar year’s cup of 中超 and 中甲', () => {
  const mine = season.matches.filter((m) => m.leagueId === 32);
  const league = (id: number) => season.matches.filter((m) => m.leagueId === id && m.fate !== 'postponed');
  const csl = league(6)
    .map((m) => m.day)
    .sort();
  const days = mine.map((m) => m.day).sort();

  it('is entered by the 32 Chinese clubs of 中超 and 中甲 (the next free id, 32)', () => {
    expect(LEAGUE_BY_ID.get(32)).toMatchObject({ name: '足协杯', cup: true, seasonKind: 'calendar' });
    const clubs = new Set(mine.flatMap((m) => [m.homeId, m.awayId]));
    expect(clubs.size).toBe(32);
    for (const c of clubs) expect([6, 19]).toContain(Math.floor(c / 100));
  });

  it('plays its rounds inside the 中超 season of the year, midweek at 19:35 or 15:30, the final after both leagues end', () => {
    expect(days[0]! > csl[0]!).toBe(true);
    expect(days[0]!.startsWith(`${YEAR}-05`)).toBe(true);
    const final = mine.find((m) => m.stage === '决赛')!;
    expect(final.day.startsWith(`${YEAR}-11`)).toBe(true);
    expect(final.day > csl[csl.length - 1]!).toBe(true);
    expect(
      final.day >
        league(19)
          .map((m) => m.day)
          .sort()
          .at(-1)!,
    ).toBe(true);
    for (const m of mine) {
      const local = utcToLocal('Asia/Shanghai', m.at);
      expect(['15:30', '19:35']).toContain(
        `${String(Math.floor(local.minute / 60)).padStart(2, '0')}:${String(local.minute % 60).padStart(2, '0')}`,
      );
      expect(m.day.startsWith(String(YEAR)), m.day).toBe(true);
      if (m.stage !== '决赛') expect(local.weekday, m.day).toBe(2);
    }
  });

  it('shares no Beijing day with another cup or a European knockout of the seasons around it (the draws read whole days)', () => {
    const before = seasonCalendar(SEED, YEAR - 1).matches;
    const busy = new Set(
      [...before, ...season.matches]
        .filter((m) => (m.stage !== undefined && m.leagueId !== 32) || (m.leagueId >= 27 && m.leagueId <= 31))
        .map((m) => m.day),
    );
    for (const m of mine) expect(busy.has(m.day), m.day).toBe(false);
    // Whatever the seed and year: every kick-off its rounds may use is on such a free day.
    for (let y = 2025; y <= 2032; y++) {
      const days = (list: Array<{ leagueId: number; times: number[] }>) =>
        list.filter((r) => r.leagueId !== 32).flatMap((r) => r.times.map((t) => chinaDay(t)));
      const taken = new Set([y - 1, y].flatMap((z) => [...days(cupReservations(z)), ...days(knockoutReservations(z))]));
      const own = cupReservations(y)
        .find((r) => r.leagueId === 32)!
        .times.map((t) => chinaDay(t));
      for (const d of own) expect(taken.has(d), `${y}: ${d}`).toBe(false);
    }
    // Its spring rounds are on the day lists of the split season before (July to June) as well.
    const may = mine.filter((m) => m.round === 1);
    for (const m of may)
      expect(fixturesOfDay(SEED, m.day).some((f) => f.leagueId === 32 && f.homeId === m.homeId)).toBe(true);
  });

  it('on 2026-11-28 its season is over: the bracket shows every round played and its winner; no match to come', () => {
    const now = Date.parse('2026-11-28T04:00:00Z');
    const w = seasonWindow(32, '2026-11-28')!;
    expect(w.running).toBe(false);
    expect(w.last).toBe(days.at(-1));
    expect(w.next!.startsWith('2027-05')).toBe(true);
    expect(mine.every((m) => m.at < now)).toBe(true);
    const results = mine.map((m, i) => ({
      id: i,
      homeId: m.homeId,
      awayId: m.awayId,
      ot: m.at / 1000,
      score: playOut(SEED, fixtureOf(m)).score,
      live: false,
    }));
    const bracket = cupBracketOf({
      matches: mine,
      results,
      outcomeOf: (m) => tieOutcomeOf(SEED, m),
      nowMs: now,
      nameOf: (id) => TEAM_BY_ID.get(id)!.name,
    });
    expect(bracket.rounds.map((r) => [r.name, r.ties.length])).toEqual([
      ['第四轮', 16],
      ['1/8决赛', 8],
      ['1/4决赛', 4],
      ['半决赛', 2],
      ['决赛', 1],
    ]);
    for (const r of bracket.rounds) for (const t of r.ties) expect(t.winner).toMatch(/^(home|away)$/);
    expect(bracket.rounds.at(-1)!.when).toMatch(/^11月\d+日$/);
  });
});
