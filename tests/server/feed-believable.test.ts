/**
 * Simulator properties a fan would notice: a sent-off player takes no further part, and
 * basketball games that tip off together do not share one game clock.
 */
import { describe, expect, it } from 'vitest';
import { fixturesOfDay } from '../../server/live/simulator/fixtures';
import { fixtureToSim } from '../../server/live/simulator/create-feed';
import { advanceFootball, footballMinute } from '../../server/live/simulator/football';
import { matchMinuteText } from '../../workers/domain/minute-text';
import { advanceBasketball, basketballRemain } from '../../server/live/simulator/basketball';
import { newOutput, type FootballState, type LiveMatch } from '../../server/live/model';

const SEED = 20261122;
const DAYS = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];

function simulate(m: LiveMatch, to: number): void {
  const ctx = { seed: SEED, speed: 1, out: newOutput(), snapshot: false, history: true };
  if (m.sport === 'zq') advanceFootball(ctx, m, to);
  else advanceBasketball(ctx, m, to);
}

describe('football: who is on the pitch', () => {
  const matches = DAYS.flatMap((day) => fixturesOfDay(SEED, day))
    .filter((f) => f.sport === 'zq')
    .map((f) => fixtureToSim(SEED, f, 0));
  for (const m of matches) simulate(m, m.ot * 1000 + 4 * 3600_000);

  it('a sent-off player never appears in a later event', () => {
    let sendOffs = 0;
    for (const m of matches) {
      const events = (m.st as FootballState).players;
      events.forEach(([id, , , kind], k) => {
        if (kind !== 'red') return;
        sendOffs++;
        expect(events.slice(k + 1).filter(([later]) => later === id)).toEqual([]);
      });
    }
    // The property is only meaningful if the simulated days contain sendings-off.
    expect(sendOffs).toBeGreaterThan(5);
  });

  it('a player is booked at most once: the second yellow is a red', () => {
    for (const m of matches) {
      const yellows = (m.st as FootballState).players.filter(([, , , kind]) => kind === 'yellow').map(([id]) => id);
      expect(new Set(yellows).size).toBe(yellows.length);
    }
  });
});

describe('basketball: every game has its own clock', () => {
  it('games that tip off at the same moment show different clocks in play', () => {
    const games = DAYS.flatMap((day) => fixturesOfDay(SEED, day)).filter((f) => f.sport === 'lq');
    const byTipOff = new Map<number, typeof games>();
    for (const g of games) byTipOff.set(g.ot, [...(byTipOff.get(g.ot) ?? []), g]);
    const groups = [...byTipOff.values()].filter((g) => g.length >= 2);
    expect(groups.length).toBeGreaterThan(0);
    let compared = 0;
    let differing = 0;
    for (const group of groups) {
      // Sample several moments of the first quarter (tip-off + 3…15 real minutes).
      for (const offsetMin of [3, 7, 11, 15]) {
        const at = group[0]!.ot * 1000 + offsetMin * 60_000;
        const clocks = group.map((f) => {
          const m = fixtureToSim(SEED, f, 0);
          simulate(m, at);
          return basketballRemain(m, at, 1);
        });
        if (clocks.some((c) => c === null)) continue;
        compared++;
        if (new Set(clocks).size > 1) differing++;
      }
    }
    expect(compared).toBeGreaterThan(3);
    expect(differing / compared).toBeGreaterThan(0.75);
  });

  it('the clock stands still during stoppages and never runs backwards', () => {
    const f = DAYS.flatMap((day) => fixturesOfDay(SEED, day)).find((g) => g.sport === 'lq')!;
    const m = fixtureToSim(SEED, f, 0);
    const start = f.ot * 1000;
    let prev = Infinity;
    let stood = 0;
    for (let s = 0; s <= 600; s += 5) {
      const at = start + s * 1000;
      simulate(m, at);
      const remain = basketballRemain(m, at, 1);
      if (remain === null) continue;
      expect(remain).toBeLessThanOrEqual(prev);
      if (remain === prev) stood++;
      prev = remain;
    }
    expect(stood).toBeGreaterThan(0);
  });
});

describe('one minute rule for the header and the events', () => {
  it("a dev event's minute is the minute the header shows at that moment", () => {
    const f = DAYS.flatMap((day) => fixturesOfDay(SEED, day)).find((g) => g.sport === 'zq')!;
    const m = fixtureToSim(SEED, f, 0);
    const kickOff = f.ot * 1000;
    for (const sec of [5, 59, 61, 4 * 60 + 30, 17 * 60 + 59, 38 * 60 + 1]) {
      const at = kickOff + sec * 1000;
      simulate(m, at);
      const st = m.st as FootballState;
      const header = matchMinuteText({ s: m.status, halfStart: st.phaseStart / 1000 }, at);
      expect(String(footballMinute(m, at, 1))).toBe(header);
    }
  });
});
