/**
 * Single-use challenges stored as rows (password IVs, slide puzzles): a random id each, and rows
 * more than an hour past expiry dropped whenever a new one is issued, so the table stays small.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/index';

export type ChallengeTable = 'password_ivs' | 'slide_challenges';

/** A fresh challenge id: 16 random bytes, base64url. */
export const challengeId = (): string => crypto.randomBytes(16).toString('base64url');

export async function dropStaleChallenges(db: Db, table: ChallengeTable, nowMs: number): Promise<void> {
  await db
    .deleteFrom(table)
    .where('expires_at', '<', new Date(nowMs - 3600_000))
    .execute();
}
