/**
 * Portrait audit queue. A new portrait waits as `portrait_new` with `portrait_audit = 1`; an
 * operator approves (it becomes the portrait) or rejects it (audit 2, the old one stays). Used by
 * the routes, the dev control and `audit-cli.ts`.
 */
import { Code } from '../../workers/protocol/index';
import { PortraitAudit, type PortraitState } from '../../workers/protocol/api/user-centre';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { notifyUser } from './messages';

/** Status values of user_portrait_audits rows. */
export const AuditRow = { PENDING: 1, REJECTED: 2, APPROVED: 3 } as const;

export async function portraitState(db: Db, userId: number): Promise<PortraitState> {
  const u = await db
    .selectFrom('users')
    .select(['portrait', 'portrait_new', 'portrait_audit'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u) throw new BizError(Code.NO_TOKEN, '用户不存在，请重新登录');
  return { portrait: u.portrait, portraitNew: u.portrait_new, portraitAudit: u.portrait_audit };
}

export interface PendingPortrait {
  auditId: number;
  userId: number;
  nickName: string;
  url: string;
  createdAt: number;
}

export async function pendingPortraits(db: Db): Promise<PendingPortrait[]> {
  const rows = await db
    .selectFrom('user_portrait_audits as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('user_uploads as f', 'f.id', 'a.upload_id')
    .select(['a.id', 'a.user_id', 'u.nick_name', 'f.file_name', 'a.created_at'])
    .where('a.status', '=', AuditRow.PENDING)
    .orderBy('a.created_at')
    .execute();
  return rows.map((r) => ({
    auditId: r.id,
    userId: r.user_id,
    nickName: r.nick_name,
    url: `/media/uploads/${r.file_name}`,
    createdAt: Number(r.created_at),
  }));
}

/** Approves or rejects the user's pending portrait. Throws when none is pending. */
export async function decidePortrait(
  db: Db,
  userId: number,
  decision: 'approve' | 'reject',
  now: number,
  reason?: string,
  /** Called after the decision with the upload no longer shown (replaced or rejected), to delete it. */
  discard?: (url: string) => Promise<void>,
): Promise<PortraitState> {
  const unused = await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select(['portrait', 'portrait_new'])
      .where('id', '=', userId)
      .executeTakeFirst();
    const pending = await trx
      .selectFrom('user_portrait_audits')
      .select(['id'])
      .where('user_id', '=', userId)
      .where('status', '=', AuditRow.PENDING)
      .orderBy('id', 'desc')
      .forUpdate()
      .executeTakeFirst();
    if (!pending) throw new BizError(Code.NOT_FOUND, '该用户没有待审核的头像');
    await trx
      .updateTable('user_portrait_audits')
      .set({
        status: decision === 'approve' ? AuditRow.APPROVED : AuditRow.REJECTED,
        reason: reason ?? null,
        decided_at: now,
      })
      .where('id', '=', pending.id)
      .execute();
    if (decision === 'approve') {
      await trx
        .updateTable('users')
        .set((eb) => ({
          portrait: eb.fn.coalesce('portrait_new', 'portrait'),
          portrait_new: null,
          portrait_audit: PortraitAudit.NONE,
        }))
        .where('id', '=', userId)
        .execute();
      await notifyUser(trx, userId, '头像审核通过', '您上传的新头像已通过审核，现已展示给所有人。', now);
      return before?.portrait_new ? before.portrait : null;
    } else {
      await trx
        .updateTable('users')
        .set({ portrait_new: null, portrait_audit: PortraitAudit.REJECTED })
        .where('id', '=', userId)
        .execute();
      await notifyUser(
        trx,
        userId,
        '头像审核未通过',
        `您上传的新头像未通过审核${reason ? `：${reason}` : ''}。请更换后重新上传。`,
        now,
      );
      return before?.portrait_new ?? null;
    }
  });
  if (unused && discard) await discard(unused);
  return portraitState(db, userId);
}
