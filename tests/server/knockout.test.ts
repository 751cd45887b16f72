/**
 * The European knockout rounds (issue 32) of a generated season: drawn from the league phase as
 * the simulator plays it (9 v 24 … 16 v 17, then 1–8 against those winners), each round's clubs the
 * winners of the one before, the better league-phase place at home in the second leg, a second leg
 * carrying the first leg's goals (extra time and penalties only when level on aggregate), and
 * league-phase matches over after 90 minutes.
 */
import { describe, expect, it } from 'vitest';
import { seasonCalendar, type SeasonMatch } from '../../server/live/simulator/season';
import { fixturesOfDay, type Fixture } from '../../server/live/simulator/fixtures';
import { playOut } from '../../server/live/simulator/play-out';
import { tieWinner, tieOutcomeOf } from '../../server/live/simulator/knockout';
import { bracketOf } from '../../server/database/bracket';
import { computeTable, type ResultInput } from '../../server/database/standings';
import { LEAGUE_BY_ID, leagueTeams } from '../../server/seed/leagues';

const SEED = 20261127;
const season = seasonCalendar(SEED, 2026);

function fixtureOf(m: SeasonMatch): Fixture {
  const f = fixturesOfDay(SEED, m.day).find(
    (x) => x.leagueId === m.leagueId && x.homeId === m.homeId && x.ot * 1000 === m.at,
  );
  expect(f, `${m.leagueId} ${m.day} ${m.homeId}`).toBeDefined();
  return f!;
}

const ROUNDS = [
  ['附加赛', 8],
  ['1/8决赛', 8],
  ['1/4决赛', 4],
  ['半决赛', 2],
] as const;

describe.each([7, 25, 26])('knockout rounds of competition %i', (leagueId) => {
  const mine = season.matches.filter((m) => m.leagueId === leagueId);
  const leaguePhase = mine.filter((m) => m.stage === undefined);
  const knockout = mine.filter((m) => m.stage !== undefined);

  // The league-phase table as the simulator plays its matches.
  const played = leaguePhase.map((m) => ({ m, r: playOut(SEED, fixtureOf(m)) }));
  const results: ResultInput[] = played
    .filter((p) => p.r.finished)
    .map(({ m, r }, i) => ({
      id: i,
      homeId: m.homeId,
      awayId: m.awayId,
      ot: m.at / 1000,
      score: r.score,
      live: false,
    }));
  const ids = leagueTeams(LEAGUE_BY_ID.get(leagueId)!).map((t) => t.id);
  const table = computeTable('zq', ids, results);
  const rank = new Map(table.map((r) => [r.teamId, r.rank]));
  const byRank = table.map((r) => r.teamId);

  it('a league-phase match ends after 90 minutes: draws stand, no shoot-out', () => {
    expect(played.every((p) => p.r.pen === null)).toBe(true);
    expect(played.some((p) => p.r.finished && p.r.score[0] === p.r.score[1])).toBe(true);
  });

  it('each round is drawn from the table, then from the winners of the round before', () => {
    let clubs: number[] = [];
    for (const [s, [name, ties]] of ROUNDS.entries()) {
      const first = knockout.filter((m) => m.stage === `${name} 首回合`);
      const second = knockout.filter((m) => m.stage === `${name} 次回合`);
      expect([first.length, second.length], name).toEqual([ties, ties]);
      const teams = second.flatMap((m) => [m.homeId, m.awayId]).sort((a, b) => a - b);
      if (s === 0) {
        expect(teams).toEqual(byRank.slice(8, 24).sort((a, b) => a - b));
        for (const m of second) expect(rank.get(m.homeId)! + rank.get(m.awayId)!, name).toBe(33);
      } else if (s === 1) {
        expect(teams).toEqual([...byRank.slice(0, 8), ...clubs].sort((a, b) => a - b));
        for (const m of second) expect(rank.get(m.homeId)!, name).toBeLessThanOrEqual(8);
      } else expect(teams).toEqual([...clubs].sort((a, b) => a - b));
      const winners: number[] = [];
      for (const d of second) {
        // The better league-phase place hosts the second leg; the first leg is the same tie reversed.
        expect(rank.get(d.homeId)!).toBeLessThan(rank.get(d.awayId)!);
        const leg1 = first.find((m) => m.homeId === d.awayId && m.awayId === d.homeId)!;
        expect(leg1, name).toBeDefined();
        expect(d.at - leg1.at).toBeGreaterThanOrEqual(6 * 86_400_000);
        const r1 = playOut(SEED, fixtureOf(leg1));
        expect(r1.pen).toBeNull();
        const f2 = fixtureOf(d);
        expect(f2.carried).toEqual([r1.score[1], r1.score[0]]);
        const r2 = playOut(SEED, f2);
        const aggregate = [r2.score[0] + r1.score[1], r2.score[1] + r1.score[0]];
        // Penalties only when level on aggregate after extra time.
        expect(r2.pen !== null, `${aggregate}`).toBe(aggregate[0] === aggregate[1]);
        winners.push(tieWinner(d, r2));
      }
      clubs = winners;
    }
    const final = knockout.filter((m) => m.stage === '决赛');
    expect(final).toHaveLength(1);
    expect([final[0]!.homeId, final[0]!.awayId].sort((a, b) => a - b)).toEqual([...clubs].sort((a, b) => a - b));
    const f = fixtureOf(final[0]!);
    expect(f.carried).toEqual([0, 0]);
    const r = playOut(SEED, f);
    expect(r.finished).toBe(true);
    expect(r.pen !== null).toBe(r.score[0] === r.score[1]);
  });

  it('the bracket fills as the calendar reaches each round: drawn ties, aggregate scores, who went through', () => {
    const r16 = knockout.filter((m) => m.stage === '1/8决赛 首回合');
    const now = Math.max(...r16.map((m) => m.at)) + 12 * 3600_000;
    const results: ResultInput[] = knockout
      .filter((m) => m.at + 3 * 3600_000 < now)
      .map((m) => ({
        id: m.at,
        homeId: m.homeId,
        awayId: m.awayId,
        ot: m.at / 1000,
        score: playOut(SEED, fixtureOf(m)).score,
        live: false,
      }));
    const rows = table.map((r) => ({ rank: r.rank, teamId: r.teamId, teamName: `T${r.teamId}`, played: r.played }));
    const days = LEAGUE_BY_ID.get(leagueId)!.leaguePhase!;
    const b = bracketOf(rows, days, 2026, {
      matches: knockout,
      results,
      outcomeOf: (m) => tieOutcomeOf(SEED, m),
      nowMs: now,
      nameOf: (id) => `T${id}`,
    });
    expect(b.projected).toBe(false);
    const [po, r16Round, qf] = b.rounds;
    const r16Teams = new Set(knockout.filter((m) => m.stage === '1/8决赛 首回合').flatMap((m) => [m.homeId, m.awayId]));
    for (const tie of po!.ties) {
      expect(tie.winner).toBeDefined();
      const won = tie.winner === 'home' ? tie.home.teamId! : tie.away.teamId!;
      const lost = tie.winner === 'home' ? tie.away.teamId! : tie.home.teamId!;
      expect([r16Teams.has(won), r16Teams.has(lost)]).toEqual([true, false]);
      if (tie.score![0] !== tie.score![1]) {
        expect(tie.winner).toBe(tie.score![0] > tie.score![1] ? 'home' : 'away');
        expect(tie.pen).toBeUndefined();
      } else {
        // Level on aggregate: the shoot-out (the bracket's home side hosted the second leg) decided it.
        expect(tie.pen![0]).not.toBe(tie.pen![1]);
        expect(tie.winner).toBe(tie.pen![0] > tie.pen![1] ? 'home' : 'away');
      }
    }
    for (const tie of r16Round!.ties) {
      expect(tie.home.seed!).toBeLessThanOrEqual(8);
      const leg1 = r16.find((m) => m.homeId === tie.away.teamId && m.awayId === tie.home.teamId)!;
      const s = playOut(SEED, fixtureOf(leg1)).score;
      expect(tie.score).toEqual([s[1], s[0]]);
      expect(tie.winner).toBeUndefined();
    }
    expect(qf!.ties.every((t) => t.home.teamId === null && t.away.teamId === null)).toBe(true);
  });

  it('knockout nights come after the league phase, in order, and every tie is played', () => {
    const lastLeague = Math.max(...leaguePhase.map((m) => m.at));
    expect(Math.min(...knockout.map((m) => m.at))).toBeGreaterThan(lastLeague);
    const rounds = [...new Set(knockout.map((m) => m.round))].sort((a, b) => a - b);
    for (let i = 1; i < rounds.length; i++) {
      const before = knockout.filter((m) => m.round === rounds[i - 1]).map((m) => m.at);
      const after = knockout.filter((m) => m.round === rounds[i]).map((m) => m.at);
      expect(Math.min(...after)).toBeGreaterThan(Math.max(...before));
    }
    expect(knockout.every((m) => fixtureOf(m).fate === 'normal')).toBe(true);
  });
});
