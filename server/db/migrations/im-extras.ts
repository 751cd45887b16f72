import { sql } from 'kysely';
import type { Migration } from './index';

/**
 * /message/note (issue 13): a user's own notes. Image and match-card messages: what a message
 * carries besides its text (JSON), and chat pictures as uploads of their own purpose. Times are
 * unix ms.
 */
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
  {
    id: 'im-media-001-attachments',
    up: async (db) => {
      // { image: { url, width, height } } or { match: ImMatchCard }; null for a text message.
      await sql`alter table im_messages add column attachment text`.execute(db);
      await sql`alter table user_uploads drop constraint if exists user_uploads_purpose_check`.execute(db);
      await sql`alter table user_uploads add constraint user_uploads_purpose_check
        check (purpose in ('portrait', 'feedback', 'post', 'im'))`.execute(db);
    },
  },
  {
    id: 'im-group-invitations-001',
    up: async (db) => {
      // Invitations to people who accept messages only from those they follow (issue 33): not a
      // membership until accepted. A declined one stays (declined_at set) so the same group cannot
      // ask again and again.
      await sql`create table im_group_invitations (
        group_id int not null references im_groups(id) on delete cascade,
        user_id int not null references users(id) on delete cascade,
        inviter_id int not null references users(id) on delete cascade,
        created_at double precision not null,
        declined_at double precision,
        primary key (group_id, user_id)
      )`.execute(db);
      await sql`create index im_group_invitations_user on im_group_invitations (user_id, created_at desc)`.execute(db);
    },
  },
];
