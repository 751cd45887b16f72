/**
 * /message/note (issue 13): my notes on the server — create, edit, delete, list newest first;
 * bad input refused in Chinese with nothing stored; nobody reads, edits or deletes another
 * user's note; the count is bounded.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import { NOTES_MAX, NOTE_TEXT_MAX, NotePaths, type Note } from '../../workers/protocol/api/message-note';
import { imNoteArea } from '../../server/im/notes';
import { hasChinese, useImServer } from './im-harness';

const im = useImServer([imNoteArea]);
const { api, createUser } = im;

const list = (token: string) => api<Note[]>('GET', NotePaths.list, { token });
const save = (token: string, form: Record<string, string | number>) =>
  api<Note>('POST', NotePaths.save, { token, form });
const remove = (token: string, id: number | string) =>
  api<{ id: number }>('POST', NotePaths.remove, { token, form: { id } });

describe('notes', () => {
  it('creates, edits and deletes my notes, listed by last write, newest first', async () => {
    const me = await createUser('记事人');
    expect((await list(me.token)).data).toEqual([]);
    const a = await save(me.token, { text: '  周六 20:00 看曼城  ' });
    expect(a.code).toBe(Code.OK);
    expect(a.data.text).toBe('周六 20:00 看曼城');
    expect(a.data.createdAt).toBe(im.h.clock.now);
    im.h.clock.now += 1000;
    const b = await save(me.token, { text: '第二条\n两行' });
    expect((await list(me.token)).data.map((n) => n.text)).toEqual(['第二条\n两行', '周六 20:00 看曼城']);

    im.h.clock.now += 1000;
    const edited = await save(me.token, { id: a.data.id, text: '周日 03:00 看皇马' });
    expect(edited.code).toBe(Code.OK);
    expect(edited.data).toMatchObject({ id: a.data.id, createdAt: a.data.createdAt, updatedAt: im.h.clock.now });
    expect((await list(me.token)).data.map((n) => n.id)).toEqual([a.data.id, b.data.id]);

    const gone = await remove(me.token, b.data.id);
    expect(gone.code).toBe(Code.OK);
    expect((await list(me.token)).data.map((n) => n.text)).toEqual(['周日 03:00 看皇马']);
    const again = await remove(me.token, b.data.id);
    expect(again.code).toBe(Code.NOT_FOUND);
    expect(hasChinese(again.msg)).toBe(true);
  });

  it('refuses empty, over-long and control-character text and bad ids in Chinese, storing nothing', async () => {
    const me = await createUser('坏输入');
    const mine = await save(me.token, { text: '原文' });
    for (const form of [
      { text: '' },
      { text: '   ' },
      { text: '字'.repeat(NOTE_TEXT_MAX + 1) },
      { text: 'a\u0000b' },
      { text: '\u202Egnp.exe' },
      {},
      { id: 'abc', text: '好' },
      { id: -1, text: '好' },
    ] as Record<string, string | number>[]) {
      const res = await save(me.token, form);
      expect(res.code, JSON.stringify(form)).toBe(Code.BAD_INPUT);
      expect(hasChinese(res.msg)).toBe(true);
    }
    const edit = await save(me.token, { id: mine.data.id, text: 'x\u0007' });
    expect(edit.code).toBe(Code.BAD_INPUT);
    expect((await list(me.token)).data.map((n) => n.text)).toEqual(['原文']);
    expect((await save(me.token, { text: '字'.repeat(NOTE_TEXT_MAX) })).code).toBe(Code.OK);
  });

  it("keeps each user's notes to themselves", async () => {
    const owner = await createUser('主人');
    const other = await createUser('旁人');
    const note = await save(owner.token, { text: '只给自己看的' });
    expect((await list(other.token)).data).toEqual([]);
    const edit = await save(other.token, { id: note.data.id, text: '改掉' });
    expect(edit.code).toBe(Code.NOT_FOUND);
    expect((await remove(other.token, note.data.id)).code).toBe(Code.NOT_FOUND);
    expect((await list(owner.token)).data.map((n) => n.text)).toEqual(['只给自己看的']);
    expect((await list('')).code).toBe(Code.NO_TOKEN);
    expect((await save('', { text: '匿名' })).code).toBe(Code.NO_TOKEN);
  });

  it(`keeps at most ${NOTES_MAX} notes, even when the last ones are saved at once`, async () => {
    const me = await createUser('很多笔记');
    const db = im.h.ts.storage.db;
    await db
      .insertInto('im_notes')
      .values(
        Array.from({ length: NOTES_MAX - 2 }, (_, i) => ({
          user_id: me.id,
          text: `旧笔记 ${i}`,
          created_at: i,
          updated_at: i,
        })),
      )
      .execute();
    const results = await Promise.all([1, 2, 3, 4].map((i) => save(me.token, { text: `并发 ${i}` })));
    expect(results.filter((r) => r.code === Code.OK)).toHaveLength(2);
    const refused = results.filter((r) => r.code !== Code.OK);
    expect(refused.every((r) => r.code === Code.REFUSED && hasChinese(r.msg))).toBe(true);
    const { n } = await db
      .selectFrom('im_notes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(NOTES_MAX);
  });
});
