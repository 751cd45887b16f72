/**
 * The whole server (buildServer: real hub, real ws, real PGlite in a temp dir, feed off) with
 * OPS_TOKEN set, a settable clock, users with real sessions and a small API caller.
 */
import crypto from 'node:crypto';
import { buildServer, type BuiltServer } from '../../../server/app';
import { createOutboxSms } from '../../../server/accounts/sms';
import { createSession } from '../../../server/accounts/tokens';
import { OPS_TOKEN_HEADER } from '../../../workers/protocol/api/news';
import { embeddedUrl, type Envelope } from '../../../workers/protocol/index';
import { createTestStorage, type Engine, type TestStorage } from '../../helpers/test-db';

export const OPS_TOKEN = 'ops-test-token';

export interface NewsHarness {
  built: BuiltServer;
  ts: TestStorage;
  base: string;
  clock: { now: number };
  close(): Promise<void>;
}

export async function startNews(opts: { engine?: Engine; opsToken?: string | null } = {}): Promise<NewsHarness> {
  const ts = await createTestStorage(opts.engine ?? 'pglite', {
    opsToken: opts.opsToken === undefined ? OPS_TOKEN : opts.opsToken,
  });
  const clock = { now: Date.now() };
  const built = await buildServer(ts.config, {
    sms: createOutboxSms(() => {}),
    storage: ts.storage,
    client: false,
    logger: false,
    now: () => clock.now,
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = built.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return {
    built,
    ts,
    base: `http://127.0.0.1:${addr.port}`,
    clock,
    async close() {
      await built.close();
      await ts.cleanup();
    },
  };
}

export async function createUser(h: NewsHarness, nickName?: string): Promise<{ id: number; token: string }> {
  const phone = `135${String(crypto.randomInt(10_000_000, 99_999_999))}`;
  // Nicknames are unique: the phone's 8 random digits, not its last 4 (10,000 names, so a file that
  // makes dozens of users could draw one twice: users_nick_name_key failed a CI run).
  const row = await h.ts.storage.db
    .insertInto('users')
    .values({ phone, nick_name: nickName ?? `球迷${phone.slice(3)}`, password_hash: '!', portrait: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await createSession(h.ts.storage.db, row.id, h.clock.now);
  return { id: row.id, token };
}

export interface CallOpts {
  token?: string;
  form?: Record<string, string | number>;
  json?: unknown;
  query?: Record<string, string | number>;
  ops?: string;
}

/** A main-API call on the running server; form bodies like the core sends them. */
export async function api<T = any>(h: NewsHarness, method: 'GET' | 'POST', path: string, o: CallOpts = {}) {
  const url = new URL(h.base + (path.startsWith('/media/') ? path : embeddedUrl(path)));
  for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {};
  if (o.token) headers.accessToken = o.token;
  if (o.ops !== undefined) headers[OPS_TOKEN_HEADER] = o.ops;
  let body: string | undefined;
  if (o.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries(o.form).map(([k, v]) => [k, String(v)])).toString();
  } else if (o.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.json);
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  try {
    return { status: res.status, ...(JSON.parse(text) as Envelope<T>) };
  } catch {
    return { status: res.status, code: -1, msg: text, data: null as T };
  }
}

export const hasChinese = (s: string) => /[\u4e00-\u9fa5]/.test(s);

export async function count(
  h: NewsHarness,
  table: 'news_articles' | 'news_comments' | 'news_likes' | 'news_reports' | 'user_posts',
) {
  return Number(
    (
      await h.ts.storage.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}
