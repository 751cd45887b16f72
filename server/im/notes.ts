/**
 * /message/note (issue 13): a user's own notes (笔记). Only the owner reads, rewrites or removes
 * a note (every query is keyed by the signed-in user); text follows the message rules (no
 * control characters, trimmed, bounded) and a user keeps at most NOTES_MAX of them.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { Code, embeddedUrl, ok } from '../../workers/protocol/index';
import { NOTES_MAX, NOTE_TEXT_MAX, NotePaths as P, type Note } from '../../workers/protocol/api/message-note';
import type { AreaPlugin } from '../context';
import type { Db } from '../db/index';
import { BizError, parseInput } from '../http/reply';
import { requireUserId } from '../user/auth';
import { CONTROL_RE } from './text';

const noteId = z.coerce
  .number({ error: '笔记编号不正确' })
  .int('笔记编号不正确')
  .positive('笔记编号不正确')
  .max(2_147_483_647, '笔记编号不正确');
const noteText = z
  .string({ error: '请输入笔记内容' })
  .refine((s) => !CONTROL_RE.test(s), '笔记不能包含控制字符')
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, '请输入笔记内容')
  .refine((s) => [...s].length <= NOTE_TEXT_MAX, `笔记不能超过 ${NOTE_TEXT_MAX} 个字`);
const saveBody = z.object({ id: noteId.optional(), text: noteText });
const removeBody = z.object({ id: noteId });

type NoteRow = { id: number; text: string; created_at: number; updated_at: number };
const toNote = (r: NoteRow): Note => ({
  id: Number(r.id),
  text: r.text,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});
const GONE = '笔记不存在或已删除';

export async function notesOf(db: Db, userId: number): Promise<Note[]> {
  const rows = await db
    .selectFrom('im_notes')
    .select(['id', 'text', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTES_MAX)
    .execute();
  return rows.map(toNote);
}

/** A new note (under the user's row lock, so two at once cannot pass the count together) or an edit. */
export async function saveNote(db: Db, userId: number, text: string, now: number, id?: number): Promise<Note> {
  if (id !== undefined) {
    const row = await db
      .updateTable('im_notes')
      .set({ text, updated_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(['id', 'text', 'created_at', 'updated_at'])
      .executeTakeFirst();
    if (!row) throw new BizError(Code.NOT_FOUND, GONE);
    return toNote(row);
  }
  return db.transaction().execute(async (trx) => {
    await sql`select id from users where id = ${userId} for update`.execute(trx);
    const { n } = await trx
      .selectFrom('im_notes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= NOTES_MAX) throw new BizError(Code.REFUSED, `笔记最多 ${NOTES_MAX} 条，请先删除不需要的笔记`);
    const row = await trx
      .insertInto('im_notes')
      .values({ user_id: userId, text, created_at: now, updated_at: now })
      .returning(['id', 'text', 'created_at', 'updated_at'])
      .executeTakeFirstOrThrow();
    return toNote(row);
  });
}

export async function removeNote(db: Db, userId: number, id: number): Promise<void> {
  const res = await db.deleteFrom('im_notes').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw new BizError(Code.NOT_FOUND, GONE);
}

export const imNoteArea: AreaPlugin = (app, ctx) => {
  const { db } = ctx;
  app.get(embeddedUrl(P.list), async (req) => ok(await notesOf(db, await requireUserId(ctx, req))));

  app.post(embeddedUrl(P.save), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(saveBody, req.body);
    const note = await saveNote(db, userId, body.text, ctx.now(), body.id);
    return ok(note, body.id === undefined ? '笔记已保存' : '笔记已更新');
  });

  app.post(embeddedUrl(P.remove), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { id } = parseInput(removeBody, req.body);
    await removeNote(db, userId, id);
    return ok({ id }, '笔记已删除');
  });
};
