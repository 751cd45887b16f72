/** Fan-out and backpressure without sockets: sinks are plain objects with a send-buffer figure. */
import { describe, expect, it } from 'vitest';
import { createFanOut, type Sink, type TopicRef } from '../../../server/ws/fan-out';

interface FakeSink extends Sink {
  name: string;
  buffered: number;
  open: boolean;
  got: string[];
  wires: number;
}

function sink(name: string): FakeSink {
  const s: FakeSink = {
    name,
    buffered: 0,
    open: true,
    got: [],
    wires: 0,
    lagging: null,
    laggingSince: 0,
    pending: () => s.buffered,
    isOpen: () => s.open,
    write(payloads, wire) {
      wire();
      s.wires++;
      s.got.push(...payloads.map((p) => p.toString()));
    },
  };
  return s;
}

function setup() {
  let now = 0;
  const snapshots: Array<[string, string, number]> = [];
  const cut: string[] = [];
  let wireBuilds = 0;
  let sent = 0;
  const fan = createFanOut<FakeSink>({
    maxBufferedBytes: 1000,
    slowDropMs: 5_000,
    now: () => now,
    onSent: (n) => (sent += n),
    onLagging: () => {},
    snapshotRequired: (s, t) => snapshots.push([s.name, t.wire, t.seq]),
    cut: (s) => cut.push(s.name),
  });
  const topic: TopicRef = { wire: 'match:1', seq: 7 };
  const wire = () => (wireBuilds++, Buffer.from('wire'));
  return {
    fan,
    topic,
    wire,
    snapshots,
    cut,
    advance: (ms: number) => (now += ms),
    stats: () => ({ wireBuilds, sent }),
  };
}

describe('fan-out', () => {
  it('builds the wire bytes once for every subscriber', () => {
    const t = setup();
    const subs = [sink('a'), sink('b'), sink('c')];
    t.fan.deliver(subs, [Buffer.from('e1'), Buffer.from('e2')], t.topic, t.wire);
    expect(subs.map((s) => s.got)).toEqual([
      ['e1', 'e2'],
      ['e1', 'e2'],
      ['e1', 'e2'],
    ]);
    expect(t.stats()).toEqual({ wireBuilds: 1, sent: 6 });
  });

  it('skips a full subscriber, which then owes a snapshot once drained', () => {
    const t = setup();
    const slow = sink('slow');
    const fast = sink('fast');
    slow.buffered = 5_000;
    t.fan.deliver([slow, fast], [Buffer.from('e1')], t.topic, t.wire);
    t.fan.deliver([slow, fast], [Buffer.from('e2')], t.topic, t.wire);
    expect(slow.got).toEqual([]);
    expect(fast.got).toEqual(['e1', 'e2']);
    expect(t.fan.laggingCount()).toBe(1);
    t.fan.sweep();
    expect(t.snapshots).toEqual([]);
    slow.buffered = 400;
    t.fan.sweep();
    expect(t.snapshots).toEqual([['slow', 'match:1', 7]]);
    expect(t.fan.laggingCount()).toBe(0);
    t.fan.deliver([slow], [Buffer.from('e3')], t.topic, t.wire);
    expect(slow.got).toEqual(['e3']);
  });

  it('cuts a subscriber that stays full past slowDropMs', () => {
    const t = setup();
    const slow = sink('slow');
    slow.buffered = 5_000;
    t.fan.deliver([slow], [Buffer.from('e1')], t.topic, t.wire);
    t.advance(4_000);
    t.fan.sweep();
    expect(t.cut).toEqual([]);
    t.advance(2_000);
    t.fan.sweep();
    expect(t.cut).toEqual(['slow']);
    expect(t.fan.laggingCount()).toBe(0);
  });

  it('owes no snapshot of a topic left, and writes nothing to a closed sink', () => {
    const t = setup();
    const slow = sink('slow');
    const closed = sink('closed');
    closed.open = false;
    slow.buffered = 5_000;
    t.fan.deliver([slow, closed], [Buffer.from('e1')], t.topic, t.wire);
    t.fan.leave(slow, t.topic);
    slow.buffered = 0;
    t.fan.sweep();
    expect(t.snapshots).toEqual([]);
    expect(closed.got).toEqual([]);
  });
});
