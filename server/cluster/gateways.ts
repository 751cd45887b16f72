/**
 * The gateway registry (NATS KV, one bucket per cluster): each gateway puts its address and load
 * every HEARTBEAT_MS; the bucket's TTL forgets a gateway that stopped (killed, frozen) after
 * GATEWAY_TTL_MS. The socket-address call hands the client the live gateway with the fewest
 * sockets. (The connect-token secret is in a bucket without TTL: ./token-secret.ts.)
 */
import type { NatsConnection } from '@nats-io/transport-node';
import { Kvm, type KV } from '@nats-io/kv';
import { restOriginOf, type SocketAddress } from '../../workers/protocol/index';

/**
 * A killed gateway must be out of the address call's answers before its clients come back (5 s
 * after an unannounced drop): beat every second, forget an entry 3 s after its last beat.
 */
export const GATEWAY_HEARTBEAT_MS = 1_000;
export const GATEWAY_TTL_MS = 3_000;
/**
 * A gateway whose last heartbeat is older than this has missed one (killed, most likely): it is
 * handed out only when no gateway is fresher, so a killed gateway is not named again while its
 * entry waits out the TTL.
 */
export const GATEWAY_STALE_MS = GATEWAY_HEARTBEAT_MS * 1.5;
/** Longest an address call waits for a registry scan (then the last list, or this gateway). */
export const GATEWAY_SCAN_MS = 1_000;

export type Endpoint = SocketAddress['lotteryAddress'][number];

export interface GatewayEntry {
  id: string;
  endpoint: Endpoint;
  connections: number;
  /** Sockets per anchor-room topic on this gateway (`room:<id>` → count), for cluster-wide viewers. */
  rooms?: Record<string, number>;
  draining: boolean;
  at: number;
}

export interface GatewayRegistry {
  /** The live gateway with the fewest sockets (not draining, heartbeat fresh if any is), or null when none is registered. */
  pick(): Promise<Endpoint | null>;
  /**
   * pick()'s gateway plus the REST origins of up to `limit` live gateways, least loaded first
   * (the picked one among them): the address answer's `gateways`, asked next by a client whose
   * address call gets no answer.
   */
  route(limit: number): Promise<{ endpoint: Endpoint; gateways: string[] } | null>;
  list(): Promise<GatewayEntry[]>;
  /** Ids of the live gateways (the same short-cached scan the address call reads). */
  liveIds(): Promise<string[]>;
  /** Sockets on a topic summed over the live gateways (as of their last beats, at most ~1.5 s old). */
  viewers(topic: string): Promise<number>;
  /** Starts heartbeats for this gateway. */
  announce(self: Announced): void;
  /** Leaves the registry at once (drain): no new client is sent here. */
  withdraw(): Promise<void>;
  close(): Promise<void>;
}

export async function openRegistryBucket(nc: NatsConnection, cluster: string): Promise<KV> {
  return new Kvm(nc).create(`${cluster}_gateways`, { ttl: GATEWAY_TTL_MS, history: 1 });
}

interface Announced {
  id: string;
  endpoint: Endpoint;
  connections: () => number;
  /** Sockets per room topic here (published with each beat). */
  rooms?: () => Record<string, number>;
}

export function createGatewayRegistry(kv: KV, now: () => number = Date.now): GatewayRegistry {
  let timer: NodeJS.Timeout | null = null;
  let self: Announced | null = null;
  let withdrawn = false;
  // Cache the list briefly: an address call per client should not be a KV scan per client.
  let cached: { at: number; list: GatewayEntry[] } | null = null;
  // The heartbeat in flight, so a withdraw can wait for it: a put landing after the delete would
  // put a drained gateway back in the registry until its TTL runs out.
  let beating: Promise<void> = Promise.resolve();

  function beat(): Promise<void> {
    beating = beating.then(put, put);
    return beating;
  }

  async function put(): Promise<void> {
    if (!self || withdrawn) return;
    const entry: GatewayEntry = {
      id: self.id,
      endpoint: self.endpoint,
      connections: self.connections(),
      rooms: self.rooms?.(),
      draining: false,
      at: now(),
    };
    await kv.put(`gw.${self.id}`, JSON.stringify(entry));
  }

  async function list(): Promise<GatewayEntry[]> {
    const out: GatewayEntry[] = [];
    const keys = await kv.keys('gw.*');
    for await (const k of keys) {
      const e = await kv.get(k);
      if (!e || e.operation !== 'PUT' || !e.value.length) continue;
      const g = JSON.parse(e.string()) as GatewayEntry;
      if (!g.draining && now() - g.at < GATEWAY_TTL_MS) out.push(g);
    }
    return out;
  }

  // One scan at a time: a dead gateway's clients all ask within a second, and a scan per caller
  // (each a KV consumer on NATS) swamped NATS and stalled every answer (the chaos bench: 577
  // callers, address calls timing out after 10 s, none back in 50 s). A scan is also bounded: one
  // ran past 20 s right after a killed gateway's entry expired, and every caller waited on it.
  // Then the last list answers (or none: the address call names this gateway, which is alive).
  let scanning: Promise<GatewayEntry[]> | null = null;
  async function live(): Promise<GatewayEntry[]> {
    if (cached && now() - cached.at <= 500) return cached.list;
    if (!scanning) {
      const scan: Promise<GatewayEntry[]> = list().then(
        (l) => {
          cached = { at: now(), list: l };
          return l;
        },
        (err: unknown) => {
          console.error('[gateways] registry scan failed', err);
          return cached?.list ?? [];
        },
      );
      let timer: NodeJS.Timeout | undefined;
      const bounded = new Promise<GatewayEntry[]>((resolve) => {
        timer = setTimeout(() => resolve(cached?.list ?? []), GATEWAY_SCAN_MS);
      });
      scanning = Promise.race([scan, bounded]).finally(() => {
        clearTimeout(timer);
        scanning = null;
      });
    }
    return scanning;
  }

  async function route(limit: number): Promise<{ endpoint: Endpoint; gateways: string[] } | null> {
    const listed = await live();
    // Fresh: beat within GATEWAY_STALE_MS of now, or of the newest beat listed. A survivor short
    // of CPU while it takes a dead gateway's clients runs its own beats (and this call) late, so
    // every entry looked stale and the least-loaded one was named, often the dead one (the chaos
    // bench: 90 clients sent to a closed port, each then waiting the spec's 5 s). A gateway that
    // missed the beats the others made is still left out.
    const newest = listed.reduce((m, g) => Math.max(m, g.at), -Infinity);
    const fresh = listed.filter((g) => now() - g.at < GATEWAY_STALE_MS || newest - g.at < GATEWAY_STALE_MS);
    const gateways = fresh.length ? fresh : listed;
    if (!gateways.length) return null;
    let best = gateways[0];
    for (const g of gateways) if (g.connections < best.connections) best = g;
    const others = limit > 0 ? [...gateways].sort((a, b) => a.connections - b.connections).slice(0, limit) : [];
    best.connections++; // spread the next callers inside the cache window
    return { endpoint: best.endpoint, gateways: others.map((g) => restOriginOf(g.endpoint)) };
  }

  return {
    list,
    liveIds: async () => (await live()).map((g) => g.id),
    async viewers(topic) {
      let n = 0;
      for (const g of await live()) n += g.rooms?.[topic] ?? 0;
      return n;
    },
    pick: async () => (await route(0))?.endpoint ?? null,
    route,
    announce(s) {
      self = s;
      void beat().catch((err) => console.error('[gateways] heartbeat failed', err));
      timer = setInterval(
        () => void beat().catch((err) => console.error('[gateways] heartbeat failed', err)),
        GATEWAY_HEARTBEAT_MS,
      );
      timer.unref();
    },
    async withdraw() {
      withdrawn = true;
      if (timer) clearInterval(timer);
      await beating.catch(() => undefined);
      cached = null;
      if (self) await kv.delete(`gw.${self.id}`).catch(() => undefined);
    },
    async close() {
      if (timer) clearInterval(timer);
    },
  };
}
