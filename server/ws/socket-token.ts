/**
 * Connect tokens for the socket URL (`/ws?token=`), issued by the address calls of spec §7.
 * `base64url(json payload) + '.' + base64url(HMAC-SHA256(secret, payload part))`. The secret is
 * per process: after a restart old tokens fail with close 4001 and the client fetches a new
 * address, which it does before every (re)connect anyway.
 */
import crypto from 'node:crypto';
import { parseTopic, type Topic } from '../../workers/protocol/index';

export interface SocketTokenClaims {
  /** Logged-in user the address was issued to, or null for a visitor. */
  userId: number | null;
  /** Stable id of this visitor connection (for logs and per-visitor limits). */
  visitorId: string;
  /** Topic to subscribe on connect (group token of `POST /chat/getToken?group=`). */
  group: Topic | null;
  expiresAt: number;
}

/** Only checked when the socket connects; a connected socket is not cut when it expires. */
export const SOCKET_TOKEN_TTL_MS = 10 * 60_000;

export function createSocketTokens(secret: Buffer = crypto.randomBytes(32), ttlMs = SOCKET_TOKEN_TTL_MS) {
  const mac = (part: string) => crypto.createHmac('sha256', secret).update(part).digest('base64url');
  return {
    issue(opts: { userId: number | null; group?: Topic }, now: number): string {
      const claims = {
        u: opts.userId,
        v: crypto.randomBytes(9).toString('base64url'),
        g: opts.group ?? null,
        e: now + ttlMs,
      };
      const part = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${part}.${mac(part)}`;
    },
    verify(token: unknown, now: number): SocketTokenClaims | null {
      if (typeof token !== 'string' || token.length > 512) return null;
      const dot = token.indexOf('.');
      if (dot <= 0) return null;
      const part = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = Buffer.from(mac(part), 'base64url');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      let claims: { u?: unknown; v?: unknown; g?: unknown; e?: unknown };
      try {
        claims = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (typeof claims.e !== 'number' || claims.e < now) return null;
      const userId = typeof claims.u === 'number' && Number.isSafeInteger(claims.u) && claims.u > 0 ? claims.u : null;
      const group = typeof claims.g === 'string' && parseTopic(claims.g) ? (claims.g as Topic) : null;
      return { userId, visitorId: typeof claims.v === 'string' ? claims.v : '', group, expiresAt: claims.e };
    },
  };
}
export type SocketTokens = ReturnType<typeof createSocketTokens>;
