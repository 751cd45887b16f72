/**
 * The activity area's test server (issue 15), shared by the activity tests: the real routes on a
 * real Fastify with a real PGlite, on a clock the tests move, with one league, two teams and
 * football matches seeded. `useActivityApp()` starts it before the file's tests and closes it
 * after; its helpers call the running app and read the rows behind it.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ActivityPaths as P,
  OPS_TOKEN_HEADER,
  embeddedUrl,
  type ActivityIssueInput,
  type ActivityIssueSummary,
} from '../../workers/protocol/index';
import { activityArea } from '../../server/activity/routes';
import { createSession } from '../../server/accounts/tokens';
import { createTestStorage, type TestStorage } from '../helpers/test-db';
import { liveMatchRow, liveTeamRow } from '../helpers/live-rows';
import { areaApp } from '../helpers/area-app';

export const OPS = 'ops-secret-for-tests';
export const clock = { now: Date.UTC(2026, 10, 22, 8, 0, 0) };
export let ts: TestStorage;
export let app: FastifyInstance;

export const buildApp = (opsToken: string | null): Promise<FastifyInstance> =>
  areaApp(activityArea, ts, () => clock.now, { opsToken });

/** Starts the app on a fresh seeded database before the file's tests and closes it after. */
export function useActivityApp(): void {
  beforeAll(async () => {
    ts = await createTestStorage();
    await seedFixtures();
    app = await buildApp(OPS);
  });
  afterAll(async () => {
    await app?.close();
    await ts?.cleanup();
  });
}

export type Res<T> = { code: number; msg: string; data: T };
export async function call<T = any>(
  method: 'GET' | 'POST',
  path: string,
  opts: {
    token?: string;
    body?: Record<string, string | number>;
    query?: Record<string, string>;
    ops?: string;
    json?: unknown;
    on?: FastifyInstance;
  } = {},
): Promise<Res<T>> {
  const form = opts.body
    ? new URLSearchParams(Object.entries(opts.body).map(([k, v]) => [k, String(v)])).toString()
    : undefined;
  const res = await (opts.on ?? app).inject({
    method,
    url: embeddedUrl(path),
    query: opts.query,
    payload: opts.json !== undefined ? JSON.stringify(opts.json) : form,
    headers: {
      ...(opts.token ? { accesstoken: opts.token } : {}),
      ...(opts.ops ? { [OPS_TOKEN_HEADER]: opts.ops } : {}),
      ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
  });
  if (res.statusCode === 404) return { code: 404, msg: 'route not found', data: null as T };
  return res.json() as Res<T>;
}
export const hasChinese = (s: string) => /[\u4e00-\u9fa5]/.test(s);

let phoneSeq = 0;
export async function createUser(nick?: string): Promise<{ id: number; token: string }> {
  phoneSeq++;
  const row = await ts.storage.db
    .insertInto('users')
    .values({
      phone: `137${String(10000000 + phoneSeq).slice(-8)}`,
      nick_name: nick ?? `竞猜${phoneSeq}`,
      password_hash: 'x',
      portrait: '',
      portrait_new: null,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await createSession(ts.storage.db, row.id, clock.now);
  return { id: row.id, token };
}

// --- fixtures: one league, two teams, football matches ------------------------------------------

export const LEAGUE = 770001;
export const HOME = 770101;
export const AWAY = 770102;
/** Not-started matches (kick-off 1 h … 9 h ahead) the demo issue picks up, plus two others. */
export const UPCOMING = Array.from({ length: 9 }, (_, i) => 660001 + i);
export const STARTED = 660101;
export const FINISHED = 660102;

async function seedFixtures() {
  const db = ts.storage.db;
  await db
    .insertInto('live_leagues')
    .values({
      id: LEAGUE,
      sport: 'zq',
      name: '测试甲级联赛',
      letter: 'C',
      color: '#2266aa',
      season: '2026',
      cup: false,
      major: true,
      quarter_min: null,
    })
    .execute();
  await db
    .insertInto('live_teams')
    .values([liveTeamRow(HOME, LEAGUE, 'zq', '北岸联'), liveTeamRow(AWAY, LEAGUE, 'zq', '南港城')])
    .execute();
  const nowS = clock.now / 1000;
  const match = (id: number, ot: number, status: number, score: [number, number] = [0, 0]) =>
    liveMatchRow({
      id,
      league_id: LEAGUE,
      home_id: HOME,
      away_id: AWAY,
      day: '2026-11-22',
      ot,
      status,
      score,
      updated_at: clock.now,
    });
  await db
    .insertInto('live_matches')
    .values([
      ...UPCOMING.map((id, i) => match(id, nowS + (i + 1) * 3600, 1)),
      match(STARTED, nowS - 600, 2, [1, 0]),
      match(FINISHED, nowS - 3 * 3600, 8, [2, 1]),
    ])
    .execute();
}

export async function setMatch(id: number, status: number, score: [number, number] = [0, 0]) {
  await ts.storage.db
    .updateTable('live_matches')
    .set({ status, score_h: score[0], score_a: score[1] })
    .where('id', '=', id)
    .execute();
}
export async function entry(issueNo: number, userId: number) {
  return ts.storage.db
    .selectFrom('activity_entries')
    .selectAll()
    .where('issue_no', '=', issueNo)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
export async function grantChances(issueNo: number, userId: number, n: number) {
  await ts.storage.db
    .updateTable('activity_entries')
    .set({ chances: n })
    .where('issue_no', '=', issueNo)
    .where('user_id', '=', userId)
    .execute();
}
export const clientId = () => crypto.randomBytes(8).toString('hex');

export function issueInput(over: Partial<ActivityIssueInput> = {}): ActivityIssueInput {
  return {
    title: '测试期',
    opensAt: clock.now - 1000,
    closesAt: clock.now + 86_400_000,
    matchIds: [UPCOMING[8]!],
    prizes: [
      { name: '签名球衣', kind: 'physical', weight: 1000, stock: 3 },
      { name: '谢谢参与', kind: 'none', weight: 0, stock: null },
    ],
    ...over,
  };
}
export async function opsCreate(input: ActivityIssueInput): Promise<ActivityIssueSummary> {
  const res = await call<ActivityIssueSummary>('POST', P.opsIssues, { ops: OPS, json: input });
  expect(res.code, res.msg).toBe(200);
  return res.data;
}

// --- the demo issue -----------------------------------------------------------------------------
