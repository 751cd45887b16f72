/**
 * Builds the whole server: storage, metrics, hub, feed, HTTP edge, areas, client. `main.ts`
 * only listens; tests call `buildServer` with a temp DATA_DIR and port 0.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import compress from '@fastify/compress';
import { z } from 'zod';
import { Code, SystemPaths, fail, ok } from '../workers/protocol/index';
import type { Config } from './config';
import { openStorage, type Storage } from './db/index';
import { withSeedLock } from './db/seed-lock';
import { createMetrics } from './metrics';
import type { AppContext } from './context';
import { AREAS } from './areas';
import { installErrorHandler, parseInput } from './http/reply';
import { metricsGuard, registerSecurityHeaders } from './http/security';
import { registerClient } from './static';
import { createHub, type HubOptions } from './ws/create-hub';
import { socketErrorHandler } from './ws/socket-errors';
import { createTopicCatalog } from './ws/topic-catalog';
import { createLiveSource } from './live/create-source';
import { createSmsSender, type SmsSender } from './accounts/sms';
import { verifyAccessToken } from './accounts/tokens';
import { idField } from '../workers/protocol/fields';
import type { ClusterParts } from './cluster/parts';
import type { LeaderControls } from './cluster/leader-controls';
import { leaderOnlyCalls } from './cluster/leader-source';
import { registerClusterMetrics } from './cluster/metrics';

export interface BuiltServer {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

export interface BuildOptions {
  storage?: Storage;
  sms?: SmsSender;
  now?: () => number;
  /** Serve the client (off in API-only tests). */
  client?: boolean;
  logger?: boolean;
  /** Hub limits and timers (tests shorten idle timeouts, replay windows, buffers). */
  hub?: HubOptions;
  /** Cluster mode (server/cluster/): the bus, this process's role and the gateway registry. */
  cluster?: ClusterParts;
}

export async function buildServer(config: Config, opts: BuildOptions = {}): Promise<BuiltServer> {
  const now = opts.now ?? Date.now;
  const storage = opts.storage ?? (await openStorage(config));
  const db = storage.db;
  const metrics = createMetrics();
  const hub = createHub({
    metrics,
    now,
    authenticate: (token) => verifyAccessToken(db, token, now()),
    catalog: createTopicCatalog(db),
    maxSocketsPerAddress: config.limits.socketsPerAddress,
    admission: opts.cluster?.admission,
    ...opts.hub,
    bus: opts.cluster?.bus,
    tokenSecret: opts.cluster?.tokenSecret ?? opts.hub?.tokenSecret,
  });
  const source = createLiveSource({ db, hub, metrics, config, now });
  // Cluster mode: a provider is called by the feed leader alone; the others forward their reads.
  const controls = opts.cluster?.controls;
  const feed = controls
    ? leaderOnlyCalls(source, { db, controls, isLeader: () => opts.cluster?.isLeader() ?? false })
    : source;
  metrics.bindLiveSource(() => feed.health());
  const sms = opts.sms ?? createSmsSender(config, (line) => console.warn(line));
  const ctx: AppContext = {
    config,
    storage,
    db,
    metrics,
    hub,
    feed,
    sms,
    now,
    gateways: opts.cluster?.gateways,
    clustered: !!opts.cluster,
    // Cluster mode: the background jobs run on the feed leader only, once cluster-wide.
    runsJobs: () => opts.cluster?.isLeader() ?? true,
  };
  if (opts.cluster) registerClusterMetrics(metrics, opts.cluster);

  const app = Fastify({
    logger:
      (opts.logger ?? config.mode !== 'test') ? { level: config.mode === 'development' ? 'info' : 'warn' } : false,
    bodyLimit: 64 * 1024,
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
  });
  installErrorHandler(app);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 }, errorHandler: socketErrorHandler });

  // --- Compression of dynamic answers (issue 16) ---------------------------------------------
  // JSON answers (match lists run to tens of KB) and the app's HTML, brotli or gzip as the client
  // asks, above 1 KB (below that the headers cost more than they save). Brotli at quality 5:
  // quality 11 would spend ~20x the CPU per answer for a few % less. Built files are not
  // compressed here: they are sent pre-compressed from disk (server/static.ts), and a response
  // that already has a content-encoding is left alone.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // --- end compression -------------------------------------------------------------------------
  // Security headers (CSP, frame-ancestors, nosniff, Referrer-Policy) and no source maps in
  // production: server/http/security.ts.
  await registerSecurityHeaders(app, config);

  app.addHook('onResponse', async (req, reply) => {
    metrics.httpRequests.inc({ route: req.routeOptions.url ?? 'unmatched', code: String(reply.statusCode) });
  });

  app.get(SystemPaths.healthz, async (_req, reply) => {
    const dbUp = await storage.ping();
    // A gateway does not run the feed (the elected feed process does); a standby feed is healthy.
    const cluster = opts.cluster;
    const feedUp = cluster && (cluster.role === 'gateway' || !cluster.isLeader()) ? true : feed.healthy();
    const body = {
      code: dbUp && feedUp ? Code.OK : Code.SERVER_ERROR,
      msg: dbUp && feedUp ? 'ok' : '服务未就绪',
      data: {
        db: dbUp,
        feed: feedUp,
        storage: storage.kind,
        live: feed.health(),
        ...(cluster
          ? {
              role: cluster.role,
              leader: cluster.isLeader(),
              ...(cluster.standbyReady ? { standbyReady: cluster.standbyReady() } : {}),
              bus: cluster.bus.stats(),
            }
          : {}),
      },
    };
    return reply.status(dbUp && feedUp ? 200 : 503).send(body);
  });
  app.get(SystemPaths.metrics, { onRequest: metricsGuard(config) }, async (_req, reply) => {
    metrics.wsConnections.set(hub.connectionCount());
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  if (config.devControl) registerDevControls(app, ctx, opts.cluster?.controls);
  hub.register(app);
  // The areas seed while they register: one process at a time on a shared PostgreSQL (./db/seed-lock.ts).
  await withSeedLock(storage, async () => {
    for (const area of AREAS) await area.plugin(app, ctx);
  });

  const closeClient = opts.client === false ? async () => {} : await registerClient(app, config);

  return {
    app,
    ctx,
    async close() {
      await feed.stop();
      await hub.close();
      await app.close();
      await closeClient();
      if (!opts.storage) await storage.close();
    },
  };
}

const devEventSchema = z.object({
  matchId: idField('比赛编号'),
  type: z.enum(['goal', 'yellow', 'red', 'corner', 'state']),
  side: z.enum(['home', 'away']).optional(),
  state: z.coerce.number().int().min(0).max(15).optional(),
});

function registerDevControls(app: FastifyInstance, ctx: AppContext, controls?: LeaderControls): void {
  // Cluster mode: only the feed leader runs the feed; any other process forwards the event to it
  // (server/cluster/leader-controls.ts). Checked here first, so bad input never travels.
  const applyFeedEvent = async (body: unknown) => ctx.feed.applyDevEvent(parseInput(devEventSchema, body));
  controls?.handle('feed-event', applyFeedEvent);
  app.post(SystemPaths.devFeedEvent, async (req) => {
    const event = parseInput(devEventSchema, req.body);
    return controls ? controls.run('feed-event', event) : ctx.feed.applyDevEvent(event);
  });
  app.post(SystemPaths.devWsDrop, async () => ok({ dropped: ctx.hub.dropAll() }));
  app.get(SystemPaths.devSms, async (req) => {
    const { phone } = parseInput(z.object({ phone: z.string().regex(/^1\d{10}$/, '手机号格式不正确') }), req.query);
    const code = ctx.sms.lastCode(phone);
    return code ? ok({ phone, code }) : fail(Code.NOT_FOUND, '该手机号没有发送过验证码');
  });
}
