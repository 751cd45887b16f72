/**
 * `npm run ops -- <command>`: the operator's command line. It talks to the running server's
 * operator API (OPS_TOKEN), so it works the same on PGlite (one process owns the database) and
 * on PostgreSQL. Server address: OPS_URL, or http://HOST:PORT (defaults 127.0.0.1:8008).
 *
 *   npm run ops -- publish article.md        # Markdown with front matter (title, type, tags, author, …)
 *   npm run ops -- edit <id> article.md
 *   npm run ops -- pin <id> | unpin <id> | takedown <id>
 *   npm run ops -- reports
 *   npm run ops -- restore post|comment <id> | remove post|comment <id>
 *   npm run ops -- verify-draws <期号>   # recompute every draw of a closed activity issue
 *   npm run ops -- audit-ledger          # every balance against the sum of its coin ledger rows
 *   npm run ops -- experts | approve-expert <用户编号> | reject-expert <用户编号>
 *   npm run ops -- anchor <用户编号> <直播间编号>   # grant the anchor role for a room (its console)
 *   npm run ops -- names [nami|apisports]        # provider names not translated yet
 *   npm run ops -- names set <数据源> [zq|lq] <类型> <编号> <中文名> [简称]   # zq when not given
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { embeddedUrl } from '../../workers/protocol/api/paths';
import { BroadcastPaths } from '../../workers/protocol/api/broadcast';
import { OPS_TOKEN_HEADER, OpsNewsPaths as P, type ReportedItem } from '../../workers/protocol/api/news';
import { OpsProposalPaths, type ExpertApplicationRow } from '../../workers/protocol/api/proposal';
import { OpsLivePaths, type NameEntry } from '../../workers/protocol/api/live';
import { parseFrontMatter } from '../news/front-matter';
import { BizError } from '../http/reply';
import { verifyDrawsCommand } from '../activity/verify-draws';
import { auditLedgerCommand } from '../pay/audit-ledger';
import { API_NOT_FOUND } from '../http/reply';

/** What the operator API answers for an article (other answers carry only code and msg). */
type OpsAnswer = { id?: number; title?: string } | null;

export const OPS_USAGE = `用法: npm run ops -- <命令>
  publish <文件.md>            发布文章（Markdown，开头为 --- 包围的头信息）
  edit <编号> <文件.md>         用文件内容修改文章
  pin <编号> | unpin <编号>      置顶 / 取消置顶
  takedown <编号>               下线文章
  reports                      列出待审核的举报
  restore|remove post|comment <编号>  审核举报：恢复显示 / 删除
  verify-draws <期号>           重算活动某期的每一次抽奖，核对是否与记录一致
  audit-ledger                 核对每个账户的球币余额是否等于其流水合计
  experts                      列出待审核的专家申请
  approve-expert|reject-expert <用户编号>  通过 / 拒绝专家申请
  anchor <用户编号> <直播间编号>   开通主播：该用户成为这个直播间的主播（主播中心 /user/anchor）
  names [nami|apisports]       列出数据源送来、还没有中文名的联赛 / 球队 / 球员 / 公司
  names set <数据源> [zq|lq] <类型> <编号> <中文名> [简称]
                               设置中文名（类型：league team player company；篮球写 lq，不写为足球）`;

export interface OpsEnv {
  base: string;
  token: string | null;
  out: (line: string) => void;
  readFile?: (file: string) => string;
}

export async function runOpsCli(argv: string[], env: OpsEnv): Promise<number> {
  const { out } = env;
  if (argv[0] === 'audit-ledger') return auditLedgerCommand({ baseUrl: env.base, token: env.token, out });
  if (argv[0] === 'verify-draws')
    return verifyDrawsCommand(argv.slice(1), { baseUrl: env.base, token: env.token, fetch, out });
  if (!env.token) {
    out('未设置 OPS_TOKEN：运营接口未开启');
    return 2;
  }
  const read = env.readFile ?? ((f: string) => fs.readFileSync(f, 'utf8'));
  const call = async (method: 'GET' | 'POST', p: string, body?: unknown) => {
    const res = await fetch(env.base + embeddedUrl(p), {
      method,
      headers: { [OPS_TOKEN_HEADER]: env.token!, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => null)) as { code: number; msg: string; data: OpsAnswer } | null;
    // The operator API answers 404 for a missing article too; only the not-found handler's 404
    // (no such route) means the API is off.
    if (!answer || (res.status === 404 && (answer.msg === API_NOT_FOUND || typeof answer.code !== 'number')))
      return { code: 404, msg: '服务器未开启运营接口（OPS_TOKEN 未设置）', data: null };
    return answer;
  };
  const id = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : null);
  const [cmd, a, b] = argv;
  let r: { code: number; msg: string; data: OpsAnswer };
  try {
    switch (cmd) {
      case 'publish':
        if (!a) break;
        r = await call('POST', P.publish, { markdown: read(a) });
        if (r.code === 200) out(`${r.msg}：#${r.data?.id} ${r.data?.title}`);
        else out(r.msg);
        return r.code === 200 ? 0 : 1;
      case 'edit': {
        if (id(a) === null || !b) break;
        const fields = parseFrontMatter(read(b));
        r = await call('POST', P.edit, { id: id(a), ...fields });
        out(r.code === 200 ? `${r.msg}：#${r.data?.id} ${r.data?.title}` : r.msg);
        return r.code === 200 ? 0 : 1;
      }
      case 'pin':
      case 'unpin':
        if (id(a) === null) break;
        r = await call('POST', P.pin, { id: id(a), pinned: cmd === 'pin' });
        out(r.code === 200 ? `${r.msg}：#${id(a)}` : r.msg);
        return r.code === 200 ? 0 : 1;
      case 'takedown':
        if (id(a) === null) break;
        r = await call('POST', P.takedown, { id: id(a) });
        out(r.code === 200 ? `${r.msg}：#${id(a)}` : r.msg);
        return r.code === 200 ? 0 : 1;
      case 'reports': {
        r = await call('GET', P.reports);
        if (r.code !== 200) {
          out(r.msg);
          return 1;
        }
        const list = r.data as ReportedItem[];
        if (!list.length) out('没有待审核的举报');
        for (const item of list)
          out(
            `${item.kind}\t${item.id}\t${item.reports} 次\t${item.reasons.join('；')}\t${item.text.replace(/\s+/g, ' ').slice(0, 40)}`,
          );
        return 0;
      }
      case 'experts': {
        r = await call('GET', OpsProposalPaths.applications);
        if (r.code !== 200) {
          out(r.msg);
          return 1;
        }
        const list = r.data as unknown as ExpertApplicationRow[];
        if (!list.length) out('没有待审核的专家申请');
        for (const x of list)
          out(`${x.userId}\t${x.nickName}\t已结算 ${x.settled} 场\t命中率 ${Math.round(x.hitRate * 100)}%`);
        return 0;
      }
      case 'approve-expert':
      case 'reject-expert':
        if (id(a) === null) break;
        r = await call('POST', OpsProposalPaths.decide, { userId: id(a), approve: cmd === 'approve-expert' });
        out(r.code === 200 ? `${cmd === 'approve-expert' ? '已通过' : '已拒绝'}：用户 #${id(a)}` : r.msg);
        return r.code === 200 ? 0 : 1;
      case 'anchor':
        if (id(a) === null || !b) break;
        r = await call('POST', BroadcastPaths.opsAnchor, { userId: id(a), roomId: b });
        out(r.code === 200 ? `已开通主播：用户 #${id(a)} → 直播间 ${b}` : r.msg);
        return r.code === 200 ? 0 : 1;
      case 'names': {
        if (a === 'set') {
          // The sport may follow the provider (a provider numbers football and basketball apart).
          const rest = argv.slice(2);
          const sport = rest[1] === 'zq' || rest[1] === 'lq' ? rest.splice(1, 1)[0] : 'zq';
          const [provider, kind, providerId, nameZh, shortZh] = rest;
          if (!provider || !kind || !providerId || !nameZh) break;
          r = await call('POST', OpsLivePaths.names, {
            provider,
            sport,
            kind,
            providerId,
            nameZh,
            shortZh: shortZh ?? null,
          });
          out(
            r.code === 200
              ? `${r.msg}：${provider} ${sport} ${kind} ${providerId} → ${nameZh}${shortZh ? `（${shortZh}）` : ''}`
              : r.msg,
          );
          return r.code === 200 ? 0 : 1;
        }
        r = await call('GET', OpsLivePaths.names + (a ? `?provider=${encodeURIComponent(a)}` : ''));
        if (r.code !== 200) {
          out(r.msg);
          return 1;
        }
        const list = r.data as unknown as NameEntry[];
        if (!list.length) out('没有待翻译的名称');
        for (const n of list) out(`${n.provider}\t${n.sport}\t${n.kind}\t${n.providerId}\t${n.providerName}`);
        return 0;
      }
      case 'restore':
      case 'remove':
        if ((a !== 'post' && a !== 'comment') || id(b) === null) break;
        r = await call('POST', P.review, { kind: a, id: id(b), decision: cmd });
        out(r.code === 200 ? `${r.msg}：${a} #${id(b)}` : r.msg);
        return r.code === 200 ? 0 : 1;
    }
  } catch (err) {
    if (err instanceof BizError) {
      out(err.message);
      return 1;
    }
    out(`无法连接服务器 ${env.base}：${(err as Error).message}`);
    return 1;
  }
  out(OPS_USAGE);
  return 2;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const base = process.env.OPS_URL || `http://${process.env.HOST || '127.0.0.1'}:${process.env.PORT || '8008'}`;
  runOpsCli(process.argv.slice(2), { base, token: process.env.OPS_TOKEN || null, out: (l) => console.log(l) }).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
