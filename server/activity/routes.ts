/**
 * Activity area routes (main API, /activity; operator API under /ops/activity when OPS_TOKEN is
 * set). Fans' POSTs are form-encoded; the operator's issue body is JSON.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACTIVITY_STAKE_MAX,
  ACTIVITY_STAKE_MIN,
  ActivityPaths as P,
  AddressText,
  addressProblems,
  embeddedUrl,
  ok,
} from '../../workers/protocol/index';
import type { AppContext, AreaPlugin } from '../context';
import { accessTokenOf, verifyAccessToken } from '../accounts/tokens';
import { parseInput } from '../http/reply';
import { opsEnabled, requireOps } from '../ops/guard';
import { requireUserId } from '../user/auth';
import { createDemoSeeder } from './demo';
import { createActivityService } from './service';
import { ActivityText as T } from './text';

const u = (path: string) => embeddedUrl(path);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const issueNo = z.coerce
  .number({ error: '期号不正确' })
  .int('期号不正确')
  .positive('期号不正确')
  .max(2_147_483_647, '期号不正确');
const issueQuery = z.object({ issueNo });
const text = (min: number, max: number, msg: string) =>
  z
    .string({ error: msg })
    .trim()
    .min(min, msg)
    .max(max, msg)
    .refine((s) => !CONTROL.test(s), T.controlChars);

export const joinBody = z.object({
  issueNo,
  inviteCode: z
    .string()
    .trim()
    .max(16, T.inviteNotFound)
    .regex(/^[0-9A-Za-z]*$/, T.inviteNotFound)
    .optional()
    .transform((v) => v || null),
});
export const guessBody = z.object({
  issueNo,
  matchId: z.coerce.number({ error: '比赛编号不正确' }).int().positive().max(2_147_483_647),
  pick: z.enum(['h', 'd', 'a'], { error: T.pickBad }),
  stake: z.coerce
    .number({ error: T.stakeBad(ACTIVITY_STAKE_MIN, ACTIVITY_STAKE_MAX) })
    .int(T.stakeBad(ACTIVITY_STAKE_MIN, ACTIVITY_STAKE_MAX))
    .min(ACTIVITY_STAKE_MIN, T.stakeBad(ACTIVITY_STAKE_MIN, ACTIVITY_STAKE_MAX))
    .max(ACTIVITY_STAKE_MAX, T.stakeBad(ACTIVITY_STAKE_MIN, ACTIVITY_STAKE_MAX)),
});
export const drawBody = z.object({
  issueNo,
  clientId: z.string({ error: '缺少请求编号' }).regex(/^[0-9A-Za-z_-]{8,64}$/, '请求编号格式不正确'),
});
/** The protocol's address rules (addressProblems), reported per field; values are stored trimmed. */
const addressText = (msg: string) => z.string({ error: msg }).trim();
export const addressBody = z
  .object({
    name: addressText(AddressText.nameBad),
    mobile: addressText(AddressText.mobileBad),
    region: addressText(AddressText.regionBad),
    detail: addressText(AddressText.detailBad),
  })
  .superRefine((a, ctx) => {
    for (const [field, message] of Object.entries(addressProblems(a)))
      ctx.addIssue({ code: 'custom', path: [field], message });
  });
const rankQuery = z.object({ issueNo: issueNo.optional() });
const verifyParams = z.object({ issueNo });
export const issueInputBody = z
  .object({
    title: text(2, 40, T.opsTitleBad),
    opensAt: z.number().int().nonnegative(),
    closesAt: z.number().int().positive(),
    matchIds: z.array(z.number().int().positive()).min(1, T.opsMatchesBad).max(20, T.opsMatchesBad),
    prizes: z
      .array(
        z.object({
          name: text(1, 20, T.opsPrizesBad),
          kind: z.enum(['physical', 'points', 'none']),
          points: z.number().int().nonnegative().max(100_000).optional(),
          weight: z.number().int().nonnegative().max(1_000_000),
          stock: z.number().int().nonnegative().max(1_000_000).nullable(),
        }),
      )
      .min(2, T.opsPrizesBad)
      .max(12, T.opsPrizesBad),
  })
  .refine((v) => v.closesAt > v.opensAt, T.opsTimesBad)
  .refine(
    (v) =>
      v.prizes.filter((p) => p.kind === 'none' && p.stock === null).length === 1 &&
      v.prizes.filter((p) => p.kind === 'none').length === 1,
    T.opsPrizesBad,
  )
  .refine((v) => v.prizes.reduce((s, p) => s + p.weight, 0) > 0, T.opsWeightBad);

async function optionalUserId(ctx: AppContext, req: FastifyRequest): Promise<number | null> {
  const token = accessTokenOf(req);
  return token ? verifyAccessToken(ctx.db, token, ctx.now()) : null;
}

export const activityArea: AreaPlugin = (app, ctx) => {
  const svc = createActivityService(ctx.db, ctx.now);
  const ensureDemoIssue = createDemoSeeder(ctx.db, svc, ctx.now, ctx.storage);

  app.get(u(P.current), async (req) => {
    await ensureDemoIssue();
    return ok(await svc.current(await optionalUserId(ctx, req)));
  });
  app.get(u(P.issues), async () => ok(await svc.issues()));
  app.post(u(P.join), async (req) => {
    const userId = await requireUserId(ctx, req);
    const b = parseInput(joinBody, req.body);
    return ok(await svc.join(userId, b.issueNo, b.inviteCode));
  });
  app.get(u(P.inviteList), async (req) => {
    const userId = await requireUserId(ctx, req);
    return ok(await svc.inviteList(userId, parseInput(issueQuery, req.query).issueNo));
  });
  app.post(u(P.guess), async (req) => {
    const userId = await requireUserId(ctx, req);
    const b = parseInput(guessBody, req.body);
    return ok(await svc.guess(userId, b.issueNo, b.matchId, b.pick, b.stake));
  });
  app.get(u(P.guessList), async (req) => {
    const userId = await requireUserId(ctx, req);
    return ok(await svc.guessList(userId, parseInput(issueQuery, req.query).issueNo));
  });
  app.post(u(P.draw), async (req) => {
    const userId = await requireUserId(ctx, req);
    const b = parseInput(drawBody, req.body);
    return ok(await svc.draw(userId, b.issueNo, b.clientId));
  });
  app.get(u(P.drawList), async (req) => {
    const userId = await requireUserId(ctx, req);
    return ok(await svc.drawList(userId, parseInput(issueQuery, req.query).issueNo));
  });
  app.get(u(P.rank), async (req) => {
    const q = parseInput(rankQuery, req.query);
    return ok(await svc.rank(await optionalUserId(ctx, req), q.issueNo ?? null));
  });
  app.get(u(P.address), async (req) => ok(await svc.address(await requireUserId(ctx, req))));
  app.post(u(P.address), async (req) => {
    const userId = await requireUserId(ctx, req);
    return ok(await svc.saveAddress(userId, parseInput(addressBody, req.body)));
  });
  app.get(u(P.verify), async (req) => ok(await svc.verify(parseInput(verifyParams, req.params).issueNo, false)));

  if (!opsEnabled(ctx.config)) return;
  app.post(u(P.opsIssues), async (req) => {
    requireOps(ctx.config, req);
    return ok(await svc.createIssue(parseInput(issueInputBody, req.body)));
  });
  app.post(u(P.opsClose), async (req) => {
    requireOps(ctx.config, req);
    return ok(await svc.closeIssue(parseInput(verifyParams, req.params).issueNo));
  });
  app.get(u(P.opsVerify), async (req) => {
    requireOps(ctx.config, req);
    return ok(await svc.verify(parseInput(verifyParams, req.params).issueNo, true));
  });
};
