/**
 * A real server for the expert-tip tests (feed on a fixed seed, clock held at 20:30 Beijing) on
 * either storage engine: users and experts inserted directly, calls through Fastify's inject,
 * dev events on the feed's real matches, and the day's upcoming matches handed out one by one.
 */
import { expect } from 'vitest';
import { createTestStorage, type Engine, type TestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import { createSession } from '../../../server/accounts/tokens';
import { LivePaths, OPS_TOKEN_HEADER, ProposalPaths, embeddedUrl, type Match } from '../../../workers/protocol/index';

export const OPS = 'ops-token-for-proposal-tests';
export const REASON = '主队近期主场五连胜，客队伤停较多。';
const START = Date.parse('2026-11-22T12:30:00Z'); // 20:30 Beijing

export interface Who {
  id: number;
  token: string;
}

export interface TipHarness {
  server: BuiltServer;
  clock: { now: number };
  db(): BuiltServer['ctx']['db'];
  /** How many users this harness has added (their nick names are 用户1, 用户2, …). */
  users(): number;
  addUser(): Promise<Who>;
  addExpert(level?: number): Promise<Who>;
  call<T>(
    method: 'GET' | 'POST',
    path: string,
    opts?: { who?: Who; body?: unknown; ops?: boolean },
  ): Promise<{ code: number; msg: string; data: T }>;
  dev(matchId: number, type: 'goal' | 'state', extra: { side?: 'home' | 'away'; state?: number }): Promise<void>;
  takeMatch(): Match;
  publish(who: Who, matchId: number, market: string, pick: string, price?: number): Promise<number>;
  close(): Promise<void>;
}

export async function openTipHarness(engine: Engine = 'pglite'): Promise<TipHarness> {
  const ts: TestStorage = await createTestStorage(engine, { feedSeed: 77 });
  const clock = { now: START };
  const server = await buildServer(
    { ...ts.config, opsToken: OPS },
    { storage: ts.storage, client: false, now: () => clock.now },
  );
  await server.ctx.feed.start();
  const db = () => server.ctx.db;
  let phoneSeq = 0;
  let nextMatch = 0;

  const call: TipHarness['call'] = async (method, path, opts = {}) => {
    const res = await server.app.inject({
      method,
      url: embeddedUrl(path),
      headers: {
        ...(opts.who ? { accesstoken: opts.who.token } : {}),
        ...(opts.ops ? { [OPS_TOKEN_HEADER]: OPS } : {}),
      },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    return res.json();
  };

  const addUser = async (): Promise<Who> => {
    phoneSeq++;
    const phone = `1981234${String(phoneSeq).padStart(4, '0')}`;
    const row = await db()
      .insertInto('users')
      .values({ phone, nick_name: `用户${phoneSeq}`, password_hash: 'x', portrait: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await createSession(db(), row.id, clock.now);
    return { id: row.id, token };
  };

  const res = await server.app.inject({ method: 'GET', url: embeddedUrl(LivePaths.zqLive) });
  const list = (res.json() as { data: Match[] }).data;
  const upcoming = list.filter((m) => m.s === 1 && m.ot * 1000 > clock.now).sort((a, b) => a.ot - b.ot);
  expect(upcoming.length).toBeGreaterThan(8);

  return {
    server,
    clock,
    db,
    users: () => phoneSeq,
    addUser,
    async addExpert(level = 2) {
      const w = await addUser();
      await db()
        .insertInto('proposal_experts')
        .values({ user_id: w.id, level, intro: '', created_at: clock.now })
        .execute();
      return w;
    },
    call,
    async dev(matchId, type, extra) {
      const r = await server.ctx.feed.applyDevEvent({ matchId, type, ...extra });
      expect(r.code, r.msg).toBe(200);
    },
    takeMatch() {
      const m = upcoming[nextMatch++];
      if (!m) throw new Error('no upcoming match left for this test file');
      return m;
    },
    async publish(who, matchId, market, pick, price = 0) {
      const r = await call<{ id: number }>('POST', ProposalPaths.publish, {
        who,
        body: { matchId, market, pick, price, reason: REASON },
      });
      expect(r.code, r.msg).toBe(200);
      return r.data.id;
    },
    async close() {
      await server.close();
      await ts.cleanup();
    },
  };
}
