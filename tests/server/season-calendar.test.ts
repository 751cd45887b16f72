/**
 * Properties of a generated season (issue 32): no club twice within 60 hours in any competitions,
 * kick-offs in each league's local slots, every team the same number of games after each round,
 * league sizes as configured, European league-phase draws by the association rules, leagues out
 * of season silent, the same seed the same world, and something in play at most hours.
 */
import { describe, expect, it, vi } from 'vitest';
import { seasonCalendar, seasonWindow, type SeasonMatch } from '../../server/live/simulator/season';
import { FOOTBALL_REST_H, FORMATS, slotMinute } from '../../server/live/simulator/formats';
import { CUP_FORMATS } from '../../server/live/simulator/formats-cups';
import { utcToLocal } from '../../server/live/simulator/local-time';
import { fixturesOfDay } from '../../server/live/simulator/fixtures';
import { generatedResults } from '../../server/live/past-results';
import { ALL_LEAGUES, LEAGUE_BY_ID, TEAM_BY_ID, countryOf, leagueTeams } from '../../server/seed/leagues';
import { addDays } from '../../workers/protocol/index';

const SEED = 20261127;
const season = seasonCalendar(SEED, 2026);
/**
 * Each competition's league (phase) matches as played: a called-off match counts on its rearranged
 * date; the European knockout rounds are tested in knockout.test.ts.
 */
const byLeague = new Map<number, SeasonMatch[]>();
for (const m of season.matches)
  if (m.stage === undefined && !m.fate) byLeague.set(m.leagueId, [...(byLeague.get(m.leagueId) ?? []), m]);

/** Real league sizes (2026-27 / 2026). */
const SIZES: Record<number, number> = {
  1: 20,
  2: 20,
  3: 20,
  4: 18,
  5: 18,
  6: 16,
  7: 36,
  10: 18,
  11: 18,
  14: 20,
  15: 18,
  16: 24,
  17: 18,
  18: 18,
  21: 18,
  22: 20,
  25: 36,
  26: 36,
  101: 30,
  102: 20,
};

describe('season calendar', () => {
  it('no football club plays twice within 60 hours, in any competitions (knockout and cup rounds included)', () => {
    const times = new Map<number, number[]>();
    for (const m of season.matches) {
      // A postponed match is not played on its date (its replay is).
      if (LEAGUE_BY_ID.get(m.leagueId)!.sport !== 'zq' || m.fate === 'postponed') continue;
      for (const t of [m.homeId, m.awayId]) times.set(t, [...(times.get(t) ?? []), m.at]);
    }
    let checked = 0;
    for (const [team, list] of times) {
      list.sort((a, b) => a - b);
      for (let i = 1; i < list.length; i++) {
        expect(list[i]! - list[i - 1]!, `${TEAM_BY_ID.get(team)!.name}`).toBeGreaterThanOrEqual(
          FOOTBALL_REST_H * 3600_000,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(8000);
  });

  it('basketball teams keep their league’s rest between games', () => {
    for (const l of ALL_LEAGUES.filter((x) => x.sport === 'lq')) {
      const f = FORMATS[l.id]!;
      if (f.kind !== 'every') throw new Error(`${l.name} has no basketball format`);
      const times = new Map<number, number[]>();
      for (const m of byLeague.get(l.id) ?? [])
        for (const t of [m.homeId, m.awayId]) times.set(t, [...(times.get(t) ?? []), m.at]);
      for (const list of times.values())
        for (let i = 1; i < list.length; i++)
          expect(list[i]! - list[i - 1]!).toBeGreaterThanOrEqual(f.minRestH * 3600_000);
    }
  });

  it('no league plays inside its winter (or all-star) break, local date', () => {
    let checked = 0;
    for (const m of season.matches) {
      const f = FORMATS[m.leagueId];
      if (!f || f.kind === 'europe' || !f.breaks) continue;
      const md = utcToLocal(f.tz, m.at).day.slice(5);
      for (const [from, to] of f.breaks) {
        const inside = from <= to ? md >= from && md <= to : md >= from || md <= to;
        expect(inside, `${LEAGUE_BY_ID.get(m.leagueId)!.name} ${m.day}`).toBe(false);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('midweek rounds exist where the real ones do (英超, 英冠), and only in leagues that have them', () => {
    const midweekGames = (leagueId: number) =>
      season.matches.filter((m) => {
        const f = FORMATS[m.leagueId]!;
        return m.leagueId === leagueId && [2, 3, 4].includes(utcToLocal(f.tz, m.at).weekday);
      }).length;
    const byName = (name: string) => ALL_LEAGUES.find((l) => l.name === name)!.id;
    // 英冠: 24 clubs, 46 rounds in August–May, so many Tuesday/Wednesday rounds; 英超 a few.
    expect(midweekGames(byName('英冠'))).toBeGreaterThan(100);
    expect(midweekGames(byName('英超'))).toBeGreaterThan(10);
    for (const [id, f] of Object.entries(FORMATS))
      if (f.kind === 'weekend' && f.midweek.length === 0) expect(midweekGames(Number(id)), String(id)).toBe(0);
  });

  it('every kick-off is one of its league’s local slots (北京时间 converted from local time)', () => {
    for (const m of season.matches) {
      // The domestic cups' slots are tested in cups.test.ts.
      if (CUP_FORMATS[m.leagueId]) continue;
      const f = FORMATS[m.leagueId]!;
      const local = utcToLocal(f.tz, m.at);
      if (m.stage === '决赛' && f.kind === 'europe') {
        // The final: its own day and kick-off (欧冠 on a Saturday, 欧联 and 欧会杯 on a Wednesday).
        expect([(2 + f.knockout.final[1]) % 7, slotMinute(f.knockout.final[2])]).toEqual([local.weekday, local.minute]);
        continue;
      }
      const slots =
        f.kind === 'weekend'
          ? [...f.weekend.map((s) => [6 + s[0], s] as const), ...f.midweek.map((s) => [2 + s[0], s] as const)]
          : f.kind === 'europe'
            ? f.slots.map((s) => [2 + s[0], s] as const)
            : f.slots.map((s) => [-1, s] as const);
      const fits = slots.some(
        ([wd, s]) => slotMinute(s[1]) === local.minute && (wd < 0 || (wd + 7) % 7 === local.weekday),
      );
      expect(fits, `${LEAGUE_BY_ID.get(m.leagueId)!.name} ${local.day} ${local.minute}`).toBe(true);
    }
    // 英超 on a winter Saturday: 12:30, 15:00 and 17:30 in England are 20:30, 23:00 and 01:30 北京时间.
    const bj = new Set(
      (byLeague.get(1) ?? [])
        .filter((m) => m.day >= '2026-11-01' && m.day <= '2027-02-28')
        .map((m) => new Date(m.at + 8 * 3600_000).toISOString().slice(11, 16)),
    );
    for (const t of ['20:30', '23:00', '01:30', '04:00']) expect(bj.has(t), t).toBe(true);
    expect(bj.has('19:45')).toBe(false);
    expect(bj.has('20:20')).toBe(false);
  });

  it('leagues have their real sizes and every team has played as often as the others after each round', () => {
    for (const [id, size] of Object.entries(SIZES))
      expect(leagueTeams(LEAGUE_BY_ID.get(Number(id))!).length).toBe(size);
    for (const l of ALL_LEAGUES.filter((x) => !CUP_FORMATS[x.id])) {
      const matches = byLeague.get(l.id) ?? [];
      const f = FORMATS[l.id]!;
      const teams = leagueTeams(l);
      expect(new Set(teams.map((t) => t.name)).size, `${l.name} names`).toBe(teams.length);
      const rounds = Math.max(...matches.map((m) => m.round));
      const expected =
        f.kind === 'weekend' ? f.legs * (teams.length - 1) : f.kind === 'every' ? f.rounds : l.leaguePhase!;
      expect(rounds, l.name).toBe(expected);
      const played = new Map(teams.map((t) => [t.id, 0]));
      for (let k = 1; k <= rounds; k++) {
        const round = matches.filter((m) => m.round === k);
        for (const m of round) for (const t of [m.homeId, m.awayId]) played.set(t, played.get(t)! + 1);
        expect(new Set(played.values()), `${l.name} after round ${k}`).toEqual(new Set([k]));
      }
      // Home and away as even as the format allows.
      const home = new Map<number, number>();
      for (const m of matches) home.set(m.homeId, (home.get(m.homeId) ?? 0) + 1);
      const slack = f.kind === 'every' ? 6 : 1;
      for (const t of teams)
        expect(Math.abs(2 * (home.get(t.id) ?? 0) - rounds), `${l.name} ${t.name}`).toBeLessThanOrEqual(slack);
    }
  });

  it('a called-off league match is played again on a free midweek evening before its season ends', () => {
    const calledOff = season.matches.filter((m) => m.fate);
    const replays = season.matches.filter((m) => m.rearranged);
    expect(calledOff.filter((m) => m.fate === 'postponed').length).toBeGreaterThan(20);
    expect(calledOff.filter((m) => m.fate === 'interrupted').length).toBeGreaterThan(20);
    expect(replays).toHaveLength(calledOff.length);
    for (const m of calledOff) {
      const again = replays.filter(
        (x) => x.leagueId === m.leagueId && x.round === m.round && x.homeId === m.homeId && x.awayId === m.awayId,
      );
      expect(again).toHaveLength(1);
      const f = FORMATS[m.leagueId]!;
      expect(again[0]!.at).toBeGreaterThan(m.at);
      expect(again[0]!.at).toBeLessThan(Math.max(...byLeague.get(m.leagueId)!.map((x) => x.at)));
      // Football replays are midweek evenings, local Tuesday or Wednesday.
      if (f.kind === 'weekend') expect([2, 3]).toContain(utcToLocal(f.tz, again[0]!.at).weekday);
    }
  });

  it('at the end of a season every team has played every scheduled game, called-off ones included', () => {
    // Calendar-year leagues whose 2026 season is over by late November: played out as the feed plays them.
    const done = [6, 9, 13, 19, 23].filter((id) => seasonWindow(id, '2026-11-27')!.last < '2026-11-27');
    const withCallOffs = done.filter((id) => season.matches.some((m) => m.leagueId === id && m.fate));
    expect(withCallOffs.length).toBeGreaterThan(0);
    for (const id of withCallOffs) {
      const w = seasonWindow(id, '2026-11-27')!;
      const results = generatedResults(SEED, id, w.first, w.last, new Set());
      const teams = leagueTeams(LEAGUE_BY_ID.get(id)!);
      const f = FORMATS[id]!;
      const games = f.kind === 'weekend' ? f.legs * (teams.length - 1) : 0;
      for (const t of teams)
        expect(
          results.filter((r) => r.homeId === t.id || r.awayId === t.id),
          `${t.name}`,
        ).toHaveLength(games);
    }
  });

  it('the European league phases are drawn by the rules and played on their nights', () => {
    for (const [id, days, weekdays] of [
      [7, 8, [2, 3]],
      [25, 8, [4]],
      [26, 6, [4]],
    ] as const) {
      const matches = byLeague.get(id)!;
      expect(matches).toHaveLength((36 * days) / 2);
      const teams = leagueTeams(LEAGUE_BY_ID.get(id)!);
      for (const t of teams) {
        const mine = matches.filter((m) => m.homeId === t.id || m.awayId === t.id);
        expect(mine.map((m) => m.round).sort((a, b) => a - b)).toEqual(Array.from({ length: days }, (_, i) => i + 1));
        const opponents = mine.map((m) => (m.homeId === t.id ? m.awayId : m.homeId));
        expect(new Set(opponents).size).toBe(days);
        expect(mine.filter((m) => m.homeId === t.id)).toHaveLength(days / 2);
        const nations = opponents.map((o) => countryOf(TEAM_BY_ID.get(o)!));
        expect(nations).not.toContain(countryOf(t));
        for (const n of new Set(nations)) expect(nations.filter((x) => x === n).length).toBeLessThanOrEqual(2);
      }
      for (const m of matches) expect(weekdays).toContain(utcToLocal('Europe/Paris', m.at).weekday);
    }
  });

  it('a league out of season has no matches and names its next start', () => {
    const csl = seasonWindow(6, '2026-11-27')!;
    expect(csl.running).toBe(false);
    expect(csl.last < '2026-11-27').toBe(true);
    expect(csl.next! > '2027-02-01').toBe(true);
    for (let d = addDays(csl.last, 1); d <= '2026-12-31'; d = addDays(d, 1))
      expect(fixturesOfDay(SEED, d).filter((f) => f.leagueId === 6)).toEqual([]);
    expect(seasonWindow(1, '2026-11-27')!.running).toBe(true);
  });

  it('the same seed gives the same world, another seed another', async () => {
    const day = fixturesOfDay(SEED, '2026-11-28');
    const results = generatedResults(SEED, 1, '2026-08-01', '2026-11-27', new Set());
    // Built again from scratch (fresh modules, so no cached calendar is read back): the whole
    // season, a day's fixtures and a league's played-out results are the same.
    vi.resetModules();
    const fresh = {
      season: await import('../../server/live/simulator/season'),
      fixtures: await import('../../server/live/simulator/fixtures'),
      past: await import('../../server/live/past-results'),
    };
    expect(fresh.season.seasonCalendar).not.toBe(seasonCalendar);
    expect(fresh.season.seasonCalendar(SEED, 2026).matches).toEqual(season.matches);
    expect(fresh.fixtures.fixturesOfDay(SEED, '2026-11-28')).toEqual(day);
    expect(results.length).toBeGreaterThan(50);
    expect(fresh.past.generatedResults(SEED, 1, '2026-08-01', '2026-11-27', new Set())).toEqual(results);
    expect(day.map((f) => [f.homeId, f.awayId])).not.toEqual(
      fresh.fixtures.fixturesOfDay(SEED + 1, '2026-11-28').map((f) => [f.homeId, f.awayId]),
    );
  });

  it('something is in play at most hours of a late-November fortnight', () => {
    let points = 0;
    let live = 0;
    for (let day = '2026-11-20'; day <= '2026-12-03'; day = addDays(day, 1)) {
      const fx = fixturesOfDay(SEED, day);
      expect(fx.some((f) => f.sport === 'zq')).toBe(true);
      expect(fx.some((f) => f.sport === 'lq')).toBe(true);
      const start = Date.parse(`${day}T00:00:00Z`) / 1000 - 8 * 3600;
      for (let t = start; t < start + 86_400; t += 1800) {
        points++;
        if (fx.some((f) => f.ot <= t && f.ot > t - 100 * 60)) live++;
      }
    }
    expect(live / points).toBeGreaterThan(0.8);
  });
});
