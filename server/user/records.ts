/**
 * A user's own records in the user centre: browsing history (the last 200 visits, one per
 * target) and system messages with their read state.
 */
import type { FastifyInstance } from 'fastify';
import { idField, textField } from '../../workers/protocol/fields';
import { z } from 'zod';
import { Code, embeddedUrl, matchRoute, ok } from '../../workers/protocol/index';
import {
  CENTRE_PAGE_SIZE,
  HISTORY_KINDS,
  UserCentrePaths as P,
  type CentrePage,
  type HistoryItem,
  type SystemMessage,
} from '../../workers/protocol/api/user-centre';
import type { AppContext } from '../context';
import { BizError, pageQuery, parseInput } from '../http/reply';
import { requireUserId } from './auth';
import { unreadCount } from './messages';

const HISTORY_KEEP = 200;
const u = (path: string) => embeddedUrl(path);

const historyBody = z.object({
  kind: z.enum(HISTORY_KINDS, { error: '记录类型不正确' }),
  targetId: textField({
    label: '记录编号',
    min: 1,
    max: 64,
    missing: '缺少记录编号',
    short: '缺少记录编号',
    long: '记录编号太长',
  }),
  title: textField({ label: '标题', min: 1, max: 100, missing: '缺少标题', short: '缺少标题', long: '标题太长' }),
  link: z
    .string({ error: '缺少链接' })
    .max(300, '链接太长')
    .refine((s) => s.startsWith('/') && !s.startsWith('//') && matchRoute(s) !== null, '链接不是本站页面'),
});

const noticeKind = z.enum(['system', 'community'], { error: '通知类别不正确' }).optional();
const readBody = z.object({ id: idField('消息编号').optional(), kind: noticeKind });
const noticeQuery = pageQuery.extend({ kind: noticeKind });
export function registerRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get(u(P.history), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { page } = parseInput(pageQuery, req.query);
    const base = db.selectFrom('user_history').where('user_id', '=', userId);
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .selectAll()
      .orderBy('visited_at', 'desc')
      .limit(CENTRE_PAGE_SIZE)
      .offset((page - 1) * CENTRE_PAGE_SIZE)
      .execute();
    const list: HistoryItem[] = rows.map((r) => ({
      kind: r.kind as HistoryItem['kind'],
      targetId: r.target_id,
      title: r.title,
      link: r.link,
      visitedAt: Number(r.visited_at),
    }));
    return ok<CentrePage<HistoryItem>>({ list, page, next: page * CENTRE_PAGE_SIZE < total, total });
  });
  app.post(u(P.history), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(historyBody, req.body);
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('user_history')
        .values({
          user_id: userId,
          kind: body.kind,
          target_id: body.targetId,
          title: body.title,
          link: body.link,
          visited_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'kind', 'target_id'])
            .doUpdateSet({ title: body.title, link: body.link, visited_at: now }),
        )
        .execute();
      const cutoff = await trx
        .selectFrom('user_history')
        .select('visited_at')
        .where('user_id', '=', userId)
        .orderBy('visited_at', 'desc')
        .offset(HISTORY_KEEP)
        .limit(1)
        .executeTakeFirst();
      if (cutoff)
        await trx
          .deleteFrom('user_history')
          .where('user_id', '=', userId)
          .where('visited_at', '<=', cutoff.visited_at)
          .execute();
    });
    return ok<HistoryItem>({ ...body, visitedAt: now });
  });
  app.post(u(P.historyClear), async (req) => {
    const userId = await requireUserId(ctx, req);
    const res = await db.deleteFrom('user_history').where('user_id', '=', userId).executeTakeFirst();
    return ok({ cleared: Number(res.numDeletedRows) });
  });

  app.get(u(P.messages), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { page, kind } = parseInput(noticeQuery, req.query);
    let base = db.selectFrom('user_messages').where('user_id', '=', userId);
    if (kind) base = base.where('kind', '=', kind);
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CENTRE_PAGE_SIZE)
      .offset((page - 1) * CENTRE_PAGE_SIZE)
      .execute();
    const list: SystemMessage[] = rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      kind: r.kind,
      read: r.read_at !== null,
      createdAt: Number(r.created_at),
    }));
    return ok({
      list,
      page,
      next: page * CENTRE_PAGE_SIZE < total,
      total,
      unread: await unreadCount(db, userId, kind),
    });
  });
  app.post(u(P.messagesRead), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { id, kind } = parseInput(readBody, req.body);
    let q = db
      .updateTable('user_messages')
      .set({ read_at: ctx.now() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if (id !== undefined) {
      const exists = await db
        .selectFrom('user_messages')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!exists) throw new BizError(Code.NOT_FOUND, '消息不存在');
      q = q.where('id', '=', id);
    }
    if (kind) q = q.where('kind', '=', kind);
    await q.execute();
    return ok({ unread: await unreadCount(db, userId, kind) });
  });
}
