/**
 * Response headers and exposure rules of the HTTP edge:
 * - CSP (what the app loads: its own scripts and SharedWorker/service worker, inline styles React
 *   sets, HLS media from blob: and the configured stream hosts, the socket), frame-ancestors
 *   'none', nosniff, Referrer-Policy — helmet's headers, worked out once at start (see
 *   helmetHeaders). Development (Vite middleware, whose hot reload injects inline scripts) gets
 *   the other headers but no CSP.
 * - No source maps in production: the build may write them, the server does not serve them.
 * - `/metrics` only for loopback callers that no proxy forwarded, or with `METRICS_TOKEN`.
 * - No control characters in any input field (the schemas say so too; this is the backstop).
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, fail } from '../../workers/protocol/index';
import { controlCharsAt } from '../../workers/protocol/fields';
import type { Config } from '../config';
import { BizError, fieldLabel } from './reply';

/** Origins of outside streams (VLIVE_STREAM_URLS and CSP_MEDIA_ORIGINS) the player may load. */
export function streamOrigins(env: NodeJS.ProcessEnv): string[] {
  const out = new Set<string>();
  try {
    const urls = JSON.parse(env.VLIVE_STREAM_URLS || '{}') as Record<string, unknown>;
    for (const u of Object.values(urls)) if (typeof u === 'string') out.add(new URL(u).origin);
  } catch {
    // Malformed: the vlive area refuses it at start with its own message.
  }
  for (const o of (env.CSP_MEDIA_ORIGINS ?? '').split(/[\s,]+/)) if (/^https?:\/\/[^/\s]+$/.test(o)) out.add(o);
  return [...out];
}

/**
 * Socket origins beyond this server (CSP_SOCKET_ORIGINS, comma list): in cluster mode the
 * socket-address call may send the client to another gateway, so the page must be allowed to
 * reach every gateway's socket origin (`wss://ws.example.com`, `wss://*.example.com`, `ws://10.0.0.5:*`),
 * and its REST on the same host (`https://…`): the address call asks another gateway when the
 * page's own does not answer.
 */
export function socketOrigins(env: NodeJS.ProcessEnv): string[] {
  return (env.CSP_SOCKET_ORIGINS ?? '').split(/[\s,]+/).filter((o) => /^wss?:\/\/[^/\s;']+$/.test(o));
}

/** The socket's origin when clients are sent to another host (PUBLIC_HOST). */
function publicSocketOrigins(publicHost: string | null): string[] {
  if (!publicHost) return [];
  const withScheme = /^[a-z]+:\/\//i.test(publicHost) ? publicHost : `http://${publicHost}`;
  const url = new URL(withScheme);
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  return [`${secure ? 'wss' : 'ws'}://${url.host}`, `${secure ? 'https' : 'http'}://${url.host}`];
}

export function contentSecurityPolicy(config: Config, env: NodeJS.ProcessEnv = process.env) {
  const streams = streamOrigins(env);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React sets style attributes, and a few components inline <style>.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // hls.js plays through MediaSource (blob: URLs) and fetches segments itself.
      mediaSrc: ["'self'", 'blob:', ...streams],
      // A gateway's REST shares its socket's host: the address call may go to another gateway.
      connectSrc: [
        "'self'",
        ...publicSocketOrigins(config.publicHost),
        ...socketOrigins(env).flatMap((o) => [o, o.replace(/^ws/, 'http')]),
        ...streams,
      ],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/**
 * The headers helmet sets for these options, as name/value pairs. Every directive here is a fixed
 * string (no per-request nonce), so they are the same for every response: @fastify/helmet rebuilt
 * helmet from the options on each request (parsing every CSP directive again), ≈ 0.2 ms of CPU
 * per request, twice per socket connect (address call, upgrade) — the cost that decided how fast a
 * gateway took a killed one's clients back (tests/bench/cluster-chaos.ts).
 */
export function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      out.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return res;
    },
    removeHeader() {},
    getHeader() {
      return undefined;
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return out;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = helmetHeaders({
    contentSecurityPolicy: config.mode === 'development' ? false : contentSecurityPolicy(config),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Outside stream hosts and app-store links open from here; only the opener is isolated.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  // Every route's schemas refuse control characters; this catches any field a schema lets
  // through as free-form (and keys), so a NUL never reaches PostgreSQL as a 500.
  app.addHook('preHandler', async (req) => {
    for (const part of [req.query, req.params, req.body]) {
      const field = controlCharsAt(part);
      if (field !== null) throw new BizError(Code.BAD_INPUT, `${fieldLabel(field)}含有不支持的字符`);
    }
  });
  if (config.mode === 'production') {
    app.addHook('onRequest', async (req, reply) => {
      if (req.url.split('?')[0].endsWith('.map')) return reply.status(404).send(fail(Code.NOT_FOUND, '接口不存在'));
    });
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** onRequest guard of GET /metrics: loopback and unforwarded, or `Authorization: Bearer METRICS_TOKEN`. */
export function metricsGuard(config: Config) {
  const token = config.metricsToken ? Buffer.from(config.metricsToken) : null;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
    if (!forwarded && LOOPBACK.has(req.socket.remoteAddress ?? '')) return;
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token && given && given.length === token.length && crypto.timingSafeEqual(Buffer.from(given), token)) return;
    // Absent rather than forbidden: nothing tells a scanner the endpoint exists.
    return reply.status(404).send(fail(Code.NOT_FOUND, '接口不存在'));
  };
}
