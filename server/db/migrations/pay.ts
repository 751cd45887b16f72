import { sql } from 'kysely';
import type { Migration } from './index';

export const payMigrations: Migration[] = [
  {
    id: 'pay-001-orders',
    up: async (db) => {
      await sql`create table pay_orders (
        id text primary key, user_id int not null references users(id), package_id int not null,
        coins int not null check (coins > 0), price_fen int not null check (price_fen > 0),
        provider text not null check (provider in ('alipay','dev')),
        state text not null check (state in ('created','paid','credited','refunded','expired')),
        idem_key text not null, trade_no text, created_at double precision not null,
        expires_at double precision not null, paid_at double precision, credited_at double precision,
        refunded_at double precision, unique (user_id, idem_key))`.execute(db);
      await sql`create index pay_orders_user on pay_orders (user_id, created_at)`.execute(db);
      await sql`create table pay_notifications (
        id serial primary key, provider text not null, notify_id text not null, order_id text not null,
        outcome text not null, at double precision not null)`.execute(db);
      await sql`create index vlive_balance_log_user on vlive_balance_log (user_id, id)`.execute(db);
    },
  },
  {
    // The coin ledger is append-only: a correction is a new row, never an edit.
    id: 'pay-002-ledger-append-only',
    up: async (db) => {
      await sql`create or replace function ledger_append_only() returns trigger language plpgsql as $$
        begin raise exception 'vlive_balance_log is append-only'; end $$`.execute(db);
      await sql`create trigger vlive_balance_log_append_only before update or delete on vlive_balance_log
        for each row execute function ledger_append_only()`.execute(db);
    },
  },
];
