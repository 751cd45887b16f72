import { sql } from 'kysely';
import type { Migration } from './index';

/** /message/note (issue 13): a user's own notes. Times are unix ms. */
export const imExtraMigrations: Migration[] = [
  {
    id: 'im-notes-001',
    up: async (db) => {
      await sql`create table im_notes (
        id serial primary key,
        user_id int not null references users(id) on delete cascade,
        text text not null,
        created_at double precision not null,
        updated_at double precision not null
      )`.execute(db);
      await sql`create index im_notes_user_updated on im_notes (user_id, updated_at desc, id desc)`.execute(db);
    },
  },
];
