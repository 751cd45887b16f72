/**
 * A domestic cup's rounds as the 数据库 shows them instead of a table (../live/simulator/cups.ts):
 * each round with its week, its ties once drawn (the first round from the start, a later one
 * once the round before is over), the score of each tie played (extra time included) and, once
 * decided, who went through (and a shoot-out's score); a round not drawn yet lists its ties as 待定.
 */
import type { BracketSide, KnockoutBracket, KnockoutRound } from '../../workers/protocol/index';
import type { SeasonMatch } from '../live/simulator/season';
import { decidedBy, type KnockoutPlay } from './bracket';

/** A match is over this long after its kick-off (extra time and penalties included). */
const OVER_MS = 3 * 3600_000;

const monthDay = (day: string): string => `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

export function cupBracketOf(play: KnockoutPlay): KnockoutBracket {
  const byRound = new Map<number, SeasonMatch[]>();
  for (const m of play.matches) byRound.set(m.round, [...(byRound.get(m.round) ?? []), m]);
  const rounds = [...byRound.keys()].sort((a, b) => a - b);
  const open = (): BracketSide => ({ teamId: null, name: '待定', seed: null });
  const side = (teamId: number): BracketSide => ({ teamId, name: play.nameOf(teamId), seed: null });
  const resultOf = (m: SeasonMatch) =>
    play.results.find((r) => r.homeId === m.homeId && r.awayId === m.awayId && r.ot * 1000 === m.at);
  return {
    projected: false,
    rounds: rounds.map((k, i): KnockoutRound => {
      const mine = byRound.get(k)!.sort((a, b) => a.at - b.at || a.homeId - b.homeId);
      const days = mine.map((m) => m.day).sort();
      const first = days[0]!;
      const last = days[days.length - 1]!;
      const when = first === last ? monthDay(first) : `${monthDay(first)}-${monthDay(last)}`;
      const before = i === 0 ? [] : byRound.get(rounds[i - 1]!)!;
      const drawn = before.every((m) => m.at + OVER_MS <= play.nowMs);
      if (!drawn) return { name: mine[0]!.stage!, when, ties: mine.map(() => ({ home: open(), away: open() })) };
      return {
        name: mine[0]!.stage!,
        when,
        ties: mine.map((m) => {
          const r = resultOf(m);
          const out = r && !r.live ? play.outcomeOf(m) : null;
          return {
            home: side(m.homeId),
            away: side(m.awayId),
            ...(r ? { score: [r.score[0], r.score[1]] as [number, number] } : {}),
            ...decidedBy(out, m.homeId),
          };
        }),
      };
    }),
  };
}
