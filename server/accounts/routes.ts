/**
 * Accounts area (spec §4–§8): SMS codes, register, login by password or code, retrieve and
 * change password, logout, user info, nickname check/update, password iv. Main API under /main.
 *
 * Order inside each call: validate the input, then the cheap checks that write nothing, then the
 * one-time values (iv, SMS code), then the write. Only security state (an iv or code spent, a
 * failed attempt counted) is written before a refusal.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Code,
  SystemPaths,
  UserPaths,
  embeddedUrl,
  fail,
  ok,
  type AuthResult,
  type NicknameCheck,
} from '../../workers/protocol/index';
import type { AppContext, AreaPlugin } from '../context';
import type { Db } from '../db/index';
import { BizError, parseInput } from '../http/reply';
import { clearLoginAttempts, loginSucceeded, takeLoginAttempt } from './login-limits';
import { openWithIv, issuePasswordIv } from './password-ivs';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import { seedAccounts } from './seed';
import { answerSlideChallenge, issueSlideChallenge, slideGap, SLIDE_WIDTH } from './slide';
import { consumeSmsCode, sendSmsCode } from './sms-codes';
import { AccountText } from './text';
import { createSession, hashToken, requireUser, revokeSession } from './tokens';
import { freeAutoNickname, impostorNickname, isUniqueViolation, nicknameTaken, userInfo } from './users';
import { rateLimiterFor } from '../limits/shared-rate-limit';
import { nicknameField, phoneField, smsCodeField } from '../../workers/protocol/fields';

const phone = phoneField();
const smsCode = smsCodeField();
/** A transit-sealed password (base64 of nonce + ciphertext); the plaintext is checked after opening. */
const sealed = (missing: string) => z.string({ error: missing }).min(1, missing).max(256, AccountText.passwordDecrypt);
const iv = z.string({ error: '缺少密码加密参数' }).regex(/^[A-Za-z0-9_-]{16,64}$/, AccountText.ivInvalid);
const nickName = nicknameField();

const smsSendSchema = z.object({
  phone,
  scene: z.enum(['register', 'login', 'password'], { error: '验证码用途不正确' }),
});
const registerSchema = z.object({ phone, code: smsCode, password: sealed('缺少密码'), iv });
/** A puzzle id or vertoken: random base64url. */
const slideId = (msg: string) => z.string({ error: msg }).regex(/^[A-Za-z0-9_-]{16,64}$/, msg);
const loginSchema = z
  .object({
    phone,
    password: sealed('缺少密码').optional(),
    iv: iv.optional(),
    code: smsCode.optional(),
    vertoken: slideId(AccountText.slideTokenBad).optional(),
  })
  .refine((v) => (v.password !== undefined && v.iv !== undefined) !== (v.code !== undefined), {
    message: AccountText.loginMethod,
  });
const retrieveSchema = registerSchema;
const updatePasswordSchema = z.object({ oldPassword: sealed('缺少原密码'), password: sealed('缺少新密码'), iv });
const nickSchema = z.object({ nickName });
const slideAnswerSchema = z.object({
  id: slideId(AccountText.slideExpired),
  // An empty field would coerce to 0, a drop at the very start: it is no drop at all.
  x: z
    .unknown()
    .refine((v) => v !== undefined && v !== '', { message: AccountText.slideWrong, abort: true })
    .pipe(
      z.coerce
        .number({ error: AccountText.slideWrong })
        .int(AccountText.slideWrong)
        .min(0, AccountText.slideWrong)
        .max(SLIDE_WIDTH, AccountText.slideWrong),
    ),
});

const u = (p: string) => embeddedUrl(p);

/** A hash no password matches, checked for unknown phones so their answer takes as long. */
const UNKNOWN_USER_HASH = await hashPassword(crypto.randomBytes(24).toString('base64url'));

async function findUserByPhone(db: Db, p: string) {
  return db.selectFrom('users').select(['id', 'password_hash']).where('phone', '=', p).executeTakeFirst();
}

function assertPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new BizError(Code.BAD_INPUT, problem);
}

async function authResult(ctx: AppContext, userId: number): Promise<AuthResult> {
  const session = await createSession(ctx.db, userId, ctx.now());
  const user = await userInfo(ctx.db, userId);
  if (!user) throw new BizError(Code.NOT_FOUND, AccountText.userGone);
  return { token: session.token, expiresAt: session.expiresAt, user };
}

export const accountsArea: AreaPlugin = async (app: FastifyInstance, ctx: AppContext) => {
  const { db } = ctx;
  // Demo users have a published password: only a development or test server may have them.
  if (ctx.config.devControl) await seedAccounts(db);

  // Each iv is a stored row: a client may fetch a few a minute, not fill the table.
  const ivPerMinute = ctx.config.limits.passwordIvPerMinute;
  const ivLimiter = rateLimiterFor(ctx, 'iv', ivPerMinute, 60_000 / ivPerMinute);
  app.get(u(UserPaths.passwordIv), async (req) => {
    if (!(await ivLimiter.take(req.ip, ctx.now()))) throw new BizError(Code.RATE_LIMITED, AccountText.ivTooMany);
    return ok(await issuePasswordIv(db, ctx.now()));
  });

  // 滑动验证: each puzzle is a stored row and a drawing; a client may ask for a few a minute.
  const slidePerMinute = ctx.config.limits.slidePerMinute;
  const slideLimiter = rateLimiterFor(ctx, 'slide', slidePerMinute, 60_000 / slidePerMinute);
  app.get(u(UserPaths.slide), async (req) => {
    if (!(await slideLimiter.take(req.ip, ctx.now()))) throw new BizError(Code.RATE_LIMITED, AccountText.slideTooMany);
    return ok(await issueSlideChallenge(db, ctx.now()));
  });
  app.post(u(UserPaths.vertoken), async (req) => {
    const input = parseInput(slideAnswerSchema, req.body);
    return ok(await answerSlideChallenge(db, input.id, input.x, ctx.now()));
  });
  if (ctx.config.devControl) {
    app.get(SystemPaths.devSlide, async (req) => {
      const { id } = parseInput(z.object({ id: slideId(AccountText.slideExpired) }), req.query);
      const x = await slideGap(db, id);
      return x === null ? fail(Code.NOT_FOUND, AccountText.slideExpired) : ok({ x });
    });
  }

  app.post(u(UserPaths.smsSend), async (req) => {
    const input = parseInput(smsSendSchema, req.body);
    // Refused alike for every phone when nothing can send (no account look-up through this).
    if (!ctx.sms.available) throw new BizError(Code.REFUSED, AccountText.smsUnavailable);
    const existing = await findUserByPhone(db, input.phone);
    // Same answer whether or not the phone has an account: a code goes out only where the scene
    // applies (a new phone to register, a known one to log in or reset), and counts either way.
    const deliver = input.scene === 'register' ? !existing : Boolean(existing);
    await sendSmsCode(
      db,
      ctx.sms,
      ctx.config.limits,
      { phone: input.phone, scene: input.scene, address: req.ip, deliver },
      ctx.now(),
    );
    return ok(null, AccountText.smsSent);
  });

  app.post(u(UserPaths.register), async (req) => {
    const input = parseInput(registerSchema, req.body);
    const now = ctx.now();
    const [password] = await openWithIv(db, input.iv, [input.password], now);
    assertPassword(password);
    // The code first: only the phone's owner learns whether it already has an account.
    await consumeSmsCode(db, input.phone, 'register', input.code, now);
    if (await findUserByPhone(db, input.phone)) throw new BizError(Code.REFUSED, AccountText.phoneTaken);
    const passwordHash = await hashPassword(password);
    let userId: number;
    try {
      const row = await db
        .insertInto('users')
        .values({
          phone: input.phone,
          nick_name: await freeAutoNickname(db),
          password_hash: passwordHash,
          portrait: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = row.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw new BizError(Code.REFUSED, AccountText.phoneTaken);
      throw err;
    }
    return ok(await authResult(ctx, userId), AccountText.registered);
  });

  app.post(u(UserPaths.login), async (req) => {
    const input = parseInput(loginSchema, req.body);
    const now = ctx.now();
    if (input.code !== undefined) {
      // Codes only reach phones with an account, so an unknown phone fails here like a wrong code.
      await consumeSmsCode(db, input.phone, 'login', input.code, now);
      const user = await findUserByPhone(db, input.phone);
      if (!user) throw new BizError(Code.REFUSED, AccountText.codeWrong);
      await clearLoginAttempts(db, input.phone);
      return ok(await authResult(ctx, user.id), AccountText.loggedIn);
    }
    const [password] = await openWithIv(db, input.iv!, [input.password!], now);
    // Counted before the hash runs: parallel guesses each need their own attempt.
    await takeLoginAttempt(
      db,
      {
        freePerPhone: ctx.config.limits.loginFreePerPhone,
        freePerAddress: ctx.config.limits.loginFreePerAddress,
        slideAfterPerPhone: ctx.config.limits.loginSlideAfter,
      },
      input.phone,
      req.ip,
      now,
      input.vertoken,
    );
    const user = await findUserByPhone(db, input.phone);
    // An unknown phone costs the same hash as a known one, so timing tells nothing either.
    const right = await verifyPassword(password, user?.password_hash ?? UNKNOWN_USER_HASH);
    if (!user || !right) throw new BizError(Code.REFUSED, AccountText.credentialsWrong);
    await loginSucceeded(db, input.phone, req.ip);
    return ok(await authResult(ctx, user.id), AccountText.loggedIn);
  });

  app.post(u(UserPaths.retrievePassword), async (req) => {
    const input = parseInput(retrieveSchema, req.body);
    const now = ctx.now();
    const [password] = await openWithIv(db, input.iv, [input.password], now);
    assertPassword(password);
    // Codes only reach phones with an account: an unknown phone fails at the code, like a wrong one.
    await consumeSmsCode(db, input.phone, 'password', input.code, now);
    const user = await findUserByPhone(db, input.phone);
    if (!user) throw new BizError(Code.REFUSED, AccountText.codeWrong);
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    });
    await clearLoginAttempts(db, input.phone);
    ctx.hub.dropUser(user.id);
    return ok(null, AccountText.passwordReset);
  });

  app.post(u(UserPaths.updatePassword), async (req) => {
    const { userId, token } = await requireUser(db, req, ctx.now());
    const input = parseInput(updatePasswordSchema, req.body);
    const now = ctx.now();
    const [oldPassword, password] = await openWithIv(db, input.iv, [input.oldPassword, input.password], now);
    assertPassword(password);
    if (oldPassword === password) throw new BizError(Code.REFUSED, AccountText.passwordSame);
    const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new BizError(Code.NO_TOKEN, AccountText.loginRequired);
    if (!(await verifyPassword(oldPassword, user.password_hash)))
      throw new BizError(Code.REFUSED, AccountText.passwordOldWrong);
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
      // Other devices must log in again; this one keeps its session.
      await trx
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('token_hash', '!=', hashToken(token))
        .execute();
    });
    // Their sockets too: a socket outlives its session check, so it would keep reading the inbox.
    ctx.hub.dropUser(userId, { keepToken: token });
    return ok(null, AccountText.passwordChanged);
  });

  app.get(u(UserPaths.logout), async (req) => {
    const { userId, token } = await requireUser(db, req, ctx.now());
    await revokeSession(db, token);
    ctx.hub.dropUser(userId);
    return ok(null, AccountText.loggedOut);
  });

  app.get(u(UserPaths.info), async (req) => {
    const { userId } = await requireUser(db, req, ctx.now());
    const info = await userInfo(db, userId);
    if (!info) throw new BizError(Code.NO_TOKEN, AccountText.loginRequired);
    return ok(info);
  });

  app.get(u(UserPaths.nicknameCheck), async (req) => {
    const input = parseInput(nickSchema, req.query);
    if (await impostorNickname(db, input.nickName)) throw new BizError(Code.REFUSED, AccountText.nickImpostor);
    const available = !(await nicknameTaken(db, input.nickName));
    const body: NicknameCheck = { nickName: input.nickName, available };
    return ok(body, available ? AccountText.nickAvailable : AccountText.nickTaken);
  });

  app.post(u(UserPaths.nicknameUpdate), async (req) => {
    const { userId } = await requireUser(db, req, ctx.now());
    const input = parseInput(nickSchema, req.body);
    const current = await userInfo(db, userId);
    if (!current) throw new BizError(Code.NO_TOKEN, AccountText.loginRequired);
    if (current.nickName === input.nickName) throw new BizError(Code.REFUSED, AccountText.nickUnchanged);
    if (await impostorNickname(db, input.nickName)) throw new BizError(Code.REFUSED, AccountText.nickImpostor);
    if (await nicknameTaken(db, input.nickName)) throw new BizError(Code.REFUSED, AccountText.nickTaken);
    try {
      await db.updateTable('users').set({ nick_name: input.nickName }).where('id', '=', userId).execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw new BizError(Code.REFUSED, AccountText.nickTaken);
      throw err;
    }
    return ok(await userInfo(db, userId), AccountText.nickUpdated);
  });
};
