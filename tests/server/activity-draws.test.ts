/**
 * The activity draw (issue 15) on the real routes with a real PGlite: stock under 100 concurrent
 * draws, the provably fair draw (seed hash, HMAC, reveal, verify, tamper detection, the
 * `ops verify-draws` command) and, on PostgreSQL, the same guarantees under truly concurrent
 * transactions. The shared server is activity-harness.ts.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActivityPaths as P,
  fillPath,
  type ActivityIssueSummary,
  type ActivityVerifyReport,
} from '../../workers/protocol/index';
import { seedHashOf } from '../../server/activity/fairness';
import { verifyDrawsCommand } from '../../server/activity/verify-draws';
import { createTestStorage, type TestStorage } from '../helpers/test-db';
import { createActivityService } from '../../server/activity/service';
import {
  useActivityApp,
  OPS,
  clock,
  ts,
  app,
  call,
  createUser,
  grantChances,
  clientId,
  issueInput,
  opsCreate,
} from './activity-harness';
import { liveMatchRow, liveTeamRow } from '../helpers/live-rows';

useActivityApp();

// --- stock and fairness -------------------------------------------------------------------------

describe('stock and the provably fair draw', () => {
  let issue: ActivityIssueSummary;
  let users: Array<{ id: number; token: string }>;
  beforeAll(async () => {
    issue = await opsCreate(issueInput());
    users = [];
    for (let i = 0; i < 100; i++) {
      const u = await createUser(`抽奖${i}`);
      await call('POST', P.join, { token: u.token, body: { issueNo: issue.issueNo } });
      await grantChances(issue.issueNo, u.id, 1);
      users.push(u);
    }
  }, 60_000);

  it('100 concurrent draws against a stock of 3 give exactly 3 winners', async () => {
    const results = await Promise.all(
      users.map((u) =>
        call('POST', P.draw, { token: u.token, body: { issueNo: issue.issueNo, clientId: clientId() } }),
      ),
    );
    expect(results.every((r) => r.code === 200)).toBe(true);
    const winners = results.filter((r) => r.data.prizeName === '签名球衣');
    expect(winners).toHaveLength(3);
    expect(results.filter((r) => r.data.prizeName === '谢谢参与')).toHaveLength(97);
    const stock = await ts.storage.db
      .selectFrom('activity_prizes')
      .select('stock')
      .where('issue_no', '=', issue.issueNo)
      .where('kind', '=', 'physical')
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
  }, 60_000);

  it('verify is refused before the reveal; after close the seed matches its hash and every draw recomputes', async () => {
    const early = await call('GET', fillPath(P.verify, { issueNo: issue.issueNo }));
    expect(early).toMatchObject({ code: 4001, msg: '本期尚未结束，种子公布后才能验证' });
    const closed = await call<ActivityIssueSummary>('POST', fillPath(P.opsClose, { issueNo: issue.issueNo }), {
      ops: OPS,
    });
    expect(closed.data.status).toBe('closed');
    expect(seedHashOf(closed.data.seed!)).toBe(issue.seedHash);
    const report = await call<ActivityVerifyReport>('GET', fillPath(P.verify, { issueNo: issue.issueNo }));
    expect(report.data.seedMatchesHash).toBe(true);
    expect(report.data.draws).toHaveLength(100);
    expect(report.data.allMatch).toBe(true);
    // A closed issue takes no more draws.
    const late = await call('POST', P.draw, {
      token: users[0]!.token,
      body: { issueNo: issue.issueNo, clientId: clientId() },
    });
    expect(late.msg).toBe('本期活动未开始或已结束');
  });

  it('`ops verify-draws` recomputes every draw over the operator API and exits 0', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const lines: string[] = [];
    const env = {
      baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      token: OPS,
      fetch,
      out: (l: string) => lines.push(l),
    };
    expect(await verifyDrawsCommand([String(issue.issueNo)], env)).toBe(0);
    expect(lines.join('\n')).toContain('重算 100 次抽奖，100 次一致，0 次不一致');
    expect(await verifyDrawsCommand([String(issue.issueNo)], { ...env, token: 'nope' })).toBe(2);
    expect(await verifyDrawsCommand(['abc'], env)).toBe(2);
  });

  it('changing the seed after publishing is detected by the verify page and by the command', async () => {
    await ts.storage.db
      .updateTable('activity_issues')
      .set({ seed: crypto.randomBytes(32).toString('hex') })
      .where('issue_no', '=', issue.issueNo)
      .execute();
    const report = await call<ActivityVerifyReport>('GET', fillPath(P.verify, { issueNo: issue.issueNo }));
    expect(report.data.seedMatchesHash).toBe(false);
    expect(report.data.allMatch).toBe(false);
    const lines: string[] = [];
    const env = {
      baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      token: OPS,
      fetch,
      out: (l: string) => lines.push(l),
    };
    expect(await verifyDrawsCommand([String(issue.issueNo)], env)).toBe(1);
    expect(lines.join('\n')).toContain('sha256 不一致');
  });

  it('a recorded prize changed after the draw is detected', async () => {
    const other = await opsCreate(
      issueInput({
        prizes: [
          { name: '球衣', kind: 'physical', weight: 1, stock: 5 },
          { name: '谢谢参与', kind: 'none', weight: 1, stock: null },
        ],
      }),
    );
    const u = await createUser();
    await call('POST', P.join, { token: u.token, body: { issueNo: other.issueNo } });
    await grantChances(other.issueNo, u.id, 4);
    for (let i = 0; i < 4; i++)
      await call('POST', P.draw, { token: u.token, body: { issueNo: other.issueNo, clientId: clientId() } });
    await call('POST', fillPath(P.opsClose, { issueNo: other.issueNo }), { ops: OPS });
    const fine = await call<ActivityVerifyReport>('GET', fillPath(P.verify, { issueNo: other.issueNo }));
    expect(fine.data.allMatch).toBe(true);
    const prizes = fine.data.prizes.map((p) => p.id);
    const d = fine.data.draws[2]!;
    const swapped = prizes.find((id) => id !== d.recordedPrizeId)!;
    await ts.storage.db
      .updateTable('activity_draws')
      .set({ prize_id: swapped })
      .where('issue_no', '=', other.issueNo)
      .where('draw_no', '=', 3)
      .execute();
    const tampered = await call<ActivityVerifyReport>('GET', fillPath(P.verify, { issueNo: other.issueNo }));
    expect(tampered.data.allMatch).toBe(false);
    expect(tampered.data.draws.filter((r) => !r.ok).map((r) => r.drawNo)).toContain(3);
  });
});

describe('stock and client ids on PostgreSQL (truly concurrent transactions)', () => {
  let pg: TestStorage;
  beforeAll(async () => {
    pg = await createTestStorage('postgres');
  }, 60_000);
  afterAll(async () => {
    await pg?.cleanup();
  });

  it('100 concurrent draws against a stock of 3 give exactly 3 winners, every draw verifies, one client id draws once', async () => {
    const db = pg.storage.db;
    const svc = createActivityService(db, () => clock.now);
    await db
      .insertInto('live_leagues')
      .values({
        id: 1,
        sport: 'zq',
        name: '测试联赛',
        letter: 'C',
        color: '#000',
        season: '2026',
        cup: false,
        major: false,
        quarter_min: null,
      })
      .execute();
    await db
      .insertInto('live_teams')
      .values([liveTeamRow(1, 1, 'zq', '甲队'), liveTeamRow(2, 1, 'zq', '乙队')])
      .execute();
    await db
      .insertInto('live_matches')
      .values(
        liveMatchRow({
          id: 1,
          league_id: 1,
          home_id: 1,
          away_id: 2,
          day: '2026-11-22',
          ot: clock.now / 1000 + 3600,
          status: 1,
          updated_at: clock.now,
        }),
      )
      .execute();
    const issue = await svc.createIssue(
      issueInput({
        matchIds: [1],
        prizes: [
          { name: '签名球衣', kind: 'physical', weight: 1000, stock: 3 },
          { name: '谢谢参与', kind: 'none', weight: 0, stock: null },
        ],
      }),
    );
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) {
      const row = await db
        .insertInto('users')
        .values({
          phone: `135${String(10000000 + i).slice(-8)}`,
          nick_name: `并发${i}`,
          password_hash: 'x',
          portrait: '',
          portrait_new: null,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await svc.join(row.id, issue.issueNo, null);
      await db.updateTable('activity_entries').set({ chances: 1 }).where('user_id', '=', row.id).execute();
      ids.push(row.id);
    }
    const results = await Promise.all(ids.map((id) => svc.draw(id, issue.issueNo, clientId())));
    expect(results.filter((r) => r.prizeName === '签名球衣')).toHaveLength(3);
    expect(results.filter((r) => r.prizeName === '谢谢参与')).toHaveLength(97);
    const report = await svc.verify(issue.issueNo, true);
    expect(report.allMatch).toBe(true);

    await db.updateTable('activity_entries').set({ chances: 5 }).where('user_id', '=', ids[0]!).execute();
    const racer = clientId();
    const racing = await Promise.all(Array.from({ length: 8 }, () => svc.draw(ids[0]!, issue.issueNo, racer)));
    expect(new Set(racing.map((r) => r.drawNo)).size).toBe(1);
    expect(racing.filter((r) => !r.replayed)).toHaveLength(1);
    const entryRow = await db
      .selectFrom('activity_entries')
      .selectAll()
      .where('user_id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(entryRow).toMatchObject({ chances: 4, draws: 2 });
    // With one chance left, the losers of a race find it spent: they still answer with the winner's draw.
    await db.updateTable('activity_entries').set({ chances: 1 }).where('user_id', '=', ids[1]!).execute();
    const last = clientId();
    const lastRace = await Promise.all(Array.from({ length: 6 }, () => svc.draw(ids[1]!, issue.issueNo, last)));
    expect(lastRace.every((r) => r.drawNo === 2)).toBe(true);
    expect(lastRace.filter((r) => !r.replayed)).toHaveLength(1);
  }, 120_000);
});
