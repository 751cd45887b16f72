import { sql } from 'kysely';
import type { Migration } from './index';

/** The 消息 tab's notices and notes (issue 13). Times are unix ms. */
export const imNoticeMigrations: Migration[] = [
  {
    id: 'im-notices-001-kind',
    up: async (db) => {
      // /message/notice shows 系统通知 and 社区通知 apart; rows written before this were system ones.
      await sql`alter table user_messages add column kind text not null default 'system'
        check (kind in ('system', 'community'))`.execute(db);
      await sql`create index user_messages_user_kind on user_messages (user_id, kind, created_at desc)`.execute(db);
    },
  },
];
