/**
 * Schema-driven fuzzing of the server (issue 11): every HTTP route the protocol's path tables
 * declare that the server registers, and every client frame kind, gets malformed and boundary
 * input — wrong types, lengths, NUL and other control characters, lone surrogates, huge numbers,
 * missing and extra fields, both encodings, with and without a token. A case fails on any 5xx,
 * on a request that hangs, and (HTTP) when a refused request changed a stored row. Shared by the
 * CI test (tests/server/fuzz.test.ts) and the longer run (tests/bench/fuzz.ts).
 */
import { sql } from 'kysely';
import fc from 'fast-check';
import WebSocket from 'ws';
import {
  Frame,
  LivePaths,
  MediaPaths,
  MessagePaths,
  SystemPaths,
  UserPaths,
  VlivePaths,
  embeddedUrl,
} from '../../workers/protocol/index';
import { UploadPaths, UserCentrePaths } from '../../workers/protocol/api/user-centre';
import { MessagePeoplePaths } from '../../workers/protocol/api/message-people';
import type { BuiltServer } from '../../server/app';
import type { Db } from '../../server/db/index';
import { DirectoryPaths } from '../../workers/protocol/api/message-directory';
import { NotePaths } from '../../workers/protocol/api/message-note';
import { MessageMediaPaths } from '../../workers/protocol/api/message-media';

export interface FuzzRoute {
  method: 'GET' | 'POST';
  pattern: string;
}

/** Every declared path × method the server answers. */
export function declaredRoutes(built: BuiltServer): FuzzRoute[] {
  const tables = [
    UserPaths,
    UserCentrePaths,
    UploadPaths,
    VlivePaths,
    MediaPaths,
    LivePaths,
    MessagePaths,
    MessagePeoplePaths,
    DirectoryPaths,
    NotePaths,
    MessageMediaPaths,
    SystemPaths,
  ];
  const out: FuzzRoute[] = [];
  const seen = new Set<string>();
  for (const table of tables) {
    for (const raw of Object.values(table as Record<string, unknown>)) {
      if (typeof raw !== 'string' || !raw.startsWith('/')) continue;
      for (const pattern of new Set([raw, embeddedUrl(raw)])) {
        for (const method of ['GET', 'POST'] as const) {
          const key = `${method} ${pattern}`;
          // The socket endpoint is fuzzed with frames; the drop control would cut those sockets.
          if (seen.has(key) || pattern === SystemPaths.socket || pattern === SystemPaths.devWsDrop) continue;
          if (!built.app.hasRoute({ method, url: pattern })) continue;
          seen.add(key);
          out.push({ method, pattern });
        }
      }
    }
  }
  return out;
}

const BOUNDARY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  '\ud800',
  '\udfff x',
  '💥'.repeat(300),
  'x'.repeat(5_000),
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999',
  'true',
  'null',
  '[]',
  '{}',
  "'; drop table users; --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '%00',
  '13800000001',
  '123456',
  'match:1',
  'room:1001',
];

const FIELD_NAMES = [
  'phone',
  'code',
  'password',
  'oldPassword',
  'iv',
  'scene',
  'nickName',
  'id',
  'matchId',
  'roomId',
  'giftId',
  'count',
  'fromBag',
  'idemKey',
  'level',
  'scheduleId',
  'anchorId',
  'title',
  'content',
  'kind',
  'contact',
  'images',
  'targetId',
  'link',
  'page',
  'size',
  'type',
  'date',
  'sport',
  'pick',
  'reason',
  'name',
  'idNumber',
  'userId',
  'decision',
  'amount',
  'group',
  'before',
  'limit',
  'period',
  'platform',
  'channelId',
  'state',
  'side',
  'company',
  'half',
  'text',
  '__proto__',
  'constructor',
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BOUNDARY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
);

const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('value'), { maxKeys: 3 }),
  ),
})).value;

export interface HttpCase {
  route: FuzzRoute;
  params: string[];
  query: Record<string, string>;
  body: Record<string, unknown> | string | null;
  encoding: 'form' | 'json' | 'garbage';
  withToken: boolean;
}

export const httpCase = (routes: FuzzRoute[]): fc.Arbitrary<HttpCase> =>
  fc.record({
    route: fc.constantFrom(...routes),
    params: fc.array(hostileString, { minLength: 4, maxLength: 4 }),
    query: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 })), hostileString, {
      maxKeys: 4,
    }),
    body: fc.oneof(
      fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 })), hostileJson, {
        maxKeys: 6,
      }),
      hostileString,
      fc.constant(null),
    ),
    encoding: fc.constantFrom('form', 'json', 'garbage'),
    withToken: fc.boolean(),
  });

function toForm(body: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) p.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  return p.toString();
}

export interface HttpOutcome {
  status: number;
  code: number | null;
  url: string;
}

/**
 * A path segment as an attacker would send it: percent-encoded, and a lone surrogate (which no
 * encoder will write) as the invalid UTF-8 bytes it would be.
 */
function pathSegment(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

/** Sends one case; throws on a hang (no answer within `timeoutMs`). */
export async function sendHttpCase(base: string, c: HttpCase, token: string, timeoutMs = 10_000): Promise<HttpOutcome> {
  let i = 0;
  const path = c.route.pattern.replace(/:([A-Za-z]+)/g, () => pathSegment(c.params[i++ % 4] || 'x'));
  const url = new URL(base + path);
  for (const [k, v] of Object.entries(c.query)) url.searchParams.append(k, v);
  const headers: Record<string, string> = {};
  if (c.withToken) headers.accessToken = token;
  let body: string | undefined;
  if (c.route.method === 'POST' && c.body !== null) {
    if (typeof c.body === 'string' || c.encoding === 'garbage') {
      headers['content-type'] = c.encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
      body = typeof c.body === 'string' ? c.body : `{${JSON.stringify(c.body)}`;
    } else if (c.encoding === 'json') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(c.body);
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = toForm(c.body);
    }
  }
  const res = await fetch(url, { method: c.route.method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  let code: number | null = null;
  try {
    const parsed = JSON.parse(text) as { code?: unknown };
    if (typeof parsed.code === 'number') code = parsed.code;
  } catch {
    // Not an envelope (media, art, the app's HTML): only the status counts.
  }
  return { status: res.status, code, url: `${c.route.method} ${url.pathname}${url.search}` };
}

/** Tables a refused request must never change (security state — ivs, codes, attempts — may). */
export const GUARDED_TABLES = [
  'users',
  'user_uploads',
  'user_portrait_audits',
  'user_real_names',
  'user_feedback',
  'user_history',
  'user_messages',
  'user_posts',
  'user_tips',
  'live_follows',
  'vlive_follows',
  'vlive_reservations',
  'vlive_bags',
  'vlive_gift_sends',
  'vlive_balance_log',
  'vlive_user_nobility',
  'vlive_chat_messages',
  'vlive_watch_history',
];

/** One fingerprint of every guarded table's rows. */
export async function storedFingerprint(db: Db): Promise<string> {
  const parts = GUARDED_TABLES.map(
    (t) =>
      sql`select ${t} as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.table(t)} x`,
  );
  const { rows } = await sql<{ t: string; h: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return rows.map((r) => `${r.t}:${r.h}`).join(',');
}

/** Client frames: every kind with hostile fields, plus non-frames. */
export const frameCase: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc
    .record({
      topics: fc.array(
        fc.record({ topic: hostileString, since: fc.option(fc.oneof(fc.integer(), fc.double()), { nil: undefined }) }),
        {
          maxLength: 5,
        },
      ),
      serverId: fc.option(hostileString, { nil: undefined }),
    })
    .map((data) => JSON.stringify({ code: Frame.SUBSCRIBE, data })),
  fc
    .array(hostileString, { maxLength: 5 })
    .map((topics) => JSON.stringify({ code: Frame.UNSUBSCRIBE, data: { topics } })),
  hostileString.map((accessToken) => JSON.stringify({ code: Frame.AUTH, data: { accessToken } })),
  fc
    .record({ roomId: hostileString, text: hostileString, clientId: hostileString })
    .map((data) => JSON.stringify({ code: Frame.CHAT_SEND, data, accessToken: 'x'.repeat(43) })),
  fc.record({ code: fc.integer(), data: hostileJson }).map((f) => JSON.stringify(f)),
  hostileJson.map((v) => JSON.stringify(v) ?? 'undefined'),
  hostileString,
  fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
);

/** Close codes a fuzzed socket may legitimately end with. */
export const ALLOWED_CLOSE_CODES = new Set([1000, 1005, 1009, 4008]);

/**
 * Sends frames over `sockets` sockets within the per-socket rate; returns how each socket ended
 * (null: still open). Throws when the server stops answering.
 */
export async function fuzzFrames(
  socketUrl: () => Promise<string>,
  frames: Array<string | Buffer>,
  sockets: number,
): Promise<Array<number | null>> {
  const per = Math.ceil(frames.length / sockets);
  return Promise.all(
    Array.from({ length: sockets }, async (_, s) => {
      const ws = new WebSocket(await socketUrl());
      let closedWith: number | null = null;
      ws.on('close', (code) => (closedWith = code));
      ws.on('message', () => {});
      ws.on('error', () => {});
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      for (const f of frames.slice(s * per, (s + 1) * per)) {
        if (closedWith !== null) break;
        ws.send(f, { binary: Buffer.isBuffer(f) });
        // 12 frames a second: under the 20/s limit, so every frame is really handled.
        await new Promise((r) => setTimeout(r, 80));
      }
      await new Promise((r) => setTimeout(r, 200));
      const result = closedWith;
      ws.close();
      return result;
    }),
  );
}
