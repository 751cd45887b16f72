/**
 * The HTTP edge's exposure rules (issue 11 #10): security headers and CSP, TRUST_PROXY off by
 * default, /metrics for loopback or a token, no source maps in production, the password-iv call
 * limited per client, impostor nicknames refused, migrations serialized across processes.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import helmet from 'helmet';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, SystemPaths, UserPaths, embeddedUrl, type SocketAddress } from '../../workers/protocol/index';
import { buildServer, type BuiltServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrate } from '../../server/db/migrations/index';
import { contentSecurityPolicy, helmetHeaders } from '../../server/http/security';
import { call, startTestServer, type TestServer } from '../helpers/ws-client';
import { PG_TEST_URL, connectTestPostgres } from '../helpers/test-db';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ config: { metricsToken: 'm-secret-token', limits: { ...limitsWith(5) } } });
}, 180_000);
afterAll(async () => {
  await srv?.close();
}, 180_000);

function limitsWith(ivPerMinute: number) {
  return {
    ...loadConfig({} as NodeJS.ProcessEnv).limits,
    smsPerAddressPerHour: 1000,
    passwordIvPerMinute: ivPerMinute,
  };
}

describe('headers', () => {
  it('sends CSP with frame-ancestors, nosniff and a Referrer-Policy on API answers', async () => {
    const res = await fetch(`${srv.base}${SystemPaths.healthz}`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/media-src 'self' blob:/);
    expect(csp).toMatch(/worker-src 'self' blob:/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('sets exactly what helmet sets, worked out once, on every answer including a 404', async () => {
    const options = {
      contentSecurityPolicy: contentSecurityPolicy(loadConfig({} as NodeJS.ProcessEnv)),
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
      crossOriginEmbedderPolicy: false,
    };
    // helmet itself on a real response, as @fastify/helmet ran it on each request.
    const res = new http.ServerResponse(new http.IncomingMessage(new net.Socket()));
    helmet(options)(res.req, res, () => undefined);
    const once = Object.fromEntries(helmetHeaders(options).map(([k, v]) => [k.toLowerCase(), v]));
    expect(once).toEqual(
      Object.fromEntries(
        Object.entries(res.getHeaders()).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
      ),
    );
    expect(once['content-security-policy']).toContain("frame-ancestors 'none'");

    const missing = await fetch(`${srv.base}/main/no-such-route`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('lets the player load the configured outside streams, and the socket reach PUBLIC_HOST', () => {
    const config = { ...loadConfig({} as NodeJS.ProcessEnv), publicHost: 'https://live.example.com' };
    const csp = contentSecurityPolicy(config, {
      VLIVE_STREAM_URLS: JSON.stringify({ '1001': 'https://cdn.example.net/live/1001.m3u8' }),
    });
    expect(csp.directives.mediaSrc).toContain('https://cdn.example.net');
    expect(csp.directives.connectSrc).toEqual(
      expect.arrayContaining(['wss://live.example.com', 'https://cdn.example.net']),
    );
  });

  it('lets the socket reach the other gateways of a cluster (CSP_SOCKET_ORIGINS), and nothing malformed', () => {
    const csp = contentSecurityPolicy(loadConfig({} as NodeJS.ProcessEnv), {
      CSP_SOCKET_ORIGINS: 'wss://*.ws.example.com, ws://127.0.0.1:*  https://no.example.com wss://x;script-src',
    });
    // Each gateway's REST on its socket's host too: the address call may ask another gateway.
    expect(csp.directives.connectSrc).toEqual([
      "'self'",
      'wss://*.ws.example.com',
      'https://*.ws.example.com',
      'ws://127.0.0.1:*',
      'http://127.0.0.1:*',
    ]);
  });

  it('the socket-address call answers other origins (a page asking another gateway), with no cookies', async () => {
    const url = `${srv.base}${embeddedUrl(SystemPaths.socketAddress)}`;
    const pre = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://gw2.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'accesstoken',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/accessToken/i);
    const res = await fetch(url, { method: 'POST', headers: { origin: 'http://gw2.example.com' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    // Not the rest of the API.
    const other = await fetch(`${srv.base}${embeddedUrl(SystemPaths.appInfo)}`, {
      headers: { origin: 'http://gw2.example.com' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('ignores X-Forwarded-* unless TRUST_PROXY is set', async () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' } as NodeJS.ProcessEnv).trustProxy).toBe(true);
    const res = await fetch(`${srv.base}${embeddedUrl(SystemPaths.socketAddress)}`, {
      method: 'POST',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example.com' },
    });
    const addr = ((await res.json()) as { data: SocketAddress }).data.lotteryAddress[0];
    expect(addr).toEqual({ protocol: 'ws', host: '127.0.0.1', port: Number(new URL(srv.base).port) });
  });
});

describe('/metrics', () => {
  it('answers loopback callers; a forwarded request needs the token', async () => {
    expect((await fetch(`${srv.base}${SystemPaths.metrics}`)).status).toBe(200);
    const proxied = await fetch(`${srv.base}${SystemPaths.metrics}`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(404);
    const wrong = await fetch(`${srv.base}${SystemPaths.metrics}`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(404);
    const right = await fetch(`${srv.base}${SystemPaths.metrics}`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer m-secret-token' },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('ws_connections');
  });
});

describe('accounts edge', () => {
  it('limits password ivs per client', async () => {
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push((await call(srv.base, 'GET', embeddedUrl(UserPaths.passwordIv))).body.code);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(5)).toEqual([Code.RATE_LIMITED, Code.RATE_LIMITED]);
  });

  it('refuses nicknames that pass for the platform or an anchor', async () => {
    const anchor = await srv.ts.storage.db
      .selectFrom('vlive_anchors')
      .select('name')
      .limit(1)
      .executeTakeFirstOrThrow();
    for (const nickName of [
      '系统消息',
      '官方客服',
      '客服小美',
      '超级管理员',
      'Admin_01',
      'ad_min',
      anchor.name,
      // Variants (issue 33): Traditional characters (spaces, full-width and look-alike letters
      // are refused by the nickname's field rules already; tests/server/accounts covers them).
      '系統',
      '管理員',
      '系統通知',
    ]) {
      const check = await call(srv.base, 'GET', embeddedUrl(UserPaths.nicknameCheck), { query: { nickName } });
      expect(check.body, nickName).toMatchObject({ code: Code.REFUSED });
      expect(check.body.msg).toContain('昵称不能使用');
    }
  });
});

describe('production files', () => {
  let prod: BuiltServer;
  let base: string;
  let dataDir: string;
  let distDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-sec-'));
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-dist-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(distDir, 'assets', 'app.js'), 'console.log(1)\n//# sourceMappingURL=app.js.map');
    fs.writeFileSync(path.join(distDir, 'assets', 'app.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    const config = loadConfig({ NODE_ENV: 'production', FEED: '0' } as NodeJS.ProcessEnv, { dataDir, distDir });
    prod = await buildServer(config, { logger: false });
    await prod.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(prod.app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await prod?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(distDir, { recursive: true, force: true });
  }, 180_000);

  it('serves the built files but not their source maps', async () => {
    expect((await fetch(`${base}/assets/app.js`)).status).toBe(200);
    const map = await fetch(`${base}/assets/app.js.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret.ts');
  });
});

describe('migrations on PostgreSQL', () => {
  it('two processes migrating one fresh database at once take turns, and each migration runs once', async () => {
    const pg = (await import('pg')).default;
    const { Kysely, PostgresDialect } = await import('kysely');
    const admin = PG_TEST_URL;
    const name = `qs_mig_${crypto.randomBytes(5).toString('hex')}`;
    const c = await connectTestPostgres();
    await c.query(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const dbs = [0, 1].map(() => {
      const pool = new pg.Pool({ connectionString: url.toString(), max: 3 });
      // The forced drop below ends clients the pool is still closing: expected, not a failure.
      pool.on('error', () => {});
      return new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    });
    try {
      const [a, b] = await Promise.all(dbs.map((db) => migrate(db)));
      expect(a.length + b.length).toBeGreaterThan(0);
      expect(Math.min(a.length, b.length)).toBe(0);
    } finally {
      for (const db of dbs) await db.destroy();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    }
  }, 120_000);
});
