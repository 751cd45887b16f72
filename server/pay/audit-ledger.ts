/**
 * `npm run ops -- audit-ledger`: asks the operator API for every account whose balance is not
 * the sum of its ledger rows (or whose last running balance disagrees), and for negative rows.
 * Exit 0 when the ledger holds, 1 when it does not, 2 for access problems.
 */
import { OPS_TOKEN_HEADER, PayPaths, embeddedUrl, type Envelope, type LedgerAudit } from '../../workers/protocol/index';

export interface AuditLedgerEnv {
  baseUrl: string;
  token: string | null;
  out: (line: string) => void;
}

export async function auditLedgerCommand(env: AuditLedgerEnv): Promise<number> {
  if (!env.token) {
    env.out('未设置 OPS_TOKEN，无法访问运维接口');
    return 2;
  }
  let res: Response;
  try {
    res = await fetch(env.baseUrl + embeddedUrl(PayPaths.opsLedgerAudit), {
      headers: { [OPS_TOKEN_HEADER]: env.token },
    });
  } catch (err) {
    env.out(`无法连接服务器 ${env.baseUrl}：${(err as Error).message}`);
    return 2;
  }
  if (res.status === 404) {
    env.out('运维接口未开启（服务端未设置 OPS_TOKEN）');
    return 2;
  }
  const body = (await res.json()) as Envelope<LedgerAudit>;
  if (body.code !== 200) {
    env.out(body.msg);
    return 2;
  }
  const a = body.data;
  for (const m of a.mismatches) {
    env.out(
      `不一致: 用户 ${m.userId} 余额 ${m.balance} 流水合计 ${m.ledgerSum} 最后一笔后余额 ${m.lastRunningBalance ?? '-'}`,
    );
  }
  env.out(`核对 ${a.accounts} 个账户、${a.rows} 笔流水：${a.mismatches.length} 个账户不一致，${a.negative} 笔负余额`);
  return a.mismatches.length === 0 && a.negative === 0 ? 0 : 1;
}
