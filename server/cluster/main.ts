/**
 * Cluster process entry: `npm run gateway` (socket + REST, any number) and `npm run feed` (the
 * live source, one elected leader, standbys wait). Needs DATABASE_URL (PostgreSQL) and NATS_URL
 * (NATS with JetStream); `CLUSTER_NAME` (default `qs`) names the stream and buckets. docs/cluster.md.
 */
import crypto from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { loadConfig, productionUnlessSaid } from '../config';
import { buildServer } from '../app';
import { createJetStreamBus } from './jetstream-bus';
import { createGatewayRegistry, openRegistryBucket } from './gateways';
import { createClusterAdmission } from './socket-admission';
import { clusterTokenSecret } from './token-secret';
import { campaignForFeed } from './leader';
import { createLeaderControls } from './leader-controls';
import { socketEndpointOf } from './endpoint';

const role = process.argv[2];
if (role !== 'gateway' && role !== 'feed') {
  console.error('usage: npm run gateway | npm run feed (node dist-server/cluster/main.js gateway|feed)');
  process.exit(2);
}
const natsUrl = process.env.NATS_URL;
productionUnlessSaid();
const config = loadConfig(process.env, { feed: role === 'feed' });
if (!natsUrl || !config.databaseUrl) {
  console.error('集群模式需要同时设置 DATABASE_URL（PostgreSQL）和 NATS_URL（NATS JetStream）');
  process.exit(2);
}
const cluster = (process.env.CLUSTER_NAME || 'qs').replace(/[^A-Za-z0-9_-]/g, '_');
const id = `${role}-${crypto.randomBytes(4).toString('hex')}`;
const nc = await connect({ servers: natsUrl, name: id, maxReconnectAttempts: -1 });
const bus = await createJetStreamBus({ nc, name: `${cluster}_events` });
const kv = await openRegistryBucket(nc, cluster);
const tokenSecret = await clusterTokenSecret(nc, cluster);
const gateways = role === 'gateway' ? createGatewayRegistry(kv) : undefined;
const admission = gateways
  ? await createClusterAdmission({
      nc,
      cluster,
      gatewayId: id,
      maxPerAddress: config.limits.socketsPerAddress,
      liveGateways: () => gateways.liveIds(),
    })
  : undefined;
const leadership = role === 'feed' ? campaignForFeed(config.databaseUrl, { onLost: () => process.exit(1) }) : null;

// The leader counts as leading once its feed runs (state loaded), not when it merely holds the lock.
let feedRunning = false;
const isLeader = () => feedRunning && (leadership?.isLeader() ?? false);
const controls = createLeaderControls(nc, cluster, { isLeader });
// A standby feed: its start is readied for the days the leader stored (set below).
let standbyReady = false;
const server = await buildServer(config, {
  cluster: {
    role,
    bus,
    gateways,
    admission,
    tokenSecret,
    isLeader,
    controls,
    ...(leadership ? { standbyReady: () => standbyReady && !isLeader() } : {}),
  },
});
// A killed gateway's clients all come back within the same half second (the spec's 5 s plus
// jitter): Node's default accept queue (511) overflowed, and each dropped connection attempt cost
// its client a SYN retry (1 s, 3 s, …) or a failed call and another 5 s. The kernel caps it at
// net.core.somaxconn.
const LISTEN_BACKLOG = 8_192;
/**
 * How often a standby feed checks that its start is ready for the stored days (one query when they
 * have not moved), and how soon it looks again while the leader has stored none yet.
 */
const STANDBY_PREPARE_MS = 15_000;
const STANDBY_WAIT_DAYS_MS = 1_000;
await server.app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
const port = (server.app.server.address() as { port: number }).port;
server.app.log.warn(`球赛直播 ${id} listening on http://${config.host}:${port} (cluster ${cluster})`);

if (gateways) {
  gateways.announce({
    id,
    endpoint: socketEndpointOf(config.host, port, config.publicHost),
    connections: () => server.ctx.hub.connectionCount(),
    rooms: () => server.ctx.hub.subscriberCounts('room:'),
  });
}
if (leadership) {
  // While it waits, a standby readies what the feed's start computes (the simulator's seasons:
  // ~8 s of CPU, which was most of a takeover) for the days the leader stored, and again when they
  // move. A standby started beside a leader still seeding finds no days yet: it looks every second
  // (a takeover took 7.3 s in CI when it had looked only once, at its start).
  let prepared: Promise<boolean> = Promise.resolve(true);
  let nextPrepare: NodeJS.Timeout | undefined;
  const prepare = () => {
    let failed = false;
    prepared = (server.ctx.feed.prepareStandby?.() ?? Promise.resolve(true)).catch((err: unknown) => {
      server.app.log.warn(`standby preparation failed: ${(err as Error).message}`);
      failed = true;
      return false;
    });
    void prepared.then((ready) => {
      standbyReady = ready;
      if (leadership.isLeader() || !server.ctx.feed.prepareStandby) return;
      nextPrepare = setTimeout(prepare, ready || failed ? STANDBY_PREPARE_MS : STANDBY_WAIT_DAYS_MS);
      nextPrepare.unref();
    });
  };
  prepare();
  void leadership.acquired.then(async () => {
    clearTimeout(nextPrepare);
    // Never two preparations at once: the one under way finishes, and start finds it done.
    await prepared;
    const startAt = Date.now();
    server.app.log.warn(`${id} holds the feed lock: starting the live feed`);
    await server.ctx.feed.start();
    server.app.log.warn(`${id} live feed running after ${Date.now() - startAt} ms`);
    feedRunning = true;
    // From now on the gateways' and standbys' dev controls reach this process.
    controls.serve();
  });
}

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  if (gateways) {
    // Drain: out of the registry first (no new client is sent here), then every client is told to move.
    await gateways.withdraw();
    server.ctx.hub.drain();
    const until = Date.now() + 2_000;
    while (server.ctx.hub.connectionCount() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  }
  await controls.close();
  await server.close();
  await leadership?.release();
  await bus.close();
  await nc.drain();
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    shutdown().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
