/**
 * The demo world's issue: on a fresh start with no issue at all, the first look at the activity
 * creates one over the next not-started football matches, with a small prize table, so the
 * page is alive. Its seed is fresh and secret like any operator-made issue.
 */
import { FootballStatus, type ActivityIssueInput } from '../../workers/protocol/index';
import type { Db, Storage } from '../db/index';
import { withSeedLock } from '../db/seed-lock';
import type { ActivityService } from './service';
import { ActivityText } from './text';

const DEMO_MATCHES = 8;
const DEMO_DAYS = 7;

export const DEMO_PRIZES: ActivityIssueInput['prizes'] = [
  { name: '球队签名球衣', kind: 'physical', weight: 2, stock: 3 },
  { name: '定制足球', kind: 'physical', weight: 5, stock: 10 },
  { name: '500 积分', kind: 'points', points: 500, weight: 13, stock: null },
  { name: '100 积分', kind: 'points', points: 100, weight: 30, stock: null },
  { name: ActivityText.consolation, kind: 'none', weight: 50, stock: null },
];

export async function demoIssueInput(db: Db, now: number): Promise<ActivityIssueInput | null> {
  const rows = await db
    .selectFrom('live_matches')
    .select('id')
    .where('sport', '=', 'zq')
    .where('status', '=', FootballStatus.NOT_STARTED)
    .where('ot', '>', Math.floor(now / 1000) + 600)
    .orderBy('ot')
    .orderBy('id')
    .limit(DEMO_MATCHES)
    .execute();
  if (!rows.length) return null;
  return {
    title: '周末竞猜 · 猜赛果赢大奖',
    opensAt: now,
    closesAt: now + DEMO_DAYS * 86_400_000,
    matchIds: rows.map((r) => r.id),
    prizes: DEMO_PRIZES,
  };
}

/**
 * Creates the demo issue when the database has none: concurrent callers in one process share one
 * attempt, and processes sharing a database take turns under the seed lock (each checks again
 * inside it), so two gateways asked at once make one issue, not two.
 */
export function createDemoSeeder(db: Db, service: ActivityService, now: () => number, storage?: Pick<Storage, 'kind'>) {
  let pending: Promise<void> | null = null;
  return function ensureDemoIssue(): Promise<void> {
    pending ??= (async () => {
      if (await service.hasAnyIssue()) return;
      await withSeedLock({ db, kind: storage?.kind ?? 'pglite' }, async () => {
        if (await service.hasAnyIssue()) return;
        const input = await demoIssueInput(db, now());
        if (input) await service.createIssue(input);
      });
    })().finally(() => {
      pending = null;
    });
    return pending;
  };
}
