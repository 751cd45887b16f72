/**
 * A gateway started well after the first (past the registry's 6 s TTL) must accept the first
 * one's connect tokens: the address call on one gateway may name another. The secret used to sit
 * in the TTL'd registry bucket, expired, and the later gateway made its own (close 4001).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NatsConnection } from '@nats-io/transport-node';
import { Frame, SystemPaths, embeddedUrl, type SocketAddress } from '../../workers/protocol/index';
import { GATEWAY_TTL_MS } from '../../server/cluster/gateways';
import { secretsBucketOf } from '../../server/cluster/token-secret';
import { NATS_URL, connectNats, createTestDatabase, deleteStreams, uniqueName } from '../helpers/cluster';
import { startClusterProc, type ClusterProc } from '../helpers/cluster-procs';
import { TestSocket, call } from '../helpers/ws-client';
import { ensureBuilt } from '../helpers/e2e';

let nc: NatsConnection;
let db: { url: string; drop(): Promise<void> };
const cluster = uniqueName('qs_tok');
const procs: ClusterProc[] = [];

beforeAll(async () => {
  nc = await connectNats();
  db = await createTestDatabase();
  ensureBuilt();
});

afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill()));
  if (nc) {
    await deleteStreams(nc, [`${cluster}_events`, `KV_${cluster}_gateways`, `KV_${secretsBucketOf(cluster)}`]);
    await nc.close();
  }
  await db?.drop();
});

it('a token from the first gateway opens a socket on one started after the registry TTL', async () => {
  const env = { DATABASE_URL: db.url, NATS_URL, CLUSTER_NAME: cluster };
  const first = await startClusterProc('gateway', env);
  procs.push(first);
  await new Promise((r) => setTimeout(r, GATEWAY_TTL_MS + 2_000));
  const later = await startClusterProc('gateway', env);
  procs.push(later);
  for (const [issuer, target] of [
    [first, later],
    [later, first],
  ]) {
    const res = await call<SocketAddress>(issuer.url, 'POST', embeddedUrl(SystemPaths.socketAddress));
    expect(res.body.code).toBe(200);
    const sock = await TestSocket.open(
      `ws://127.0.0.1:${target.port}${SystemPaths.socket}?token=${res.body.data.token}`,
    );
    const outcome = await Promise.race([
      sock.next((f) => f.code === Frame.HELLO, 10_000).then(() => 'hello'),
      sock.closed.then((c) => `closed ${c.code}`),
    ]);
    expect(outcome).toBe('hello');
    sock.close();
  }
});
