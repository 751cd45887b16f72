import type { Generated } from 'kysely';

export interface SystemTables {
  kv: { key: string; value: unknown; updated_at: Generated<Date> };
}
