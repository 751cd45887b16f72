/**
 * The provably fair draw, as pure functions. Before an issue opens the server publishes
 * sha256(seed); each draw's roll is HMAC-SHA256(seed, `${issueNo}|${userId}|${drawNo}`) mapped
 * onto the prize table's weights; when the issue closes the seed is revealed and anyone can
 * recompute every draw. Stock is the only state: a rolled prize that is out of stock becomes
 * the consolation prize, so verification replays the draws in the order they were made.
 */
import crypto from 'node:crypto';

export interface PrizeSlot {
  id: number;
  kind: 'physical' | 'points' | 'none';
  weight: number;
  /** Stock when the issue opened; null for unlimited. */
  initialStock: number | null;
  sort: number;
}

export const newSeed = (): string => crypto.randomBytes(32).toString('hex');

export const seedHashOf = (seed: string): string => crypto.createHash('sha256').update(seed).digest('hex');

export function drawHmac(seed: string, issueNo: number, userId: number, drawNo: number): string {
  return crypto.createHmac('sha256', seed).update(`${issueNo}|${userId}|${drawNo}`).digest('hex');
}

/** The first 32 bits of the HMAC scaled onto [0, totalWeight): no modulo bias beyond 2^-32. */
export function rollOf(hmac: string, totalWeight: number): number {
  const u32 = Number.parseInt(hmac.slice(0, 8), 16);
  return Math.floor((u32 / 2 ** 32) * totalWeight);
}

const ordered = (prizes: readonly PrizeSlot[]): PrizeSlot[] =>
  [...prizes].sort((a, b) => a.sort - b.sort || a.id - b.id);

/** The prize a roll lands on, before stock is considered. */
export function prizeForRoll(prizes: readonly PrizeSlot[], roll: number): PrizeSlot {
  let acc = 0;
  for (const p of ordered(prizes)) {
    acc += p.weight;
    if (roll < acc) return p;
  }
  throw new Error('roll beyond the prize table');
}

export const totalWeight = (prizes: readonly PrizeSlot[]): number => prizes.reduce((s, p) => s + p.weight, 0);

export function consolationOf(prizes: readonly PrizeSlot[]): PrizeSlot {
  const c = ordered(prizes).find((p) => p.kind === 'none');
  if (!c) throw new Error('prize table has no consolation prize');
  return c;
}

export interface RecordedDraw {
  userId: number;
  drawNo: number;
  prizeId: number;
}

export interface ReplayedDraw extends RecordedDraw {
  hmac: string;
  roll: number;
  expectedPrizeId: number;
  ok: boolean;
}

/** Recomputes every draw (in the order they were made) from the seed; each row says if it matches. */
export function replayDraws(
  seed: string,
  issueNo: number,
  prizes: readonly PrizeSlot[],
  draws: readonly RecordedDraw[],
): ReplayedDraw[] {
  const total = totalWeight(prizes);
  const stock = new Map(prizes.map((p) => [p.id, p.initialStock]));
  const consolation = consolationOf(prizes);
  return draws.map((d) => {
    const hmac = drawHmac(seed, issueNo, d.userId, d.drawNo);
    const roll = rollOf(hmac, total);
    let expected = prizeForRoll(prizes, roll);
    const left = stock.get(expected.id);
    if (left !== null && left !== undefined) {
      if (left > 0) stock.set(expected.id, left - 1);
      else expected = consolation;
    }
    return { ...d, hmac, roll, expectedPrizeId: expected.id, ok: expected.id === d.prizeId };
  });
}
