/**
 * The cluster bus on NATS JetStream (contract: ./bus.ts).
 *
 * One stream per cluster holds every topic's events on `<name>.in.<topic>`, for
 * BUS_RETENTION (5 minutes, at most 1,000 per topic). Publication: the topic's next seq is put in
 * the frame and the message is stored only if the subject's last stored message is still the one
 * this publisher saw (`Nats-Expected-Last-Subject-Sequence`), so two publishers on one topic (two
 * gateways relaying chat) never give one seq twice: the loser reads the new last and tries again.
 *
 * Delivery: the stream republishes each stored message on `<name>.ev.<topic>`; a gateway
 * subscribes there (plain NATS, cheap per topic) only for the topics its clients hold. On join,
 * and whenever a seq is skipped (a message lost on the way), it reads the gap from the stream
 * with an ordered consumer, so frames reach the hub contiguous and in order.
 */
import { headers, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import crypto from 'node:crypto';
import { Frame, SERVER_ID_MAX } from '../../workers/protocol/index';
import { BUS_RETENTION, subjectToken, type BusHandlers, type BusStats, type ClusterBus } from './bus';

const SEQ = 'Qs-Seq';
const AT = 'Qs-At';
const MAX_PUBLISH_TRIES = 50;

interface PubState {
  loaded: boolean;
  /** Stream seq of the subject's last stored message (0: none). */
  streamSeq: number;
  seq: number;
  /** The topic's publications, one after another; each settles true (stored) or false (failed). */
  chain: Promise<boolean>;
}

interface Follow {
  key: string;
  sub: Subscription | null;
  seq: number;
  streamSeq: number;
  syncing: boolean;
  buffer: Msg[];
  ready: Promise<void>;
  left: boolean;
}

export interface JetStreamBusOptions {
  nc: NatsConnection;
  /** Stream name and subject prefix (tests use a unique one per run). */
  name: string;
  log?: (msg: string, err?: unknown) => void;
  now?: () => number;
}

/**
 * The stream's identity, sent as `serverId` in HELLO and echoed back by resuming clients, so it
 * must fit the SUBSCRIBE frame's `serverId` (SERVER_ID_MAX): a longer cluster name made every
 * resume a bad frame, and no dropped client came back (the chaos bench with a 27-character name).
 */
export function streamIdentity(name: string, created: string): string {
  const full = `${name}@${created}`;
  if (full.length <= SERVER_ID_MAX) return full;
  const digest = crypto.createHash('sha256').update(full).digest('base64url').slice(0, 22);
  return `${name.slice(0, SERVER_ID_MAX - digest.length - 1)}@${digest}`;
}

export async function createJetStreamBus(opts: JetStreamBusOptions): Promise<ClusterBus> {
  const { nc, name } = opts;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((msg: string, err?: unknown) => console.error(`[bus] ${msg}`, err ?? ''));
  const jsm: JetStreamManager = await jetstreamManager(nc);
  const js: JetStreamClient = jetstream(nc);
  const inSubject = (key: string) => `${name}.in.${subjectToken(key)}`;
  const evSubject = (key: string) => `${name}.ev.${subjectToken(key)}`;
  const info = await ensureStream(jsm, name);
  const clusterId = streamIdentity(name, info.created);

  let handlers: BusHandlers = { onFrame: () => undefined, onReset: () => undefined };
  const pubs = new Map<string, PubState>();
  const follows = new Map<string, Follow>();
  const inFlight = new Set<Promise<boolean>>();
  const stats: BusStats = {
    received: 0,
    replayed: 0,
    gaps: 0,
    resets: 0,
    lagMs: 0,
    maxLagMs: 0,
    topics: 0,
    published: 0,
    publishFailures: 0,
  };
  let maxLagAt = 0;

  async function loadLast(key: string): Promise<{ streamSeq: number; seq: number } | null> {
    const m = await jsm.streams.getMessage(name, { last_by_subj: inSubject(key) });
    if (!m) return null;
    return { streamSeq: m.seq, seq: Number(m.header.get(SEQ)) || 0 };
  }

  async function publishOne(st: PubState, key: string, wire: string, event: unknown, dedupeId?: string): Promise<void> {
    for (let attempt = 0; attempt < MAX_PUBLISH_TRIES; attempt++) {
      if (!st.loaded) {
        const last = await loadLast(key);
        // Past the window the subject is empty: keep counting up, never back (clients drop old seqs).
        st.streamSeq = last?.streamSeq ?? 0;
        st.seq = last ? last.seq : st.seq;
        st.loaded = true;
      }
      const seq = st.seq + 1;
      const at = now();
      const h = headers();
      h.set(SEQ, String(seq));
      h.set(AT, String(at));
      const frame = JSON.stringify({ code: Frame.EVENT, topic: wire, seq, data: event });
      try {
        const ack = await js.publish(inSubject(key), frame, {
          headers: h,
          expect: { lastSubjectSequence: st.streamSeq },
          ...(dedupeId ? { msgID: dedupeId } : {}),
        });
        if (ack.duplicate) {
          // Stored before (by a gateway that died before it could say so): nothing new, no seq used.
          st.loaded = false;
          return;
        }
        st.streamSeq = ack.seq;
        st.seq = seq;
        stats.published++;
        return;
      } catch (err) {
        if (!/wrong last sequence/i.test(String((err as Error).message))) throw err;
        // Another publisher stored first: read the new last and try again, after a short random
        // pause so two busy publishers on one topic do not keep colliding.
        st.loaded = false;
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 ** attempt)));
      }
    }
    throw new Error(`publish on ${key}: gave up after ${MAX_PUBLISH_TRIES} tries`);
  }

  function noteLag(at: number): void {
    const t = now();
    const lag = Math.max(0, t - at);
    stats.lagMs = lag;
    if (lag >= stats.maxLagMs || t - maxLagAt > 60_000) {
      stats.maxLagMs = lag;
      maxLagAt = t;
    }
  }

  /** Takes one stored message for a followed topic; returns false when a gap must be read first. */
  function accept(f: Follow, streamSeq: number, seq: number, at: number, data: Uint8Array, replayed: boolean): boolean {
    if (streamSeq <= f.streamSeq) return true; // already have it
    if (f.seq !== 0 && seq !== f.seq + 1) {
      if (!replayed && seq > f.seq + 1) return false;
      // History this process held is gone or the seq restarted: subscribers re-fetch from here.
      stats.resets++;
      f.seq = seq;
      f.streamSeq = streamSeq;
      handlers.onReset(f.key, seq);
      return true;
    }
    f.seq = seq;
    f.streamSeq = streamSeq;
    if (replayed) stats.replayed++;
    else stats.received++;
    noteLag(at);
    handlers.onFrame({ key: f.key, seq, at, frame: Buffer.from(data) });
    return true;
  }

  /** Reads everything stored on the topic after what `f` holds, then the live messages buffered meanwhile. */
  async function sync(f: Follow): Promise<void> {
    try {
      const last = await jsm.streams.getMessage(name, { last_by_subj: inSubject(f.key) });
      if (last && last.seq > f.streamSeq && !f.left) {
        const consumer = await js.consumers.get(name, {
          filter_subjects: inSubject(f.key),
          ...(f.streamSeq > 0
            ? { deliver_policy: 'by_start_sequence' as const, opt_start_seq: f.streamSeq + 1 }
            : { deliver_policy: 'all' as const }),
        });
        while (f.streamSeq < last.seq && !f.left) {
          const batch = await consumer.fetch({ max_messages: BUS_RETENTION.maxPerTopic, expires: 5_000 });
          let got = 0;
          for await (const m of batch) {
            got++;
            const seq = Number(m.headers?.get(SEQ)) || 0;
            accept(f, m.seq, seq, Number(m.headers?.get(AT)) || now(), m.data, true);
            if (m.seq >= last.seq) break;
          }
          if (got === 0) break; // expired under us: what is left is newer than `last`
        }
        await consumer.delete().catch(() => undefined);
      }
    } finally {
      f.syncing = false;
    }
    drainBuffer(f);
  }

  function drainBuffer(f: Follow): void {
    while (f.buffer.length && !f.syncing) {
      const m = f.buffer.shift()!;
      onLive(f, m);
    }
  }

  function startSync(f: Follow): Promise<void> {
    f.syncing = true;
    stats.gaps += f.seq ? 1 : 0;
    return sync(f).catch((err) => {
      log(`sync of ${f.key} failed`, err);
      f.syncing = false;
    });
  }

  function onLive(f: Follow, m: Msg): void {
    if (f.left) return;
    if (f.syncing) {
      f.buffer.push(m);
      return;
    }
    const streamSeq = Number(m.headers?.get('Nats-Sequence')) || 0;
    const seq = Number(m.headers?.get(SEQ)) || 0;
    const at = Number(m.headers?.get(AT)) || now();
    if (!accept(f, streamSeq, seq, at, m.data, false)) {
      f.buffer.push(m);
      void startSync(f);
    }
  }

  const bus: ClusterBus = {
    clusterId,
    setHandlers(h) {
      handlers = h;
    },
    publish(key, wire, event, dedupeId) {
      let st = pubs.get(key);
      if (!st) {
        st = { loaded: false, streamSeq: 0, seq: 0, chain: Promise.resolve(true) };
        pubs.set(key, st);
      }
      const s = st;
      const p = s.chain.then(() => publishOne(s, key, wire, event, dedupeId));
      const done = p.then(
        () => true,
        (err: unknown) => {
          stats.publishFailures++;
          s.loaded = false;
          log(`publish on ${key} failed`, err);
          return false;
        },
      );
      s.chain = done;
      inFlight.add(done);
      void done.then(() => inFlight.delete(done));
    },
    stored(key) {
      return pubs.get(key)?.chain ?? Promise.resolve(true);
    },
    join(key) {
      const existing = follows.get(key);
      if (existing) return existing.ready;
      const f: Follow = {
        key,
        sub: null,
        seq: 0,
        streamSeq: 0,
        syncing: true,
        buffer: [],
        ready: Promise.resolve(),
        left: false,
      };
      follows.set(key, f);
      stats.topics = follows.size;
      // Subscribe first, then read the history: nothing stored in between can fall through.
      f.sub = nc.subscribe(evSubject(key), { callback: (err, m) => (err ? log('subscription', err) : onLive(f, m)) });
      f.ready = nc.flush().then(() => startSync(f));
      return f.ready;
    },
    leave(key) {
      const f = follows.get(key);
      if (!f) return;
      f.left = true;
      f.sub?.unsubscribe();
      follows.delete(key);
      stats.topics = follows.size;
    },
    lastSeq(key) {
      return follows.get(key)?.seq ?? pubs.get(key)?.seq ?? 0;
    },
    async storedSeq(key) {
      const last = await loadLast(key);
      return Math.max(bus.lastSeq(key), last?.seq ?? 0);
    },
    async flush() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    stats: () => ({ ...stats }),
    async close() {
      await Promise.all([...inFlight]);
      for (const key of [...follows.keys()]) bus.leave(key);
    },
  };
  return bus;
}

async function ensureStream(jsm: JetStreamManager, name: string) {
  const config = {
    name,
    subjects: [`${name}.in.>`],
    max_age: BUS_RETENTION.maxAgeMs * 1_000_000, // nanoseconds
    max_msgs_per_subject: BUS_RETENTION.maxPerTopic,
    republish: { src: `${name}.in.>`, dest: `${name}.ev.>` },
    // A chat line resent after its gateway died (5 s + jitter, then a new gateway) must still be
    // recognised: two minutes.
    duplicate_window: 120_000_000_000,
  };
  try {
    return await jsm.streams.info(name);
  } catch {
    try {
      return await jsm.streams.add(config);
    } catch {
      return await jsm.streams.info(name); // another process created it first
    }
  }
}
