/** The JetStream bus against the machine's real NATS: seqs assigned once, history on join, gaps. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NatsConnection } from '@nats-io/transport-node';
import { createJetStreamBus, streamIdentity } from '../../../server/cluster/jetstream-bus';
import { Frame, subscribeFrameSchema } from '../../../workers/protocol/index';
import type { BusFrame, ClusterBus } from '../../../server/cluster/bus';
import { connectNats, deleteStreams, uniqueName } from '../../helpers/cluster';
import { createHub } from '../../../server/ws/create-hub';
import { createMetrics } from '../../../server/metrics';

let ncA: NatsConnection;
let ncB: NatsConnection;
const name = uniqueName('qs_bus_test');

beforeAll(async () => {
  ncA = await connectNats();
  ncB = await connectNats();
});

afterAll(async () => {
  if (ncA) await deleteStreams(ncA, [name]);
  await ncA?.close();
  await ncB?.close();
});

function collect(bus: ClusterBus): { frames: BusFrame[]; resets: Array<[string, number]> } {
  const out = { frames: [] as BusFrame[], resets: [] as Array<[string, number]> };
  bus.setHandlers({ onFrame: (f) => out.frames.push(f), onReset: (k, s) => out.resets.push([k, s]) });
  return out;
}

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('JetStream bus', () => {
  it('its identity (HELLO serverId) fits a resuming SUBSCRIBE, whatever the cluster name', () => {
    const created = '2026-11-26T18:27:41.892927728Z';
    for (const n of ['qs_events', 'h_cluster_qs_bench_f511eaf3_events', `${'x'.repeat(80)}_events`]) {
      const id = streamIdentity(n, created);
      const frame = { code: Frame.SUBSCRIBE, data: { serverId: id, topics: [{ topic: 'football', since: 3 }] } };
      expect(subscribeFrameSchema.safeParse(frame).success).toBe(true);
      expect(streamIdentity(n, created)).toBe(id);
      expect(streamIdentity(n, '2026-11-26T18:27:42.000000000Z')).not.toBe(id);
    }
    expect(streamIdentity('qs_events', created)).toBe(`qs_events@${created}`);
  });

  it('gives each event of a topic one seq even when two processes publish at once', async () => {
    const a = await createJetStreamBus({ nc: ncA, name });
    const b = await createJetStreamBus({ nc: ncB, name });
    expect(a.clusterId).toBe(b.clusterId);
    const seenA = collect(a);
    await a.join('room:7');
    for (let i = 0; i < 40; i++) {
      a.publish('room:7', 'room:7', { kind: 'chat', n: `a${i}` });
      b.publish('room:7', 'room:7', { kind: 'chat', n: `b${i}` });
    }
    await Promise.all([a.flush(), b.flush()]);
    await until(() => seenA.frames.length === 80);
    expect(seenA.frames.map((f) => f.seq)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    const bodies = seenA.frames.map((f) => JSON.parse(f.frame.toString()) as { seq: number; data: { n: string } });
    expect(new Set(bodies.map((x) => x.data.n)).size).toBe(80);
    for (const f of bodies) expect(f.seq).toBeGreaterThan(0);
    expect(bodies.every((x, i) => x.seq === i + 1)).toBe(true);

    // A process that joins later gets the history first, then what follows, in order.
    const seenB = collect(b);
    await b.join('room:7');
    expect(seenB.frames.map((f) => f.seq)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    expect(b.stats().replayed).toBe(80);
    a.publish('room:7', 'room:7', { kind: 'chat', n: 'late' });
    await a.flush();
    await until(() => seenB.frames.length === 81);
    expect(seenB.frames[80].seq).toBe(81);
    expect(b.lastSeq('room:7')).toBe(81);

    // Left: nothing more arrives for that topic here.
    b.leave('room:7');
    a.publish('room:7', 'room:7', { kind: 'chat', n: 'after-leave' });
    await a.flush();
    await until(() => seenA.frames.length === 82);
    expect(seenB.frames.length).toBe(81);
    await a.close();
    await b.close();
  });

  it('holds at most 1,000 events per topic: a later join gets the last 1,000 (older seqs are gone, so the hub answers SNAPSHOT_REQUIRED for them)', async () => {
    const a = await createJetStreamBus({ nc: ncA, name });
    for (let i = 0; i < 1_005; i++) a.publish('match:42', 'match:42', { kind: 'odds', i });
    await a.flush();
    const b = await createJetStreamBus({ nc: ncB, name });
    const seen = collect(b);
    await b.join('match:42');
    expect(seen.frames).toHaveLength(1_000);
    expect(seen.frames[0].seq).toBe(6);
    expect(seen.frames.at(-1)!.seq).toBe(1_005);
    await a.close();
    await b.close();
  }, 60_000);

  it('keeps topics apart and encodes topic names that NATS would read as wildcards', async () => {
    const a = await createJetStreamBus({ nc: ncA, name });
    const seen = collect(a);
    await a.join('inbox#5');
    a.publish('inbox#6', 'inbox', { kind: 'counts' });
    a.publish('inbox#5', 'inbox', { kind: 'counts' });
    a.publish('room:x.y>*', 'room:x.y>*' as never, { kind: 'chat' });
    await a.flush();
    await until(() => seen.frames.length >= 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.frames.map((f) => [f.key, f.seq])).toEqual([['inbox#5', 1]]);
    await a.close();
  });

  it("a gateway's hub.seq for a topic none of its clients follows asks the stream", async () => {
    const a = await createJetStreamBus({ nc: ncA, name });
    const b = await createJetStreamBus({ nc: ncB, name });
    for (let i = 0; i < 3; i++) a.publish('room:unfollowed', 'room:unfollowed', { kind: 'chat', i });
    await a.flush();
    // B neither follows nor published it: what it knows locally is nothing.
    expect(b.lastSeq('room:unfollowed')).toBe(0);
    expect(await b.storedSeq('room:unfollowed')).toBe(3);
    expect(await b.storedSeq('room:never-published')).toBe(0);
    const hub = createHub({ metrics: createMetrics(), now: Date.now, authenticate: async () => null, bus: b });
    expect(await hub.seq('room:unfollowed')).toBe(3);
    await hub.close();
    await a.close();
    await b.close();
  });
  it('a stored chat line resent through another gateway is on the topic once, and only a stored publication is acknowledged', async () => {
    const a = await createJetStreamBus({ nc: ncA, name });
    const b = await createJetStreamBus({ nc: ncB, name });
    // A third process watches the topic (a hub takes over its own bus's handlers).
    const watcher = await createJetStreamBus({ nc: ncA, name });
    const seen = collect(watcher);
    await watcher.join('room:resend');
    const hubA = createHub({ metrics: createMetrics(), now: Date.now, authenticate: async () => null, bus: a });
    const hubB = createHub({ metrics: createMetrics(), now: Date.now, authenticate: async () => null, bus: b });
    // Gateway A stored line 1 and published it, then died before acknowledging: the sender resends
    // through B, which finds the row and publishes it again under the row's id.
    expect(await hubA.publishStored('room:resend', { kind: 'chat', n: 1 } as never, 'row-1', false)).toBe(true);
    expect(await hubB.publishStored('room:resend', { kind: 'chat', n: 1 } as never, 'row-1', true)).toBe(true);
    // Line 2 was stored by A, which died before publishing it at all: B's resend is what publishes it.
    expect(await hubB.publishStored('room:resend', { kind: 'chat', n: 2 } as never, 'row-2', true)).toBe(true);
    await until(() => seen.frames.length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    const bodies = seen.frames.map((f) => JSON.parse(f.frame.toString()) as { seq: number; data: { n: number } });
    expect(bodies.map((x) => [x.seq, x.data.n])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    await Promise.all([hubA.close(), hubB.close()]);
    await Promise.all([a.close(), b.close(), watcher.close()]);
  });
});
