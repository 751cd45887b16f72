/**
 * 情报 as shown: the facts of both sides at this moment (rank, gap, form, home/away record,
 * scoring) ahead of the source's stored notes (injuries, venue, officials).
 */
import type { Intelligence } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { pairFacts } from './team-facts';
import { sideFactLines } from './text';

export async function intelligenceNow(
  db: Db,
  m: { homeId: number; awayId: number },
  stored: Intelligence,
): Promise<Intelligence> {
  const facts = await pairFacts(db, m.homeId, m.awayId);
  const side = (s: 'home' | 'away') => {
    const f = facts[s];
    const lines = f ? sideFactLines(f, s) : [];
    return {
      good: [...lines.filter((l) => l.tone === 'good').map((l) => l.text), ...stored[s].good],
      bad: [...lines.filter((l) => l.tone === 'bad').map((l) => l.text), ...stored[s].bad],
    };
  };
  const neutral = (['home', 'away'] as const).flatMap((s) => {
    const f = facts[s];
    return f
      ? sideFactLines(f, s)
          .filter((l) => l.tone === 'neutral')
          .map((l) => l.text)
      : [];
  });
  return { home: side('home'), away: side('away'), neutral: [...neutral, ...stored.neutral] };
}
