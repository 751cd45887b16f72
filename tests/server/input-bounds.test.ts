/**
 * Issue 11 #8: NUL characters and ids past 2^31 get a clear Chinese answer, never a 500, and
 * nothing is stored; balances and room heat cannot overflow their int columns.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Code, VlivePaths, embeddedUrl } from '../../workers/protocol/index';
import { UserCentrePaths } from '../../workers/protocol/api/user-centre';
import { call, createTestUser, startTestServer, type TestServer } from '../helpers/ws-client';

let srv: TestServer;
let token: string;
beforeAll(async () => {
  srv = await startTestServer();
  token = (await createTestUser(srv.base)).auth.token;
}, 180_000);
afterAll(async () => {
  await srv?.close();
}, 180_000);

const rows = async (table: string) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(srv.ts.storage.db)).rows[0].n,
  );

it.each([
  ['a post', UserCentrePaths.postAdd, { title: '今晚\u0000的比赛', content: '好看' }, 'user_posts'],
  ['a tip', UserCentrePaths.tipAdd, { matchId: '1', pick: 'home', reason: '主场\u0000' }, 'user_tips'],
  ['feedback', UserCentrePaths.feedbackAdd, { kind: 'bug', content: '页面\u0000打不开了呀' }, 'user_feedback'],
  ['history', UserCentrePaths.history, { kind: 'match', targetId: '1\u0000', title: 't', link: '/' }, 'user_history'],
])('refuses a NUL in %s with a clear message and stores nothing', async (_name, path, form, table) => {
  const before = await rows(table);
  const res = await call(srv.base, 'POST', embeddedUrl(path), { token, form });
  expect(res.status).toBeLessThan(500);
  expect(res.body.code).toBe(Code.BAD_INPUT);
  expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  expect(await rows(table)).toBe(before);
});

it('answers ids past 2^31 with a clear message, not a 500', async () => {
  for (const url of [
    '/media/vod/2147483648/index.m3u8',
    '/media/vod/1/99999999999.ts',
    `${embeddedUrl(UserCentrePaths.faqItem.replace(':id', '2147483648'))}`,
  ]) {
    const res = await fetch(srv.base + url);
    expect(res.status, url).toBeLessThan(500);
    // Media answers plain text with a 4xx (players read it), the API a non-200 envelope.
    const text = await res.text();
    if (url.startsWith('/media/')) expect(res.status, url).toBeGreaterThanOrEqual(400);
    else expect((JSON.parse(text) as { code: number }).code, url).not.toBe(200);
    expect(text, url).toMatch(/[\u4e00-\u9fa5]/);
  }
  const tip = await call(srv.base, 'POST', embeddedUrl(UserCentrePaths.tipAdd), {
    token,
    form: { matchId: '9999999999', pick: 'home' },
  });
  expect(tip.body).toMatchObject({ code: Code.BAD_INPUT, msg: '比赛编号不正确' });
});

it('refuses a credit that would overflow the balance, and caps room heat', async () => {
  const user = await createTestUser(srv.base);
  await srv.ts.storage.db
    .updateTable('users')
    .set({ balance: 2_147_483_000 })
    .where('id', '=', user.auth.user.id)
    .execute();
  const credit = await call(srv.base, 'POST', '/_dev/vlive/credit', {
    form: { userId: String(user.auth.user.id), amount: '1000' },
  });
  expect(credit.status).toBeLessThan(500);
  expect(credit.body).toMatchObject({ code: Code.REFUSED, msg: '余额已达上限，无法继续充值' });

  const room = await srv.ts.storage.db.selectFrom('vlive_rooms').select('id').limit(1).executeTakeFirstOrThrow();
  await srv.ts.storage.db.updateTable('vlive_rooms').set({ heat: 2_147_483_640 }).where('id', '=', room.id).execute();
  await srv.ts.storage.db
    .updateTable('users')
    .set({ balance: 1_000_000 })
    .where('id', '=', user.auth.user.id)
    .execute();
  const gift = await srv.ts.storage.db
    .selectFrom('vlive_gifts')
    .select(['id', 'price'])
    .orderBy('price', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const res = await call(srv.base, 'POST', VlivePaths.giftSend, {
    token: user.auth.token,
    form: { roomId: room.id, giftId: String(gift.id), count: '10', fromBag: '0', idemKey: `heat-${Date.now()}` },
  });
  expect(res.status).toBeLessThan(500);
  expect(res.body.code, res.body.msg).toBe(200);
  const after = await srv.ts.storage.db
    .selectFrom('vlive_rooms')
    .select('heat')
    .where('id', '=', room.id)
    .executeTakeFirstOrThrow();
  expect(after.heat).toBe(2_147_483_647);
});
