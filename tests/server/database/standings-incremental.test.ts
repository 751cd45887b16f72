/**
 * Standings kept incrementally (server/database/standings-incremental.ts) equal standings computed
 * from scratch (computeTable) after every step of a random season: results coming in as they
 * stand in play, full time, goals taken back (VAR), matches taken out (postponed) and put back,
 * in every scope, football and basketball. Three fixed seasons and one random one per case, its
 * seed printed on failure (`STANDINGS_SEED=<n>` replays it). The tables as served, which this
 * class keeps, are tested in ./league-tables.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { IncrementalTable } from '../../../server/database/standings-incremental';
import { computeTable, type ResultInput } from '../../../server/database/standings';
import type { Sport, StandingsScope } from '../../../workers/protocol/index';

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function season(sport: Sport, seed: number, scope: StandingsScope) {
  const rand = rng(seed);
  const teams = Array.from({ length: sport === 'zq' ? 20 : 16 }, (_, i) => 100 + i);
  const fixtures: Array<{ id: number; homeId: number; awayId: number; ot: number }> = [];
  let id = 1;
  for (const h of teams) for (const a of teams) if (h !== a) fixtures.push({ id: id++, homeId: h, awayId: a, ot: 0 });
  // Kick-offs in a random order, each its own (a team never plays twice at once).
  fixtures.sort(() => rand() - 0.5).forEach((f, i) => (f.ot = 1_700_000_000 + i * 3600));
  const inc = new IncrementalTable(sport, teams, scope);
  const now = new Map<number, ResultInput>();
  const goal = () => (sport === 'zq' ? Math.floor(rand() * 2) : 2 + Math.floor(rand() * 2));
  let checks = 0;
  const check = () => {
    checks++;
    expect(inc.table(), `${sport} ${scope}, seed ${seed}`).toEqual(
      computeTable(sport, teams, [...now.values()], scope),
    );
  };
  const set = (r: ResultInput) => {
    now.set(r.id, r);
    inc.set(r);
  };
  for (const f of fixtures) {
    let score: [number, number] = [0, 0];
    // In play: a few score changes, counted live.
    for (let k = 0; k < 1 + Math.floor(rand() * 3); k++) {
      score = [score[0] + goal(), score[1] + goal()];
      set({ ...f, score, live: true });
    }
    // A goal taken back (VAR): the score goes down again.
    if (rand() < 0.2 && score[0] + score[1] > 0) {
      score = score[0] > 0 ? [score[0] - 1, score[1]] : [score[0], score[1] - 1];
      set({ ...f, score, live: true });
    }
    // Full time; now and then corrected after it (a result changed by the league).
    set({ ...f, score, live: false });
    if (rand() < 0.05) set({ ...f, score: [score[1], score[0]], live: false });
    // Postponed: out of the table, sometimes back later at a result.
    if (rand() < 0.03) {
      now.delete(f.id);
      inc.remove(f.id);
    }
    if (rand() < 0.25) check();
  }
  check();
  return checks;
}

const RANDOM = Number(process.env.STANDINGS_SEED) || Math.floor(Math.random() * 2 ** 31);

describe('incremental standings equal standings from scratch', () => {
  for (const sport of ['zq', 'lq'] as const)
    for (const scope of ['total', 'home', 'away'] as const)
      it(`${sport} ${scope}: random seasons with corrections (seed ${RANDOM})`, () => {
        for (const seed of [1 * 31 + scope.length, 2 * 31 + scope.length, 3 * 31 + scope.length, RANDOM])
          expect(season(sport, seed, scope), `seed ${seed}`).toBeGreaterThan(10);
      });
});
