/** Demo users, created once (idempotent: existing phones are left alone). Password: demo1234. */
import type { Db } from '../db/index';
import { hashPassword } from './passwords';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_USERS = [
  { phone: '13800000001', nickName: '绿茵老炮' },
  { phone: '13800000002', nickName: '篮下霸主' },
  { phone: '13800000003', nickName: '看球不睡觉' },
] as const;

export async function seedAccounts(db: Db): Promise<number> {
  const existing = new Set(
    (
      await db
        .selectFrom('users')
        .select('phone')
        .where(
          'phone',
          'in',
          DEMO_USERS.map((u) => u.phone),
        )
        .execute()
    ).map((r) => r.phone),
  );
  let created = 0;
  for (const u of DEMO_USERS) {
    if (existing.has(u.phone)) continue;
    const res = await db
      .insertInto('users')
      .values({ phone: u.phone, nick_name: u.nickName, password_hash: await hashPassword(DEMO_PASSWORD), portrait: '' })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    created += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return created;
}
