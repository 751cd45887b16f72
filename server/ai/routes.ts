/** AI prediction endpoints (main API): list of upcoming matches, one match, calibration. */
import { z } from 'zod';
import { Code, LivePaths, embeddedUrl, ok } from '../../workers/protocol/index';
import type { AreaPlugin } from '../context';
import { BizError, parseInput } from '../http/reply';
import { createDbSource } from './db-source';
import { createAiService } from './service';
import { idField } from '../../workers/protocol/fields';

const idParams = z.object({ id: idField() });

export const aiArea: AreaPlugin = (app, ctx) => {
  const ai = createAiService(ctx.db, createDbSource(ctx.db), ctx.now);
  app.get(embeddedUrl(LivePaths.aiList), async () => ok(await ai.list()));
  app.get(embeddedUrl(LivePaths.aiCalibration), async () => ok(await ai.calibration()));
  app.get(embeddedUrl(LivePaths.aiDetail), async (req) => {
    const { id } = parseInput(idParams, req.params);
    const detail = await ai.detail(id);
    if (!detail) throw new BizError(Code.NOT_FOUND, '比赛不存在或不是足球比赛');
    return ok(detail);
  });
};
