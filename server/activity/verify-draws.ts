/**
 * `npm run ops -- verify-draws <issue>`: fetches an issue's seed, prize table and draws from the
 * operator API (OPS_TOKEN) and recomputes every draw here, independently of the server's own
 * check: sha256(seed) against the published hash, then each HMAC, roll and prize in draw order.
 */
import { ActivityPaths, fillPath, type ActivityVerifyReport } from '../../workers/protocol/index';
import { getOpsData, type OpsTarget } from '../ops/ops-get';
import { replayDraws, seedHashOf } from './fairness';

export type VerifyDrawsEnv = OpsTarget;

export const VERIFY_USAGE = '用法: npm run ops -- verify-draws <期号>';

/** Exit code: 0 every draw matches, 1 a mismatch (or the hash), 2 usage / access problems. */
export async function verifyDrawsCommand(args: string[], env: VerifyDrawsEnv): Promise<number> {
  const issueNo = Number(args[0]);
  if (!Number.isInteger(issueNo) || issueNo <= 0) {
    env.out(VERIFY_USAGE);
    return 2;
  }
  const r = await getOpsData<ActivityVerifyReport>(env, fillPath(ActivityPaths.opsVerify, { issueNo }));
  if (!r) return 2;
  const hashOk = seedHashOf(r.seed) === r.seedHash;
  const replayed = replayDraws(
    r.seed,
    r.issueNo,
    r.prizes.map((p, i) => ({ id: p.id, kind: p.kind, weight: p.weight, initialStock: p.initialStock, sort: i })),
    r.draws.map((d) => ({ userId: d.userId, drawNo: d.drawNo, prizeId: d.recordedPrizeId })),
  );
  const bad = replayed.filter((d) => !d.ok);
  env.out(`第 ${r.issueNo} 期  公布的哈希 ${r.seedHash}`);
  env.out(`种子 ${r.seed}  sha256 ${hashOk ? '一致' : '不一致'}`);
  for (const d of bad)
    env.out(`不一致: 用户 ${d.userId} 第 ${d.drawNo} 次 记录奖品 ${d.prizeId} 重算奖品 ${d.expectedPrizeId}`);
  env.out(`重算 ${replayed.length} 次抽奖，${replayed.length - bad.length} 次一致，${bad.length} 次不一致`);
  return hashOk && bad.length === 0 ? 0 : 1;
}
