/**
 * Demo users have a published password: a server without DEV_CONTROL (production) must not
 * create them, and nobody can log in with it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UserPaths, embeddedUrl } from '../../workers/protocol/index';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/accounts/seed';
import { call, sealPasswords, startTestServer, type TestServer } from '../helpers/ws-client';

let prod: TestServer;
beforeAll(async () => {
  prod = await startTestServer({ config: { devControl: false } });
}, 180_000);
afterAll(async () => {
  await prod?.close();
}, 180_000);

it('seeds no demo user without DEV_CONTROL, so the demo password opens nothing', async () => {
  const rows = await prod.ts.storage.db
    .selectFrom('users')
    .select('phone')
    .where(
      'phone',
      'in',
      DEMO_USERS.map((u) => u.phone),
    )
    .execute();
  expect(rows).toEqual([]);
  const { iv, sealed } = await sealPasswords(prod.base, DEMO_PASSWORD);
  const res = await call(prod.base, 'POST', embeddedUrl(UserPaths.login), {
    form: { phone: DEMO_USERS[0].phone, password: sealed[0], iv },
  });
  expect(res.body.code).not.toBe(200);
});
