/**
 * `npm run ops -- audit-ledger`: asks the operator API for every account whose balance is not
 * the sum of its ledger rows (or whose last running balance disagrees), and for negative rows;
 * and the same of anchors' earnings: each total against its rows, each coin gift with exactly one
 * share row worked out right.
 * Exit 0 when the ledger holds, 1 when it does not, 2 for access problems.
 */
import { PayPaths, type LedgerAudit } from '../../workers/protocol/index';
import { getOpsData, type OpsTarget } from '../ops/ops-get';

export type AuditLedgerEnv = OpsTarget;

export async function auditLedgerCommand(env: AuditLedgerEnv): Promise<number> {
  const a = await getOpsData<LedgerAudit>(env, PayPaths.opsLedgerAudit);
  if (!a) return 2;
  for (const m of a.mismatches) {
    env.out(
      `不一致: 用户 ${m.userId} 余额 ${m.balance} 流水合计 ${m.ledgerSum} 最后一笔后余额 ${m.lastRunningBalance ?? '-'}`,
    );
  }
  for (const m of a.earningsMismatches)
    env.out(`不一致: 主播 ${m.anchorId} 收益 ${m.earnings} 分成流水合计 ${m.rowsSum}`);
  if (a.giftsWithoutShare.length > 0) env.out(`分成有误的礼物: ${a.giftsWithoutShare.join(', ')}`);
  for (const c of a.tradeConflicts) {
    env.out(`待处理: 订单 ${c.orderId} 已支付，又收到交易号 ${c.tradeNo} 的支付通知（重复支付，请核实并退款）`);
  }
  env.out(
    `核对 ${a.anchors} 个主播、${a.earningsRows} 笔分成：${a.earningsMismatches.length} 个主播收益不一致，${a.giftsWithoutShare.length} 笔礼物分成有误`,
  );
  env.out(`核对 ${a.accounts} 个账户、${a.rows} 笔流水：${a.mismatches.length} 个账户不一致，${a.negative} 笔负余额`);
  const ok =
    a.mismatches.length === 0 &&
    a.negative === 0 &&
    a.earningsMismatches.length === 0 &&
    a.giftsWithoutShare.length === 0;
  return ok ? 0 : 1;
}
