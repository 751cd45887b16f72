import type { Generated } from 'kysely';

/** Accounts area (issue 3/7). Extend as the area grows. */
export interface AccountTables {
  users: {
    id: Generated<number>;
    phone: string;
    nick_name: string;
    password_hash: string;
    portrait: string;
    portrait_new: string | null;
    portrait_audit: Generated<number>;
    balance: Generated<number>;
    created_at: Generated<Date>;
  };
}
