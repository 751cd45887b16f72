/**
 * `npm run ops -- verify-draws <issue>`: fetches an issue's seed, prize table and draws from the
 * operator API (OPS_TOKEN) and recomputes every draw here, independently of the server's own
 * check: sha256(seed) against the published hash, then each HMAC, roll and prize in draw order.
 */
import {
  ActivityPaths,
  OPS_TOKEN_HEADER,
  embeddedUrl,
  fillPath,
  type ActivityVerifyReport,
  type Envelope,
} from '../../workers/protocol/index';
import { replayDraws, seedHashOf } from './fairness';

export interface VerifyDrawsEnv {
  baseUrl: string;
  token: string | null;
  fetch: typeof fetch;
  out: (line: string) => void;
}

export const VERIFY_USAGE = '用法: npm run ops -- verify-draws <期号>';

/** Exit code: 0 every draw matches, 1 a mismatch (or the hash), 2 usage / access problems. */
export async function verifyDrawsCommand(args: string[], env: VerifyDrawsEnv): Promise<number> {
  const issueNo = Number(args[0]);
  if (!Number.isInteger(issueNo) || issueNo <= 0) {
    env.out(VERIFY_USAGE);
    return 2;
  }
  if (!env.token) {
    env.out('未设置 OPS_TOKEN，无法访问运维接口');
    return 2;
  }
  const url = env.baseUrl + embeddedUrl(fillPath(ActivityPaths.opsVerify, { issueNo }));
  const res = await env.fetch(url, { headers: { [OPS_TOKEN_HEADER]: env.token } });
  if (res.status === 404) {
    env.out('运维接口未开启（服务端未设置 OPS_TOKEN）');
    return 2;
  }
  const body = (await res.json()) as Envelope<ActivityVerifyReport>;
  if (body.code !== 200) {
    env.out(body.msg);
    return 2;
  }
  const r = body.data;
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
