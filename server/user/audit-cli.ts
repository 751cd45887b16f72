/**
 * Operator command for the portrait audit queue:
 *
 *   npx tsx server/user/audit-cli.ts list
 *   npx tsx server/user/audit-cli.ts approve <userId>
 *   npx tsx server/user/audit-cli.ts reject <userId> [reason]
 *
 * Uses the same DATA_DIR / DATABASE_URL as the server. The embedded PGlite database belongs to
 * one process at a time: with PGlite, stop the server first, or use the dev control
 * (`POST /_dev/user/portrait/audit` with DEV_CONTROL=1) while it runs.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config';
import { openStorage } from '../db/index';
import { BizError } from '../http/reply';
import { decidePortrait, pendingPortraits } from './portrait';
import { deleteUploadFile } from './uploads';

const USAGE = '用法: audit-cli.ts list | approve <userId> | reject <userId> [原因]';

export async function runAuditCli(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const [cmd, idText, ...rest] = argv;
  if (cmd !== 'list' && cmd !== 'approve' && cmd !== 'reject') {
    out(USAGE);
    return 2;
  }
  const userId = Number(idText);
  if (cmd !== 'list' && !(Number.isInteger(userId) && userId > 0)) {
    out(`用户编号不正确: ${idText ?? ''}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const storage = await openStorage(config);
  try {
    if (cmd === 'list') {
      const rows = await pendingPortraits(storage.db);
      if (!rows.length) out('没有待审核的头像');
      for (const r of rows) out(`${r.userId}\t${r.nickName}\t${r.url}\t${new Date(r.createdAt).toISOString()}`);
      return 0;
    }
    const state = await decidePortrait(storage.db, userId, cmd, Date.now(), rest.join(' ') || undefined, (url) =>
      deleteUploadFile({ config }, url),
    );
    out(`${cmd === 'approve' ? '已通过' : '已拒绝'}用户 ${userId} 的头像；当前头像: ${state.portrait || '(默认)'}`);
    return 0;
  } catch (err) {
    if (err instanceof BizError) {
      out(err.message);
      return 1;
    }
    throw err;
  } finally {
    await storage.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runAuditCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
