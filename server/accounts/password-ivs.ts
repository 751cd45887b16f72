/**
 * One-time password ivs and the transit key pair (spec §7; scheme in
 * workers/protocol/password-transit.ts). The key pair is created once and kept in the `kv` table,
 * so every process of a cluster, and a restarted one, opens what the others' clients sealed. An
 * iv is kept until it is used once or expires.
 */
import { Code } from '../../workers/protocol/index';
import {
  PASSWORD_IV_TTL_MS,
  decodeTransitPassword,
  generateTransitKeyPair,
  importTransitPrivateKey,
  type PasswordIv,
} from '../../workers/protocol/password-transit';
import type { Db } from '../db/index';
import { challengeId, dropStaleChallenges } from './challenge-rows';
import { BizError } from '../http/reply';
import { AccountText } from './text';

export const TRANSIT_KEY_KV = 'password_transit_key';

interface StoredKey {
  privateJwk: object;
  publicKey: string;
}

const loaded = new WeakMap<Db, Promise<{ privateKey: object; publicKey: string }>>();

/** The server's transit key pair: read from kv, or created there by the first process to ask. */
export function transitKey(db: Db): Promise<{ privateKey: object; publicKey: string }> {
  let p = loaded.get(db);
  if (!p) {
    p = (async () => {
      const fresh = await generateTransitKeyPair();
      // Two processes starting at once: the first insert wins and both read the winner back.
      await db
        .insertInto('kv')
        .values({ key: TRANSIT_KEY_KV, value: JSON.stringify(fresh) as unknown })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db.selectFrom('kv').select('value').where('key', '=', TRANSIT_KEY_KV).executeTakeFirstOrThrow();
      const stored = (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as StoredKey;
      return { privateKey: await importTransitPrivateKey(stored.privateJwk), publicKey: stored.publicKey };
    })();
    p.catch(() => loaded.delete(db));
    loaded.set(db, p);
  }
  return p;
}

export async function issuePasswordIv(db: Db, nowMs: number): Promise<PasswordIv> {
  const { publicKey } = await transitKey(db);
  const iv = challengeId();
  await dropStaleChallenges(db, 'password_ivs', nowMs);
  await db
    .insertInto('password_ivs')
    .values({ iv, created_at: new Date(nowMs), expires_at: new Date(nowMs + PASSWORD_IV_TTL_MS), used_at: null })
    .execute();
  return { iv, publicKey };
}

/** Marks the iv used (exactly once) and opens each sealed field with the server's private key. */
export async function openWithIv(db: Db, iv: string, sealed: string[], nowMs: number): Promise<string[]> {
  const claimed = await db
    .updateTable('password_ivs')
    .set({ used_at: new Date(nowMs) })
    .where('iv', '=', iv)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(nowMs))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    const row = await db.selectFrom('password_ivs').select(['used_at']).where('iv', '=', iv).executeTakeFirst();
    throw new BizError(
      Code.REFUSED,
      !row ? AccountText.ivInvalid : row.used_at ? AccountText.ivUsed : AccountText.ivExpired,
    );
  }
  const { privateKey } = await transitKey(db);
  const out: string[] = [];
  for (const s of sealed) {
    const plain = await decodeTransitPassword(s, iv, privateKey);
    if (plain === null) throw new BizError(Code.BAD_INPUT, AccountText.passwordDecrypt);
    out.push(plain);
  }
  return out;
}
