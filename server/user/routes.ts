/**
 * The user-centre area (issue 7): routes under the main API (`/main/user/...` on the embedded
 * server). Accounts proper (register, login, password, nickname) live in server/accounts; my posts
 * and my tips in ./posts and ./tips.
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { Code, embeddedUrl, ok } from '../../workers/protocol/index';
import {
  FEEDBACK_IMAGE_RATE,
  FEEDBACK_KINDS,
  FEEDBACK_MAX_IMAGES,
  PORTRAIT_MAX_BYTES,
  PortraitAudit,
  UserCentrePaths as P,
  type AuthorProfile,
  type FeedbackItem,
  type RealNameState,
  type UserCentreSummary,
} from '../../workers/protocol/api/user-centre';
import type { AreaPlugin } from '../context';
import type { Db } from '../db/index';
import { BizError, parseInput } from '../http/reply';
import { claimStoredQuota, refuseOverQuota } from '../limits/stored-quota';
import { requireUserId } from './auth';
import { FAQ } from './faq';
import { ageOn, maskIdNumber, maskName } from './id-number';
import { idNumberProblem } from '../../workers/protocol/id-number';
import { notifyUser, unreadCount } from './messages';
import { AuditRow, decidePortrait, pendingPortraits, portraitState } from './portrait';
import { registerPostImageRoute, registerPostRoutes } from './posts';
import { registerTipRoutes } from './tips';
import { registerRecordRoutes } from './records';
import {
  deleteUploadFile,
  readImageUpload,
  registerUploadServing,
  storeUpload,
  uploadIdList,
  uploadUrl,
} from './uploads';
import { idField, realNameField, textField } from '../../workers/protocol/fields';

const u = (path: string) => embeddedUrl(path);

const realNameBody = z.object({
  name: realNameField(),
  idNumber: z.string({ error: '请输入身份证号' }).trim().min(1, '请输入身份证号'),
});

const feedbackBody = z.object({
  kind: z.enum(FEEDBACK_KINDS, { error: '请选择反馈类型' }),
  content: textField({
    label: '反馈内容',
    min: 5,
    max: 500,
    multiline: true,
    missing: '请填写反馈内容',
    short: '反馈内容至少 5 个字',
    long: '反馈内容不能超过 500 字',
  }),
  contact: textField({ label: '联系方式', max: 50, long: '联系方式不能超过 50 个字' }).default(''),
  images: uploadIdList({
    badId: '截图编号不正确',
    max: FEEDBACK_MAX_IMAGES,
    tooMany: `最多上传 ${FEEDBACK_MAX_IMAGES} 张截图`,
  }),
});

const idParam = z.object({ id: idField() });

const auditBody = z.object({
  userId: idField('用户编号'),
  decision: z.enum(['approve', 'reject'], { error: '审核结果只能是 approve 或 reject' }),
  reason: textField({ label: '原因', max: 100, long: '原因不能超过 100 字' }).optional(),
});

export const userCentreArea: AreaPlugin = async (app, ctx) => {
  const { db } = ctx;
  registerUploadServing(app, ctx);
  registerPostRoutes(app, ctx);
  registerTipRoutes(app, ctx);
  registerRecordRoutes(app, ctx);

  app.get(u(P.summary), async (req) => ok(await summary(db, await requireUserId(ctx, req))));

  app.get(u(P.portrait), async (req) => ok(await portraitState(db, await requireUserId(ctx, req))));

  // Uploads: multipart only inside this scope, with the size bound enforced while streaming.
  await app.register(async (scope: FastifyInstance) => {
    await scope.register(multipart, {
      limits: { fileSize: PORTRAIT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
      throwFileSizeLimit: true,
    });
    registerPostImageRoute(scope, ctx);
    scope.post(u(P.portraitUpload), async (req) => {
      const userId = await requireUserId(ctx, req);
      const portraitRate = { count: ctx.config.limits.portraitsPerHour, windowMs: 3600_000 };
      const portraitRows = { table: 'user_uploads', purpose: 'portrait' } as const;
      const tooMany = '头像上传太频繁，请一小时后再试';
      // Refused before the body is decoded; the claim in the transaction below is what holds.
      await refuseOverQuota(db, portraitRows, userId, portraitRate, ctx.now(), tooMany);
      const upload = await readImageUpload(req);
      const ratio = upload.image.width / upload.image.height;
      if (ratio < 0.5 || ratio > 2) throw new BizError(Code.BAD_INPUT, '头像宽高比例不能超过 2:1，请先裁剪');
      const replaced = await db.transaction().execute(async (trx) => {
        await claimStoredQuota(trx, portraitRows, userId, portraitRate, ctx.now(), tooMany);
        const previous = await trx
          .selectFrom('users')
          .select('portrait_new')
          .where('id', '=', userId)
          .executeTakeFirst();
        const stored = await storeUpload(ctx, trx, userId, 'portrait', upload);
        // A newer upload replaces one still waiting: the older request is closed as rejected.
        await trx
          .updateTable('user_portrait_audits')
          .set({ status: AuditRow.REJECTED, reason: '已被新的头像替换', decided_at: ctx.now() })
          .where('user_id', '=', userId)
          .where('status', '=', AuditRow.PENDING)
          .execute();
        await trx
          .insertInto('user_portrait_audits')
          .values({
            user_id: userId,
            upload_id: stored.id,
            status: AuditRow.PENDING,
            reason: null,
            created_at: ctx.now(),
            decided_at: null,
          })
          .execute();
        await trx
          .updateTable('users')
          .set({ portrait_new: stored.url, portrait_audit: PortraitAudit.PENDING })
          .where('id', '=', userId)
          .execute();
        return previous?.portrait_new ?? null;
      });
      // The upload still waiting was replaced: its file goes (its audit row stays, as history).
      await deleteUploadFile(ctx, replaced);
      return ok(await portraitState(db, userId), '上传成功，头像审核中');
    });
    scope.post(u(P.feedbackImage), async (req) => {
      const userId = await requireUserId(ctx, req);
      const feedbackRows = { table: 'user_uploads', purpose: 'feedback' } as const;
      const tooMany = '上传太频繁，请稍后再试';
      await refuseOverQuota(db, feedbackRows, userId, FEEDBACK_IMAGE_RATE, ctx.now(), tooMany);
      const upload = await readImageUpload(req, { minSide: 16, maxSide: 8192 });
      const stored = await db.transaction().execute(async (trx) => {
        await claimStoredQuota(trx, feedbackRows, userId, FEEDBACK_IMAGE_RATE, ctx.now(), tooMany);
        return storeUpload(ctx, trx, userId, 'feedback', upload);
      });
      return ok({ id: stored.id, url: stored.url, width: stored.width, height: stored.height });
    });
  });

  app.get(u(P.realName), async (req) => ok(await realNameState(db, await requireUserId(ctx, req))));
  app.post(u(P.realName), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(realNameBody, req.body);
    const id = body.idNumber.toUpperCase();
    const problem = idNumberProblem(id, ctx.now());
    if (problem) throw new BizError(Code.BAD_INPUT, problem);
    if (ageOn(id, ctx.now()) < 18) throw new BizError(Code.REFUSED, '未满 18 周岁不能进行实名认证');
    await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('user_real_names')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (existing) throw new BizError(Code.REFUSED, '您已完成实名认证，不能重复认证');
      await trx
        .insertInto('user_real_names')
        .values({
          user_id: userId,
          name_masked: maskName(body.name),
          id_masked: maskIdNumber(id),
          created_at: ctx.now(),
        })
        .execute();
      await notifyUser(trx, userId, '实名认证成功', `您已完成实名认证（${maskName(body.name)}）。`, ctx.now());
    });
    return ok(await realNameState(db, userId), '实名认证成功');
  });

  app.post(u(P.feedbackAdd), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(feedbackBody, req.body);
    const ids = [...new Set(body.images)];
    if (ids.length) {
      const owned = await db
        .selectFrom('user_uploads')
        .select('id')
        .where('id', 'in', ids)
        .where('user_id', '=', userId)
        .where('purpose', '=', 'feedback')
        .execute();
      if (owned.length !== ids.length) throw new BizError(Code.BAD_INPUT, '截图不存在，请重新上传');
    }
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('user_feedback')
        .values({
          user_id: userId,
          kind: body.kind,
          content: body.content,
          contact: body.contact,
          images: ids.join(','),
          reply: null,
          created_at: ctx.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await notifyUser(
        trx,
        userId,
        '反馈已收到',
        '感谢您的反馈，我们会尽快处理，处理结果将通过系统消息告知您。',
        ctx.now(),
      );
      return inserted;
    });
    return ok(await feedbackItem(db, row), '提交成功，感谢您的反馈');
  });
  app.get(u(P.feedbackList), async (req) => {
    const userId = await requireUserId(ctx, req);
    const rows = await db
      .selectFrom('user_feedback')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute();
    return ok(await Promise.all(rows.map((r) => feedbackItem(db, r))));
  });

  app.get(u(P.faq), async () => ok(FAQ.map(({ id, category, question }) => ({ id, category, question }))));
  app.get(u(P.faqItem), async (req) => {
    const { id } = parseInput(idParam, req.params);
    const item = FAQ.find((f) => f.id === id);
    if (!item) throw new BizError(Code.NOT_FOUND, '该问题不存在');
    return ok(item);
  });

  app.get(u(P.author), async (req) => {
    const { id } = parseInput(idParam, req.params);
    const row = await db
      .selectFrom('users as u')
      .leftJoin('user_real_names as r', 'r.user_id', 'u.id')
      .select(['u.id', 'u.nick_name', 'u.portrait', 'u.created_at', 'r.user_id as certified'])
      .where('u.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new BizError(Code.NOT_FOUND, '该用户不存在');
    return ok<AuthorProfile>({
      id: row.id,
      nickName: row.nick_name,
      portrait: row.portrait,
      certified: row.certified !== null,
      joinedAt: new Date(row.created_at).getTime(),
    });
  });

  if (ctx.config.devControl) {
    app.get('/_dev/user/portrait/pending', async () => ok(await pendingPortraits(db)));
    app.post('/_dev/user/portrait/audit', async (req) => {
      const body = parseInput(auditBody, req.body);
      return ok(
        await decidePortrait(db, body.userId, body.decision, ctx.now(), body.reason, (url) =>
          deleteUploadFile(ctx, url),
        ),
      );
    });
  }
};

async function realNameState(db: Db, userId: number): Promise<RealNameState> {
  const r = await db.selectFrom('user_real_names').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return r
    ? { certified: true, name: r.name_masked, idNumber: r.id_masked, certifiedAt: Number(r.created_at) }
    : { certified: false, name: null, idNumber: null, certifiedAt: null };
}

async function feedbackItem(
  db: Db,
  r: {
    id: number;
    kind: string;
    content: string;
    contact: string;
    images: string;
    status: number;
    reply: string | null;
    created_at: number;
  },
): Promise<FeedbackItem> {
  const ids = r.images ? r.images.split(',') : [];
  const files = ids.length
    ? await db.selectFrom('user_uploads').select(['id', 'file_name']).where('id', 'in', ids).execute()
    : [];
  const byId = new Map(files.map((f) => [f.id, f.file_name]));
  return {
    id: r.id,
    kind: r.kind as FeedbackItem['kind'],
    content: r.content,
    contact: r.contact,
    images: ids.flatMap((id) => (byId.has(id) ? [uploadUrl(byId.get(id)!)] : [])),
    status: r.status,
    reply: r.reply,
    createdAt: Number(r.created_at),
  };
}

async function summary(db: Db, userId: number): Promise<UserCentreSummary> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw new BizError(Code.NO_TOKEN, '用户不存在，请重新登录');
  const count = async (table: 'user_history' | 'user_feedback') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const certified = await db
    .selectFrom('user_real_names')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    id: user.id,
    nickName: user.nick_name,
    portrait: user.portrait,
    portraitNew: user.portrait_new,
    portraitAudit: user.portrait_audit,
    balance: user.balance,
    certified: Boolean(certified),
    unreadMessages: await unreadCount(db, userId),
    historyCount: await count('user_history'),
    feedbackCount: await count('user_feedback'),
  };
}
