/**
 * /message/note (issue 13, spec §2 Message): the user's own notes (笔记), private to them, kept on
 * the server so every device sees the same list. Shared by the server and the core.
 */

export const NotePaths = {
  /** GET → Note[]: my notes, most recently written first. */
  list: '/imapi/note/list',
  /** POST text, id? → Note: a new note, or (with id) my note rewritten. */
  save: '/imserver/note/save',
  /** POST id → { id }: my note removed. */
  remove: '/imserver/note/delete',
} as const;

/** Longest note, in characters. */
export const NOTE_TEXT_MAX = 500;
/** The most notes one user keeps. */
export const NOTES_MAX = 200;

export interface Note {
  id: number;
  text: string;
  /** Unix ms. */
  createdAt: number;
  /** Unix ms of the last edit (= createdAt if never edited). */
  updatedAt: number;
}
