/**
 * Socket admission shared by every gateway (the rules: server/ws/socket-admission.ts), in NATS KV:
 * - `<cluster>_tokens`: a key per claimed connect-token nonce, created once (`create` fails when
 *   the key exists, atomically on the server), forgotten by the bucket's TTL after the token
 *   expired. A token replayed on another gateway is refused there too.
 * - `<cluster>_addresses`: a key per client address holding each gateway's socket count for it,
 *   changed by compare-and-set on the key's revision, so two gateways admitting the same address
 *   at once cannot both take its last slot. Counts of gateways no longer in the registry (killed)
 *   are dropped when read, and a gateway always writes its own exact count, so a lost update heals
 *   on the next one.
 * Why NATS KV (not PostgreSQL like the rate limits): a socket connect is the hot path of a
 * reconnect storm (2,000 clients in seconds), and the gateways already keep their registry there.
 */
import crypto from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { Kvm, type KV } from '@nats-io/kv';
import { SOCKET_TOKEN_TTL_MS } from '../ws/socket-token';
import type { SocketAdmission } from '../ws/socket-admission';

/** Compare-and-set attempts before an address is refused (that much contention is a flood). */
const CAS_ATTEMPTS = 25;

export const admissionBucketsOf = (cluster: string) => [`${cluster}_tokens`, `${cluster}_addresses`] as const;

/** A KV write that lost a race: the key exists (create) or moved on (update). */
const lostRace = (err: unknown) => /wrong last sequence|key exists/i.test(String((err as Error)?.message ?? err));

const addressKey = (address: string) => `a.${crypto.createHash('sha256').update(address).digest('hex').slice(0, 40)}`;

export async function createClusterAdmission(opts: {
  nc: NatsConnection;
  cluster: string;
  gatewayId: string;
  maxPerAddress: number;
  /** Ids of the gateways in the registry now (a short-cached read). */
  liveGateways: () => Promise<string[]>;
  tokenTtlMs?: number;
}): Promise<SocketAdmission> {
  const [tokensName, addressesName] = admissionBucketsOf(opts.cluster);
  const kvm = new Kvm(opts.nc);
  // Kept past the token's expiry by a minute: a nonce is never forgotten while its token verifies.
  const tokens = await kvm.create(tokensName, { ttl: (opts.tokenTtlMs ?? SOCKET_TOKEN_TTL_MS) + 60_000, history: 1 });
  const addresses: KV | null = opts.maxPerAddress > 0 ? await kvm.create(addressesName, { history: 1 }) : null;
  const self = opts.gatewayId;
  /** This gateway's sockets per address: the exact count it writes for itself. */
  const mine = new Map<string, number>();

  /** Sets this gateway's count for `address` to `next(total of the others)`, or refuses. */
  async function setMine(address: string, next: (others: number) => number | null): Promise<boolean> {
    const key = addressKey(address);
    for (let i = 0; i < CAS_ATTEMPTS; i++) {
      const entry = await addresses!.get(key);
      const present = entry && entry.operation === 'PUT' && entry.value.length > 0;
      const counts = present ? (JSON.parse(entry.string()) as Record<string, number>) : {};
      const live = new Set(await opts.liveGateways());
      let others = 0;
      for (const [g, n] of Object.entries(counts)) {
        if (g === self) continue;
        if (live.has(g)) others += n;
        else delete counts[g];
      }
      const n = next(others);
      if (n === null) return false;
      if (n > 0) counts[self] = n;
      else delete counts[self];
      try {
        if (present) await addresses!.update(key, JSON.stringify(counts), entry.revision);
        else await addresses!.create(key, JSON.stringify(counts));
        return true;
      } catch (err) {
        if (!lostRace(err)) throw err;
      }
    }
    return false;
  }

  // This gateway's changes to one address go one at a time, so each writes the exact count.
  const queues = new Map<string, Promise<unknown>>();
  function inTurn<T>(address: string, step: () => Promise<T>): Promise<T> {
    const prev = queues.get(address) ?? Promise.resolve();
    const run = prev.then(step, step);
    const tail = run.catch(() => undefined);
    queues.set(address, tail);
    void tail.then(() => {
      if (queues.get(address) === tail) queues.delete(address);
    });
    return run;
  }

  return {
    async claimToken(nonce) {
      try {
        await tokens.create(`t.${nonce}`, '1');
        return true;
      } catch (err) {
        if (lostRace(err)) return false;
        throw err;
      }
    },
    acquire(address) {
      if (!addresses) return true;
      return inTurn(address, async () => {
        const local = mine.get(address) ?? 0;
        const ok = await setMine(address, (others) => (others + local >= opts.maxPerAddress ? null : local + 1));
        if (ok) mine.set(address, local + 1);
        return ok;
      });
    },
    release(address) {
      if (!addresses) return;
      // Off the close path; a lost write heals on this gateway's next one for the address.
      void inTurn(address, async () => {
        const left = (mine.get(address) ?? 1) - 1;
        if (left > 0) mine.set(address, left);
        else mine.delete(address);
        await setMine(address, () => left);
      }).catch((err) => console.error('[admission] release failed', err));
    },
  };
}
