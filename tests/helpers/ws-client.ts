/**
 * A real server on an ephemeral port plus a small `ws` client for tests of the socket and the
 * REST edge: frames are queued as they arrive and `next(pred)` takes the first one that matches
 * (so PINGs and unrelated events never make a test flaky).
 */
import WebSocket from 'ws';
import { buildServer, type BuildOptions, type BuiltServer } from '../../server/app';
import { createOutboxSms } from '../../server/accounts/sms';
import {
  Frame,
  SystemPaths,
  UserPaths,
  embeddedUrl,
  type AuthResult,
  type Envelope,
  type ServerFrame,
  type SocketAddress,
} from '../../workers/protocol/index';
import { encodeTransitPassword, type PasswordIv } from '../../workers/protocol/password-transit';
import type { Config } from '../../server/config';
import { createTestStorage, type Engine, type TestStorage } from './test-db';

export interface TestServer {
  built: BuiltServer;
  base: string;
  ts: TestStorage;
  close(): Promise<void>;
}

export async function startTestServer(
  opts: Omit<BuildOptions, 'storage' | 'client'> & { engine?: Engine; config?: Partial<Config> } = {},
): Promise<TestServer> {
  const ts = await createTestStorage(opts.engine ?? 'pglite', opts.config);
  // The SMS outbox stays (GET /_dev/sms reads it); its log line is muted.
  const built = await buildServer(ts.config, {
    sms: createOutboxSms(() => {}),
    ...opts,
    storage: ts.storage,
    client: false,
    logger: false,
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = built.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return {
    built,
    base: `http://127.0.0.1:${addr.port}`,
    ts,
    async close() {
      await built.close();
      await ts.cleanup();
    },
  };
}

/** POST/GET against the running server; form-encodes object bodies like the core does. */
export async function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  opts: {
    form?: Record<string, string>;
    query?: Record<string, string>;
    token?: string;
    rawBody?: string;
    contentType?: string;
  } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const url = new URL(base + path);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  if (opts.token) headers.accessToken = opts.token;
  let body: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.rawBody !== undefined) {
    headers['content-type'] = opts.contentType ?? 'application/x-www-form-urlencoded';
    body = opts.rawBody;
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    parsed = { code: -1, msg: text, data: null as T };
  }
  return { status: res.status, body: parsed };
}

/** The socket URL from the address call (or the group token call). */
export async function socketUrl(base: string, opts: { token?: string; group?: string } = {}): Promise<string> {
  const path = opts.group ? embeddedUrl(SystemPaths.groupToken) : embeddedUrl(SystemPaths.socketAddress);
  const res = await call<SocketAddress>(base, 'POST', path, {
    token: opts.token,
    query: opts.group ? { group: opts.group } : undefined,
  });
  if (res.body.code !== 200) throw new Error(`address call failed: ${res.body.msg}`);
  const a = res.body.data.lotteryAddress[0];
  return `${a.protocol}://${a.host}:${a.port}${SystemPaths.socket}?token=${encodeURIComponent(res.body.data.token)}`;
}

export class TestSocket {
  readonly frames: ServerFrame[] = [];
  private waiters: Array<{ pred: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }> = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;

  constructor(readonly ws: WebSocket) {
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      const i = this.waiters.findIndex((w) => w.pred(frame));
      if (i >= 0) this.waiters.splice(i, 1)[0].resolve(frame);
      else this.frames.push(frame);
    });
  }

  static async open(url: string): Promise<TestSocket> {
    const s = new TestSocket(new WebSocket(url));
    await s.opened;
    return s;
  }

  /** Opens a socket and waits for HELLO. */
  static async connect(
    base: string,
    opts: { token?: string; group?: string } = {},
  ): Promise<{ sock: TestSocket; hello: Extract<ServerFrame, { code: typeof Frame.HELLO }> }> {
    const sock = await TestSocket.open(await socketUrl(base, opts));
    const hello = await sock.next((f) => f.code === Frame.HELLO);
    return { sock, hello: hello as Extract<ServerFrame, { code: typeof Frame.HELLO }> };
  }

  /** The first queued or future frame matching `pred` (removed from the queue). */
  next(pred: (f: ServerFrame) => boolean = () => true, timeoutMs = 3_000): Promise<ServerFrame> {
    const i = this.frames.findIndex(pred);
    if (i >= 0) return Promise.resolve(this.frames.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      const waiter = { pred, resolve: (f: ServerFrame) => (clearTimeout(timer), resolve(f)) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no matching frame within ${timeoutMs} ms; queued: ${JSON.stringify(this.frames.slice(-5))}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Resolves with the frames that arrive in `ms` (queued ones included), without consuming. */
  async settle(ms: number): Promise<ServerFrame[]> {
    await new Promise((r) => setTimeout(r, ms));
    return [...this.frames];
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  close(): void {
    this.ws.close();
  }
}

/** Fetches a one-time iv and seals each password with it (what the core does before a call). */
export async function sealPasswords(base: string, ...passwords: string[]): Promise<{ iv: string; sealed: string[] }> {
  const res = await call<PasswordIv>(base, 'GET', embeddedUrl(UserPaths.passwordIv));
  if (res.body.code !== 200) throw new Error(`iv call failed: ${res.body.msg}`);
  const answer = res.body.data;
  return { iv: answer.iv, sealed: await Promise.all(passwords.map((p) => encodeTransitPassword(p, answer))) };
}

/** Logs in by password; returns the access token. */
export async function loginByPassword(base: string, phone: string, password: string): Promise<AuthResult> {
  const { iv, sealed } = await sealPasswords(base, password);
  const res = await call<AuthResult>(base, 'POST', embeddedUrl(UserPaths.login), {
    form: { phone, password: sealed[0], iv },
  });
  if (res.body.code !== 200) throw new Error(`login failed: ${res.body.msg}`);
  return res.body.data;
}

let testPhoneSeq = 0;
/** A phone number no other test in this process uses (the demo users exist only under DEV_CONTROL). */
export function uniqueTestPhone(): string {
  return `137${String(process.pid % 1e4).padStart(4, '0')}${String(testPhoneSeq++ % 1e4).padStart(4, '0')}`;
}

/**
 * Registers a fresh user through the real SMS + register calls (the code comes from the dev
 * outbox, so the server needs DEV_CONTROL) and returns its login and password.
 */
export async function createTestUser(
  base: string,
  password = 'goal2026x',
): Promise<{ phone: string; password: string; auth: AuthResult }> {
  const phone = uniqueTestPhone();
  const sent = await call(base, 'POST', embeddedUrl(UserPaths.smsSend), { form: { phone, scene: 'register' } });
  if (sent.body.code !== 200) throw new Error(`sms failed: ${sent.body.msg}`);
  const code = await call<{ code: string }>(base, 'GET', SystemPaths.devSms, { query: { phone } });
  if (code.body.code !== 200) throw new Error(`no sms code: ${code.body.msg}`);
  const { iv, sealed } = await sealPasswords(base, password);
  const res = await call<AuthResult>(base, 'POST', embeddedUrl(UserPaths.register), {
    form: { phone, code: code.body.data.code, password: sealed[0], iv },
  });
  if (res.body.code !== 200) throw new Error(`register failed: ${res.body.msg}`);
  return { phone, password, auth: res.body.data };
}
