/**
 * The vlive area on a real Fastify with the real hub (real `ws` socket on an ephemeral port),
 * the socket address calls, a real PGlite in a temp dir, and users with real sessions.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import WebSocket from 'ws';
import {
  Frame,
  SystemPaths,
  embeddedUrl,
  type Envelope,
  type ServerFrame,
  type SocketAddress,
} from '../../workers/protocol/index';
import { installErrorHandler } from '../../server/http/reply';
import type { AppContext, AreaPlugin } from '../../server/context';
import { createHub } from '../../server/ws/create-hub';
import { createTopicCatalog } from '../../server/ws/topic-catalog';
import type { Hub } from '../../server/ws/hub';
import { createMetrics } from '../../server/metrics';
import { socketAddressArea } from '../../server/ws/address-routes';
import { vlivePlugin } from '../../server/vlive/index';
import { createSession, verifyAccessToken } from '../../server/accounts/tokens';
import { openStorage } from '../../server/db/index';
import { createTestStorage, type TestStorage } from '../helpers/test-db';

export interface VliveHarness {
  app: FastifyInstance;
  ts: TestStorage;
  hub: Hub;
  base: string;
  clock: { now: number };
  /**
   * Stops the app, its hub and the database, then opens them again on the same data directory
   * (a server restart: nothing kept in memory survives, files and rows do).
   */
  restart?(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The areas on a real Fastify with the real hub (the socket address calls too), listening on an
 * ephemeral loopback port. `topicCatalog`: the hub checks topics against the database's catalog.
 */
export async function serveAreas(
  ts: TestStorage,
  now: () => number,
  areas: readonly AreaPlugin[],
  o: { topicCatalog: boolean },
) {
  const db = ts.storage.db;
  const metrics = createMetrics();
  const hub = createHub({
    metrics,
    now,
    authenticate: (token) => verifyAccessToken(db, token, now()),
    ...(o.topicCatalog ? { catalog: createTopicCatalog(db) } : {}),
  });
  const ctx = { config: ts.config, storage: ts.storage, db, metrics, hub, now } as unknown as AppContext;
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  installErrorHandler(app);
  await app.register(formbody);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  hub.register(app);
  await socketAddressArea(app, ctx);
  for (const area of areas) await area(app, ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return { app, hub, base: `http://127.0.0.1:${addr.port}` };
}

// The feed is not used by this area (matches are read through the live REST list).
const boot = (ts: TestStorage, now: () => number) => serveAreas(ts, now, [vlivePlugin], { topicCatalog: true });

export async function startVlive(
  startAt = Date.UTC(2026, 10, 22, 8, 0, 0),
  opts: { opsToken?: string } = {},
): Promise<VliveHarness & { restart(): Promise<void> }> {
  const ts = await createTestStorage('pglite', opts.opsToken ? { opsToken: opts.opsToken } : {});
  const clock = { now: startAt };
  const now = () => clock.now;
  const h: VliveHarness & { restart(): Promise<void> } = {
    ...(await boot(ts, now)),
    ts,
    clock,
    async restart() {
      await h.hub.close();
      await h.app.close();
      await ts.storage.close();
      ts.storage = await openStorage(ts.config);
      Object.assign(h, await boot(ts, now));
    },
    async close() {
      await h.hub.close();
      await h.app.close();
      await ts.cleanup();
    },
  };
  return h;
}

let phoneSeq = 0;
export async function createUser(
  h: Pick<VliveHarness, 'ts' | 'clock'>,
  opts: { nickName?: string; balance?: number } = {},
): Promise<{ id: number; token: string }> {
  phoneSeq++;
  const phone = `137${String(10000000 + phoneSeq).slice(-8)}`;
  const row = await h.ts.storage.db
    .insertInto('users')
    .values({
      phone,
      nick_name: opts.nickName ?? `球迷${phoneSeq}`,
      password_hash: 'x',
      portrait: '',
      portrait_new: null,
      balance: opts.balance ?? 0,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await createSession(h.ts.storage.db, row.id, h.clock.now);
  return { id: row.id, token };
}

export async function api<T = unknown>(
  h: VliveHarness,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; form?: Record<string, string | number>; query?: Record<string, string | number> } = {},
): Promise<Envelope<T>> {
  const res = await h.app.inject({
    method,
    url: path,
    query: opts.query ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) : undefined,
    headers: {
      ...(opts.token ? { accessToken: opts.token } : {}),
      ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    payload: opts.form
      ? new URLSearchParams(Object.entries(opts.form).map(([k, v]) => [k, String(v)])).toString()
      : undefined,
  });
  return res.json() as Envelope<T>;
}

export async function balanceOf(h: VliveHarness, userId: number): Promise<number> {
  const row = await h.ts.storage.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** A socket client that queues frames; `next(pred)` takes the first match. */
export class Sock {
  readonly frames: ServerFrame[] = [];
  private waiters: Array<{ pred: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }> = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      if (text === '0') return;
      const frame = JSON.parse(text) as ServerFrame;
      const i = this.waiters.findIndex((w) => w.pred(frame));
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(frame);
      else this.frames.push(frame);
    });
  }

  static async connect(h: VliveHarness, token?: string): Promise<Sock> {
    const res = await api<SocketAddress>(h, 'POST', embeddedUrl(SystemPaths.socketAddress), { token });
    if (res.code !== 200) throw new Error(`address call failed: ${res.msg}`);
    // inject() has no real host: connect to where the harness listens.
    const ws = new WebSocket(
      `${h.base.replace('http', 'ws')}${SystemPaths.socket}?token=${encodeURIComponent(res.data.token)}`,
    );
    const sock = new Sock(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await sock.next((f) => f.code === Frame.HELLO);
    if (token) {
      sock.send({ code: Frame.AUTH, data: { accessToken: token } });
      await sock.next((f) => f.code === Frame.AUTH_RESULT);
    }
    return sock;
  }

  next(pred: (f: ServerFrame) => boolean = () => true, timeoutMs = 3_000): Promise<ServerFrame> {
    const i = this.frames.findIndex(pred);
    if (i >= 0) return Promise.resolve(this.frames.splice(i, 1)[0]!);
    return new Promise((resolve, reject) => {
      const waiter = { pred, resolve: (f: ServerFrame) => (clearTimeout(timer), resolve(f)) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no matching frame within ${timeoutMs} ms; queued: ${JSON.stringify(this.frames.slice(-5))}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  async settle(ms: number): Promise<ServerFrame[]> {
    await new Promise((r) => setTimeout(r, ms));
    return [...this.frames];
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  async subscribe(topic: string): Promise<void> {
    this.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic }] } });
    await this.next((f) => f.code === Frame.SUBSCRIBED && f.data.topic === topic);
  }

  close(): void {
    this.ws.close();
  }
}

/**
 * The replay a finished broadcast on `roomId` was recorded into (polled: the media server's
 * on_publish_done reaches the app a moment after the push ends), its VOD playlist and the name
 * and bytes of its first fragment, all fetched over HTTP as a player would.
 */
export async function recordedReplay(h: VliveHarness, roomId: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const replay = await h.ts.storage.db
      .selectFrom('vlive_replays')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('url', 'like', '/media/recordings/%')
      .executeTakeFirst();
    if (replay) {
      const vod = await (await fetch(h.base + replay.url!)).text();
      const first = vod.split('\n').find((l) => l.endsWith('.ts')) ?? '';
      const res = await fetch(`${h.base}${replay.url!.replace('index.m3u8', first)}`);
      return { replay, vod, first, status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    }
    if (Date.now() > end) throw new Error(`no replay recorded for room ${roomId}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
