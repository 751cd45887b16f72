/**
 * Accounts storage on both engines (PGlite always, PostgreSQL at PG_TEST_URL):
 * migrations run once, data survives a reopen, and the concurrency rules hold (one SMS code per
 * minute under parallel requests, one use per code and per password iv).
 */
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrations/index';
import { openStorage } from '../../server/db/index';
import { createOutboxSms } from '../../server/accounts/sms';
import { sendSmsCode, consumeSmsCode } from '../../server/accounts/sms-codes';
import { issuePasswordIv, openWithIv } from '../../server/accounts/password-ivs';
import { createSession, verifyAccessToken } from '../../server/accounts/tokens';
import { DEMO_USERS, seedAccounts } from '../../server/accounts/seed';
import { encodeTransitPassword } from '../../workers/protocol/password-transit';
import { createTestStorage, ENGINES } from '../helpers/test-db';

/** Creating, then reopening an embedded database takes a while on a busy 2-core machine. */
const SLOW_MS = 120_000;

describe.each(ENGINES)('accounts storage on %s', (engine) => {
  it(
    'migrates once, seeds idempotently, and keeps data across a reopen',
    async () => {
      const ts = await createTestStorage(engine);
      try {
        expect(await migrate(ts.storage.db)).toEqual([]);
        expect(await seedAccounts(ts.storage.db)).toBe(DEMO_USERS.length);
        expect(await seedAccounts(ts.storage.db)).toBe(0);
        const user = await ts.storage.db
          .selectFrom('users')
          .select('id')
          .where('phone', '=', DEMO_USERS[0].phone)
          .executeTakeFirstOrThrow();
        const now = Date.now();
        const { token } = await createSession(ts.storage.db, user.id, now);
        await ts.storage.close();
        const reopened = await openStorage(ts.config);
        // cleanup() closes the storage it opened: point that at the reopened one.
        ts.storage.close = () => reopened.close();
        expect(await verifyAccessToken(reopened.db, token, now)).toBe(user.id);
        expect(await verifyAccessToken(reopened.db, token, now + 31 * 24 * 3600_000)).toBeNull();
      } finally {
        await ts.cleanup();
      }
    },
    SLOW_MS,
  );

  it(
    'lets one of many parallel SMS sends through, and a code serves once',
    async () => {
      const ts = await createTestStorage(engine);
      try {
        const sms = createOutboxSms(() => {});
        const now = Date.now();
        const results = await Promise.allSettled(
          Array.from({ length: 6 }, () =>
            sendSmsCode(
              ts.storage.db,
              sms,
              ts.config.limits,
              { phone: '13700000001', scene: 'login', address: '127.0.0.1', deliver: true },
              now,
            ),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const code = sms.lastCode('13700000001')!;
        const uses = await Promise.allSettled(
          [1, 2, 3].map(() => consumeSmsCode(ts.storage.db, '13700000001', 'login', code, now)),
        );
        expect(uses.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      } finally {
        await ts.cleanup();
      }
    },
    SLOW_MS,
  );

  it(
    'counts parallel wrong SMS codes atomically: 20 at once use up the 5 attempts, and the right code is then refused',
    async () => {
      const ts = await createTestStorage(engine);
      try {
        const sms = createOutboxSms(() => {});
        const now = Date.now();
        const req = { phone: '13700000002', scene: 'login' as const, address: '127.0.0.1', deliver: true };
        await sendSmsCode(ts.storage.db, sms, ts.config.limits, req, now);
        const code = sms.lastCode(req.phone)!;
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        const guesses = await Promise.allSettled(
          Array.from({ length: 20 }, () => consumeSmsCode(ts.storage.db, req.phone, 'login', wrong, now)),
        );
        expect(guesses.every((g) => g.status === 'rejected')).toBe(true);
        const row = await ts.storage.db
          .selectFrom('sms_codes')
          .select('attempts')
          .where('phone', '=', req.phone)
          .executeTakeFirstOrThrow();
        expect(row.attempts).toBe(5);
        await expect(consumeSmsCode(ts.storage.db, req.phone, 'login', code, now)).rejects.toThrow(
          '验证码错误次数过多，请重新获取',
        );
      } finally {
        await ts.cleanup();
      }
    },
    SLOW_MS,
  );

  it(
    'opens a password iv exactly once under parallel use',
    async () => {
      const ts = await createTestStorage(engine);
      try {
        const now = Date.now();
        const answer = await issuePasswordIv(ts.storage.db, now);
        const sealed = await encodeTransitPassword('demo1234', answer);
        const opens = await Promise.allSettled(
          [1, 2, 3, 4].map(() => openWithIv(ts.storage.db, answer.iv, [sealed], now)),
        );
        const ok = opens.filter((r): r is PromiseFulfilledResult<string[]> => r.status === 'fulfilled');
        expect(ok.map((r) => r.value)).toEqual([['demo1234']]);
      } finally {
        await ts.cleanup();
      }
    },
    SLOW_MS,
  );
});
