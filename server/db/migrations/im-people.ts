import { sql } from 'kysely';
import type { Migration } from './index';

/** Messaging's people side (issue 13): a private conversation's 消息免打扰, per member. */
export const imPeopleMigrations: Migration[] = [
  {
    id: 'im-people-001-mute',
    up: async (db) => {
      // A muted conversation still collects unread messages but is left out of the badge.
      await sql`alter table im_members add column muted boolean not null default false`.execute(db);
    },
  },
];
