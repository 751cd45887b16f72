/** The shell's API: GET /main/inform/app/info (app name, host, download packages). */
import { z } from 'zod';
import { SystemPaths, embeddedUrl, ok } from '../../workers/protocol/index';
import type { AppInfo } from '../../workers/protocol/api/system';
import type { AreaPlugin } from '../context';
import { parseInput } from '../http/reply';
import { appInfoConfigFromEnv, loadAppInfo } from './app-info';
import { isDemoSource } from '../live/source';

/** Default GET params (spec §7) are accepted; anything else in the query is ignored. */
const appInfoQuery = z.object({
  platform: z.coerce.number().int().min(0).max(99).optional(),
  channelId: z.coerce.number().int().min(0).max(9999).optional(),
});

export const shellArea: AreaPlugin = (app, ctx) => {
  const base = appInfoConfigFromEnv();
  app.get(embeddedUrl(SystemPaths.appInfo), async (req) => {
    parseInput(appInfoQuery, req.query);
    const host = ctx.config.publicHost ?? req.headers.host ?? `${ctx.config.host}:${ctx.config.port}`;
    const { info, overrideError } = await loadAppInfo(ctx.db, base, host);
    if (overrideError) req.log.warn({ overrideError }, 'kv app_info ignored');
    return ok<AppInfo>({ ...info, demoData: isDemoSource(ctx.feed.kind) });
  });
};
