/**
 * Match-card messages (issue 13): a match that exists, as it stands now (the bubble follows the
 * live score through the core).
 *
 * Picture messages: one multipart call uploads and sends. The picture goes through the
 * one upload pipeline (server/user/uploads.ts: sniffed from its bytes, size / side / megapixel
 * bounded, re-encoded with its metadata dropped); nothing is stored unless the message is: the
 * file and its row are written inside the send's transaction, after every check (block, privacy,
 * membership, mute, rate), and the file goes again if that transaction fails.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Code, embeddedUrl, ok, type ImImage, type ImMatchCard } from '../../workers/protocol/index';
import { PORTRAIT_MAX_BYTES } from '../../workers/protocol/api/user-centre';
import {
  IM_IMAGE_HOURLY,
  IM_IMAGE_MAX_SIDE,
  IM_IMAGE_MIN_SIDE,
  IM_IMAGE_TEXT,
  MessageMediaPaths as P,
  imMatchText,
} from '../../workers/protocol/api/message-media';
import type { SendResult } from '../../workers/protocol/api/message';
import type { AppContext, AreaPlugin } from '../context';
import { BizError, parseInput } from '../http/reply';
import { claimStoredQuota, refuseOverQuota } from '../limits/stored-quota';
import { requireUserId } from '../user/auth';
import { deleteUploadFile, readImageUpload, storeUpload } from '../user/uploads';
import { LEAGUE_BY_ID, TEAM_BY_ID } from '../seed/leagues';
import { seasonMatchById } from '../live/played-story';
import { sendGroup } from './groups';
import { publishMessage } from './publish';
import { sendPrivate, type Attach } from './store';
import { clientIdField, groupIdField, userIdField } from './text';
import { isDemoSource } from '../live/source';

/** A private (toUserId) or group (groupId) target, never both. */
export const targetFields = z
  .object({ toUserId: userIdField.optional(), groupId: groupIdField.optional(), clientId: clientIdField })
  .refine((t) => (t.toUserId === undefined) !== (t.groupId === undefined), '请选择发给谁：一位用户或一个群');

/**
 * Sends a message with an attachment to its target and publishes it; one path for both kinds.
 * `onRefused` runs when the send is refused or fails (nothing was written), before the error goes on.
 */
export async function sendWithAttachment(
  ctx: AppContext,
  from: number,
  target: z.infer<typeof targetFields>,
  text: string,
  attach: Attach,
  onRefused: () => Promise<void> = async () => {},
): Promise<SendResult> {
  const base = { from, text, clientId: target.clientId, now: ctx.now(), attach };
  let sent: SendResult;
  try {
    sent =
      target.groupId !== undefined
        ? await sendGroup(ctx.db, { ...base, groupId: target.groupId })
        : await sendPrivate(ctx.db, { ...base, to: target.toUserId! });
  } catch (err) {
    await onRefused();
    throw err;
  }
  if (!sent.replayed) await publishMessage(ctx, sent.message, from);
  return sent;
}

/**
 * After a recall: the picture goes too (its file, its upload row, the message's attachment), so
 * a saved link to it stops working. Idempotent; nothing for a message that is not recalled.
 */
export async function dropRecalledPicture(ctx: AppContext, messageId: number): Promise<void> {
  const row = await ctx.db
    .selectFrom('im_messages')
    .select(['attachment', 'recalled_at'])
    .where('id', '=', messageId)
    .executeTakeFirst();
  if (!row?.attachment || row.recalled_at === null) return;
  const { image } = JSON.parse(row.attachment) as { image?: ImImage };
  if (!image) return;
  const fileName = image.url.slice(image.url.lastIndexOf('/') + 1);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('im_messages').set({ attachment: null }).where('id', '=', messageId).execute();
    await trx.deleteFrom('user_uploads').where('file_name', '=', fileName).where('purpose', '=', 'im').execute();
  });
  await deleteUploadFile(ctx, image.url);
}

const IM_IMAGE_RATE = { count: IM_IMAGE_HOURLY, windowMs: 3600_000 } as const;
const IM_IMAGE_ROWS = { table: 'user_uploads', purpose: 'im' } as const;
const IM_IMAGE_TOO_MANY = `发图太频繁：1 小时内最多发 ${IM_IMAGE_HOURLY} 张图片，请稍后再试`;

function registerImageRoute(scope: FastifyInstance, ctx: AppContext): void {
  scope.post(embeddedUrl(P.image), async (req) => {
    const from = await requireUserId(ctx, req);
    // Refused before the body is decoded; the claim in the send's transaction is what holds.
    await refuseOverQuota(ctx.db, IM_IMAGE_ROWS, from, IM_IMAGE_RATE, ctx.now(), IM_IMAGE_TOO_MANY);
    const upload = await readImageUpload(req, { minSide: IM_IMAGE_MIN_SIDE, maxSide: IM_IMAGE_MAX_SIDE });
    const target = parseInput(targetFields, upload.fields);
    let storedUrl: string | null = null;
    const sent = await sendWithAttachment(
      ctx,
      from,
      target,
      IM_IMAGE_TEXT,
      async (trx) => {
        await claimStoredQuota(trx, IM_IMAGE_ROWS, from, IM_IMAGE_RATE, ctx.now(), IM_IMAGE_TOO_MANY);
        const stored = await storeUpload(ctx, trx, from, 'im', upload);
        storedUrl = stored.url;
        const image: ImImage = { url: stored.url, width: stored.width, height: stored.height };
        return JSON.stringify({ image });
      },
      // The upload row went with the rolled-back transaction; the file is ours to remove.
      () => deleteUploadFile(ctx, storedUrl),
    );
    return ok(sent, sent.replayed ? '消息已发送' : '发送成功');
  });
}

const matchBody = z.object({
  matchId: z.coerce
    .number({ error: '比赛编号不正确' })
    .int('比赛编号不正确')
    .positive('比赛编号不正确')
    .max(2_147_483_647, '比赛编号不正确'),
  sport: z.enum(['zq', 'lq'], { error: '请选择足球或篮球' }),
});

/**
 * The card of a match as it stands now (a stored one, or one of the season played out from the
 * seed before the stored month); refused when there is no such match.
 */
export async function matchCard(ctx: AppContext, matchId: number, sport: 'zq' | 'lq'): Promise<ImMatchCard> {
  const m = await seasonMatchById(ctx.db, matchId);
  if (!m || m.sport !== sport) throw new BizError(Code.NOT_FOUND, '比赛不存在');
  return {
    matchId: m.id,
    sport: m.sport,
    league: LEAGUE_BY_ID.get(m.leagueId)?.name ?? '',
    home: TEAM_BY_ID.get(m.homeId)?.name ?? '',
    away: TEAM_BY_ID.get(m.awayId)?.name ?? '',
    homeScore: m.score[0],
    awayScore: m.score[1],
    demo: isDemoSource(ctx.feed.kind),
  };
}

export const imMediaArea: AreaPlugin = async (app, ctx) => {
  app.post(embeddedUrl(P.match), async (req) => {
    const from = await requireUserId(ctx, req);
    const target = parseInput(targetFields, req.body);
    const { matchId, sport } = parseInput(matchBody, req.body);
    const match = await matchCard(ctx, matchId, sport);
    const sent = await sendWithAttachment(ctx, from, target, imMatchText(match.home, match.away), async () =>
      JSON.stringify({ match }),
    );
    return ok(sent, sent.replayed ? '消息已发送' : '已分享比赛');
  });

  await app.register(async (scope: FastifyInstance) => {
    await scope.register(multipart, {
      limits: { fileSize: PORTRAIT_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 128 },
      throwFileSizeLimit: true,
    });
    registerImageRoute(scope, ctx);
  });
};
