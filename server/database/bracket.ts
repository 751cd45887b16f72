/**
 * The knockout bracket after a league phase (UEFA's fixed bracket): the play-off round pairs 9–24
 * (9 v 24 … 16 v 17), the round of 16 puts 1–8 against those winners (1 v 16/17 … 8 v 9/24), then
 * quarter-finals, semi-finals and the final. While the league phase is on it is the bracket as the
 * table stands (`projected`). Once the calendar reaches a round (its draw known: the round before
 * it is over), the round shows the ties as the season calendar drew them (../live/simulator/
 * knockout.ts), with the aggregate score of the legs played and, once decided, who went through.
 */
import type { BracketSide, KnockoutBracket, KnockoutRound } from '../../workers/protocol/index';
import type { SeasonMatch } from '../live/simulator/season';
import { FINAL, type TieOutcome } from '../live/simulator/knockout';
import type { ResultInput } from './standings';

type Row = { rank: number; teamId: number; teamName: string; played: number };

/** What the calendar holds of a season's knockout rounds, and the results known now. */
export interface KnockoutPlay {
  /** The competition's knockout matches of the season (stage set), in any order. */
  matches: readonly SeasonMatch[];
  /** Stored (and earlier, generated) results of the competition. */
  results: readonly ResultInput[];
  /** How each decided tie ended, by its deciding match (the shoot-out is not in a result). */
  outcomeOf: (deciding: SeasonMatch) => TieOutcome;
  nowMs: number;
  /** A team's name. */
  nameOf: (teamId: number) => string;
}

const ROUNDS = ['附加赛', '1/8决赛', '1/4决赛', '半决赛', FINAL] as const;
/** A match is over this long after its kick-off (extra time and penalties included). */
const OVER_MS = 3 * 3600_000;

export function bracketOf(rows: readonly Row[], days: number, year: number, play?: KnockoutPlay): KnockoutBracket {
  const at = (rank: number): BracketSide => {
    const r = rows.find((x) => x.rank === rank);
    return { teamId: r?.teamId ?? null, name: r?.teamName ?? `第${rank}名`, seed: rank };
  };
  const winner = (a: number, b: number): BracketSide => ({ teamId: null, name: `第${a}/${b}名胜者`, seed: null });
  const open = (): BracketSide => ({ teamId: null, name: '待定', seed: null });
  const tbd = (n: number) => Array.from({ length: n }, () => ({ home: open(), away: open() }));
  const y = year + 1;
  const projected: KnockoutRound[] = [
    {
      name: '附加赛',
      when: `${y}年2月`,
      ties: Array.from({ length: 8 }, (_, i) => ({ home: at(9 + i), away: at(24 - i) })),
    },
    {
      name: '1/8决赛',
      when: `${y}年3月`,
      ties: Array.from({ length: 8 }, (_, i) => ({ home: at(1 + i), away: winner(16 - i, 17 + i) })),
    },
    { name: '1/4决赛', when: `${y}年4月`, ties: tbd(4) },
    { name: '半决赛', when: `${y}年4-5月`, ties: tbd(2) },
    { name: FINAL, when: `${y}年5-6月`, ties: tbd(1) },
  ];
  const isProjected = !rows.every((r) => r.played >= days);
  return {
    projected: isProjected,
    rounds: play && !isProjected ? projected.map((round, s) => drawnRound(round, s, rows, play)) : projected,
  };
}

/** A round as drawn, once the round before it is over; else as projected. */
function drawnRound(projected: KnockoutRound, stage: number, rows: readonly Row[], play: KnockoutPlay): KnockoutRound {
  const of = (s: number) => play.matches.filter((m) => m.stage?.startsWith(ROUNDS[s]!));
  const mine = of(stage);
  const before = stage === 0 ? [] : of(stage - 1);
  if (mine.length === 0 || before.some((m) => m.at + OVER_MS > play.nowMs)) return projected;
  const seedOf = (teamId: number) => rows.find((r) => r.teamId === teamId)?.rank ?? null;
  const side = (teamId: number): BracketSide => ({ teamId, name: play.nameOf(teamId), seed: seedOf(teamId) });
  // The deciding match (second leg, final) is hosted by the better league-phase place.
  const deciding = mine.filter((m) => m.carried !== undefined).sort((a, b) => seedOf(a.homeId)! - seedOf(b.homeId)!);
  const resultOf = (m: SeasonMatch) =>
    play.results.find((r) => r.homeId === m.homeId && r.awayId === m.awayId && r.ot * 1000 === m.at);
  return {
    ...projected,
    ties: deciding.map((d) => {
      const legs = mine.filter((m) => new Set([m.homeId, m.awayId, d.homeId, d.awayId]).size === 2);
      let score: [number, number] | null = null;
      for (const leg of legs) {
        const r = resultOf(leg);
        if (!r) continue;
        const [h, a] = leg.homeId === d.homeId ? r.score : [r.score[1], r.score[0]];
        score = [(score?.[0] ?? 0) + h, (score?.[1] ?? 0) + a];
      }
      const decided = resultOf(d);
      const out = decided && !decided.live ? play.outcomeOf(d) : null;
      return {
        home: side(d.homeId),
        away: side(d.awayId),
        ...(score ? { score } : {}),
        ...decidedBy(out, d.homeId),
      };
    }),
  };
}

/** A decided tie's winner side and, when it went to penalties, its shoot-out (home side first). */
export function decidedBy(
  out: TieOutcome | null,
  homeId: number,
): { winner?: 'home' | 'away'; pen?: [number, number] } {
  if (!out) return {};
  return {
    winner: out.winner === homeId ? 'home' : 'away',
    ...(out.pen ? { pen: [out.pen[0], out.pen[1]] } : {}),
  };
}
