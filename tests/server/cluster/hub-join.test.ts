/**
 * A gateway's subscribers of a topic it starts following (a real hub behind Fastify, real `ws`
 * clients): a SUBSCRIBE flushes what is queued on the topic before adding the socket, and with no
 * subscriber yet that flush released the topic: freed, and no longer followed on the bus, so the
 * socket sat on a dead topic and never got another event (seen in the cluster fan-out bench as
 * whole sockets missing every event). First against real NATS, then with a bus scripted to hand
 * over a frame in the tick its join completes, which is what made the flush free the topic.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import WebSocket from 'ws';
import type { NatsConnection } from '@nats-io/transport-node';
import { Frame, SystemPaths } from '../../../workers/protocol/index';
import { createJetStreamBus } from '../../../server/cluster/jetstream-bus';
import { createHub } from '../../../server/ws/create-hub';
import { createMetrics } from '../../../server/metrics';
import type { BusHandlers, ClusterBus } from '../../../server/cluster/bus';
import { connectNats, deleteStreams, uniqueName } from '../../helpers/cluster';

let nc: NatsConnection;
let app: FastifyInstance;
const name = uniqueName('qs_hub_join');

beforeAll(async () => {
  nc = await connectNats();
});

afterAll(async () => {
  await app?.close();
  if (nc) await deleteStreams(nc, [name]);
  await nc?.close();
});

function frames(ws: WebSocket): Array<{ code: number; topic?: string; seq?: number }> {
  const out: Array<{ code: number; topic?: string; seq?: number }> = [];
  ws.on('message', (d: Buffer) => {
    for (const line of d.toString().split('\n').filter(Boolean)) out.push(JSON.parse(line.slice(line.indexOf('{'))));
  });
  return out;
}

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function openHub(bus: ClusterBus) {
  const hub = createHub({ metrics: createMetrics(), now: Date.now, authenticate: async () => null, bus });
  const server = Fastify();
  await server.register(websocket);
  hub.register(server);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const port = (server.server.address() as { port: number }).port;
  const subscribe = async () => {
    const token = hub.issueSocketToken({ userId: null });
    const ws = new WebSocket(`ws://127.0.0.1:${port}${SystemPaths.socket}?token=${encodeURIComponent(token)}`);
    const got = frames(ws);
    await until(() => got.some((f) => f.code === Frame.HELLO));
    ws.send(JSON.stringify({ code: Frame.SUBSCRIBE, data: { topics: [{ topic: 'football' }] } }));
    await until(() => got.some((f) => f.code === Frame.SUBSCRIBED));
    return { ws, got };
  };
  return { hub, server, subscribe };
}

it('keeps the first subscriber of a topic with history subscribed, and it gets what follows', async () => {
  const feed = await createJetStreamBus({ nc, name });
  for (let i = 0; i < 3; i++) feed.publish('football', 'football', { kind: 'history', i });
  await feed.flush();

  const gatewayBus = await createJetStreamBus({ nc, name });
  const gw = await openHub(gatewayBus);
  app = gw.server;
  const { ws, got } = await gw.subscribe();
  const hub = gw.hub;

  feed.publish('football', 'football', { kind: 'live', i: 4 });
  await feed.flush();
  await until(() => got.some((f) => f.code === Frame.EVENT));
  expect(got.filter((f) => f.code === Frame.EVENT).map((f) => f.seq)).toEqual([4]);
  ws.close();
  await hub.close();
  await Promise.all([feed.close(), gatewayBus.close()]);
});

it('keeps a subscriber whose join ended with a live frame still queued (the flush before adding it freed the topic)', async () => {
  // A bus that, as a real one does when live frames were buffered during the history read, hands
  // the hub a frame in the same tick as the join completes.
  let handlers: BusHandlers | null = null;
  const followed = new Set<string>();
  let seq = 0;
  const frame = (key: string) => {
    seq++;
    handlers!.onFrame({
      key,
      seq,
      at: Date.now(),
      frame: Buffer.from(JSON.stringify({ code: Frame.EVENT, topic: key, seq, data: {} })),
    });
  };
  const bus: ClusterBus = {
    clusterId: 'scripted',
    setHandlers: (h) => void (handlers = h),
    publish: (key) => frame(key),
    stored: async () => true,
    join: async (key) => {
      followed.add(key);
      await new Promise((r) => setTimeout(r, 10));
      frame(key);
    },
    leave: (key) => void followed.delete(key),
    lastSeq: () => seq,
    storedSeq: async () => seq,
    flush: async () => undefined,
    stats: () => ({}) as ReturnType<ClusterBus['stats']>,
    close: async () => undefined,
  };
  const gw = await openHub(bus);
  try {
    const { ws, got } = await gw.subscribe();
    expect(followed.has('football')).toBe(true);
    frame('football');
    await until(() => got.some((f) => f.code === Frame.EVENT));
    expect(got.filter((f) => f.code === Frame.EVENT).map((f) => f.seq)).toEqual([2]);
    ws.close();
  } finally {
    await gw.hub.close();
    await gw.server.close();
  }
});
