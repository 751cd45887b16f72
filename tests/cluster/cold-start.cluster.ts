/**
 * Issue 28: cold starts. 3 gateways and 2 feeds spawned at the same moment on an empty PostgreSQL
 * database and a fresh stream name, 5 times: no process may die (before the seed lock, 6 of 10
 * processes died on `news_articles_slug_key` in 2 such starts), and each time a goal posted to a
 * gateway reaches a client on another gateway. The last cluster stays up for the checks below:
 * the background jobs run once (on the leader) with two feeds and three gateways, and the feed dev
 * control is applied by the leader whichever process receives it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Code, Frame, SystemPaths } from '../../workers/protocol/index';
import type { ClusterProc } from '../helpers/cluster-procs';
import { coldStartOnce, isGoalOf, socketOn, type ColdStartResult } from '../helpers/cluster-cold-start';
import { footballMatchInPlay, type RunningServer } from '../helpers/e2e';

const COLD_STARTS = 5;
let kept: ColdStartResult['kept'];

afterAll(async () => {
  await kept?.rig.teardown();
});

async function until(what: string, ok: () => Promise<boolean>, withinMs: number): Promise<void> {
  const end = Date.now() + withinMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs of each background job this process started (`background_job_runs_total{job=…}`). */
async function jobRuns(p: ClusterProc): Promise<Record<string, number>> {
  const text = await (await fetch(`${p.url}${SystemPaths.metrics}`)).text();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^background_job_runs_total\{job="([^"]+)"\} (\d+)/gm)) out[m[1]] = Number(m[2]);
  return out;
}

async function feedEvent(p: ClusterProc, body: unknown): Promise<{ code: number; msg: string }> {
  const res = await fetch(`${p.url}${SystemPaths.devFeedEvent}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string };
}

describe('cluster: cold start of 3 gateways + 2 feeds together', () => {
  it(`${COLD_STARTS} cold starts on an empty database: no process dies, and the cluster works each time`, async () => {
    const runs: ColdStartResult[] = [];
    for (let i = 0; i < COLD_STARTS; i++) {
      const r = await coldStartOnce('qs_cold', { keep: i === COLD_STARTS - 1 });
      runs.push(r);
      if (r.kept) kept = r.kept;
      // The figures, for the log of a CI run.
      console.log(
        `cold start ${i + 1}: crashed ${r.crashed}, working ${String(r.working)}, healthy after ${r.readyMs} ms`,
      );
    }
    expect(runs.flatMap((r) => r.failures)).toEqual([]);
    expect(runs.map((r) => r.crashed)).toEqual(Array(COLD_STARTS).fill(0));
    expect(runs.map((r) => r.error ?? 'working')).toEqual(Array(COLD_STARTS).fill('working'));
  }, 600_000);

  it('background jobs run once cluster-wide: on the leader, not on the standby feed or any gateway', async () => {
    expect(kept).toBeDefined();
    const { rig, gateways, leader, standby } = kept!;
    const sqlDb = new pg.Client({ connectionString: rig.db.url });
    await sqlDb.connect();
    try {
      const reports = async () =>
        (
          await sqlDb.query<{ match_id: number; auto_kind: string; n: string }>(
            `select match_id, auto_kind, count(*) as n from news_articles
             where auto_kind is not null group by match_id, auto_kind`,
          )
        ).rows;
      await until('automatic match reports written', async () => (await reports()).length > 0, 60_000);
      await until(
        'the leader ran every job',
        async () => {
          const runs = await jobRuns(leader);
          return ['match-reports', 'tip-settlement', 'vlive-schedules'].every((j) => (runs[j] ?? 0) > 1);
        },
        60_000,
      );
      // One report per match and kind, though five processes registered the sweep.
      expect((await reports()).filter((r) => Number(r.n) !== 1)).toEqual([]);
      expect(await jobRuns(standby)).toEqual({});
      for (const gw of gateways) expect(await jobRuns(gw)).toEqual({});
    } finally {
      await sqlDb.end();
    }
  }, 180_000);

  it('POST /_dev/feed/event on a gateway and on the standby feed is applied by the leader, its answer returned', async () => {
    expect(kept).toBeDefined();
    const { gateways, standby, leader } = kept!;
    const watcher = await socketOn(gateways[0]);
    watcher.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic: 'football' }] } });
    await watcher.next((f) => f.code === Frame.SUBSCRIBED, 15_000);
    try {
      const matchId = await footballMatchInPlay({ url: gateways[1].url } as RunningServer);
      for (const via of [gateways[2], standby]) {
        expect(await feedEvent(via, { matchId, type: 'goal', side: 'away' })).toMatchObject({ code: Code.OK });
        await watcher.next(isGoalOf(matchId), 20_000);
      }
      // The leader's refusal comes back as it is (the match does not exist there either).
      const refusal = await feedEvent(gateways[0], { matchId: 987_654_321, type: 'goal', side: 'home' });
      expect(refusal).toEqual(await feedEvent(leader, { matchId: 987_654_321, type: 'goal', side: 'home' }));
      expect(refusal.code).not.toBe(Code.OK);
      // Bad input is answered where it arrives, in Chinese, and never travels.
      const bad = await feedEvent(standby, { matchId: 'x', type: 'goal' });
      expect(bad.code).toBe(Code.BAD_INPUT);
      expect(bad.msg).toMatch(/[\u4e00-\u9fa5]/);
    } finally {
      watcher.close();
    }
  });
});
