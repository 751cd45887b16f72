/** The gateway registry on real NATS KV: which gateway the socket-address call names. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  GATEWAY_SCAN_MS,
  GATEWAY_STALE_MS,
  createGatewayRegistry,
  openRegistryBucket,
  type Endpoint,
} from '../../../server/cluster/gateways';
import { connectNats, deleteStreams, uniqueName } from '../../helpers/cluster';

let nc: NatsConnection;
const cluster = uniqueName('qs_reg');

beforeAll(async () => {
  nc = await connectNats();
});

afterAll(async () => {
  await deleteStreams(nc, [`KV_${cluster}_gateways`]);
  await nc.close();
});

const endpoint = (port: number): Endpoint => ({ protocol: 'ws', host: '127.0.0.1', port });

it('a gateway that missed its heartbeat is not named while a fresh one is, even with fewer sockets', async () => {
  const kv = await openRegistryBucket(nc, cluster);
  const t0 = Date.now();
  let clock = t0;
  const now = () => clock;
  // A: last heartbeat at t0 with no sockets (then killed); B: beating, with 100 sockets.
  const a = createGatewayRegistry(kv, now);
  a.announce({ id: 'a', endpoint: endpoint(1), connections: () => 0 });
  await expect.poll(async () => (await a.list()).length).toBe(1);
  await a.close();
  clock = t0 + GATEWAY_STALE_MS + 500;
  const b = createGatewayRegistry(kv, now);
  b.announce({ id: 'b', endpoint: endpoint(2), connections: () => 100 });
  await expect.poll(async () => (await b.list()).length).toBe(2);
  await b.close();
  const picker = createGatewayRegistry(kv, now);
  expect((await picker.pick())?.port).toBe(2);
  // Both fresh: the one with fewer sockets.
  clock = t0 + 100;
  const fresh = createGatewayRegistry(kv, now);
  expect((await fresh.pick())?.port).toBe(1);
  // Only a stale one left: still named (better than none).
  await kv.delete('gw.b');
  clock = t0 + GATEWAY_STALE_MS + 500;
  expect((await createGatewayRegistry(kv, now).pick())?.port).toBe(1);
});

it('when every entry is late (scans hang, the last list answers), the one that missed the others’ beats is not named', async () => {
  const kv = await openRegistryBucket(nc, `${cluster}_late`);
  const t0 = Date.now();
  let clock = t0;
  const now = () => clock;
  // A beat at t0 with no sockets, then died; B beat 2 s later with 100 sockets and is alive.
  const a = createGatewayRegistry(kv, now);
  a.announce({ id: 'a', endpoint: endpoint(1), connections: () => 0 });
  await expect.poll(async () => (await a.list()).length).toBe(1);
  await a.close();
  clock = t0 + 2_000;
  const b = createGatewayRegistry(kv, now);
  b.announce({ id: 'b', endpoint: endpoint(2), connections: () => 100 });
  await expect.poll(async () => (await b.list()).length).toBe(2);
  await b.close();
  const picker = createGatewayRegistry(kv, now);
  clock = t0 + 2_100;
  expect((await picker.route(3))?.endpoint.port).toBe(2);
  // A survivor short of CPU: its scans do not finish, its calls run late, so the list it last
  // read is all it has and every entry in it is past GATEWAY_STALE_MS.
  const hung = new Promise<never>(() => undefined);
  kv.keys = (async () => ({
    async *[Symbol.asyncIterator]() {
      yield await hung;
    },
  })) as unknown as typeof kv.keys;
  clock = t0 + 6_000;
  expect((await picker.route(3))?.endpoint.port).toBe(2);
  await deleteStreams(nc, [`KV_${cluster}_late_gateways`]);
});

it('callers asking at once share one registry scan (a dead gateway’s clients all ask within a second)', async () => {
  const kv = await openRegistryBucket(nc, cluster);
  const g = createGatewayRegistry(kv);
  g.announce({ id: 'shared', endpoint: endpoint(7), connections: () => 0 });
  await expect.poll(async () => (await g.list()).length).toBeGreaterThan(0);
  let scans = 0;
  const keys = kv.keys.bind(kv);
  kv.keys = (...args: Parameters<typeof kv.keys>) => {
    scans++;
    return keys(...args);
  };
  const picker = createGatewayRegistry(kv);
  const answers = await Promise.all(Array.from({ length: 200 }, () => picker.route(3)));
  expect(answers.every((a) => a !== null)).toBe(true);
  expect(scans).toBe(1);
  // The answer lists the live gateways' REST origins, least loaded first.
  expect(answers[0]?.gateways).toContain('http://127.0.0.1:7');
  await g.close();
});

it('a registry scan that never ends does not hold the address call: the last list answers after GATEWAY_SCAN_MS', async () => {
  const kv = await openRegistryBucket(nc, cluster);
  const g = createGatewayRegistry(kv);
  g.announce({ id: 'hung', endpoint: endpoint(9), connections: () => 0 });
  await expect.poll(async () => (await g.list()).some((e) => e.id === 'hung')).toBe(true);
  let clock = Date.now();
  const picker = createGatewayRegistry(kv, () => clock);
  expect((await picker.route(3))?.gateways).toContain('http://127.0.0.1:9');
  // As seen right after a killed gateway's entry expired: the key listing never finishes.
  const hung = new Promise<never>(() => undefined);
  kv.keys = (async () => ({
    async *[Symbol.asyncIterator]() {
      yield await hung;
    },
  })) as unknown as typeof kv.keys;
  clock += 1_000;
  const t0 = performance.now();
  const answer = await picker.route(3);
  expect(performance.now() - t0).toBeLessThan(GATEWAY_SCAN_MS + 500);
  expect(answer?.gateways).toContain('http://127.0.0.1:9');
  await g.close();
});
