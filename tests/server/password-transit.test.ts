/**
 * Abuse case (issue 11 #4): someone who captured a login request body — and the password-iv
 * answer that went with it — must not recover the password offline, and cannot replay it.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Code, UserPaths, embeddedUrl } from '../../workers/protocol/index';
import {
  decodeTransitPassword,
  encodeTransitPassword,
  fromBase64,
  generateTransitKeyPair,
  importTransitPrivateKey,
  type PasswordIv,
} from '../../workers/protocol/password-transit';
import { transitKey } from '../../server/accounts/password-ivs';
import { call, createTestUser, startTestServer, type TestServer } from '../helpers/ws-client';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
}, 180_000);
afterAll(async () => {
  await srv?.close();
}, 180_000);

/** Everything on the wire of one login: the iv answer and the form body. */
async function capturedLogin(phone: string, password: string) {
  const ivAnswer = (await call<PasswordIv>(srv.base, 'GET', embeddedUrl(UserPaths.passwordIv))).body.data;
  const body = { phone, password: await encodeTransitPassword(password, ivAnswer), iv: ivAnswer.iv };
  return { ivAnswer, body };
}

/** Tries AES-GCM with a key at every offset a sealed value could put its nonce. */
function tryAesGcm(bytes: Buffer, key: Buffer): string | null {
  for (const offset of [0, 65]) {
    try {
      const nonce = bytes.subarray(offset, offset + 12);
      const data = bytes.subarray(offset + 12, bytes.length - 16);
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce);
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      // wrong key or layout: try the next
    }
  }
  return null;
}

it('a captured body cannot be opened with anything the wire carried, only with the server key', async () => {
  const user = await createTestUser(srv.base, 'secret2026pw');
  const { ivAnswer, body } = await capturedLogin(user.phone, user.password);
  const bytes = Buffer.from(fromBase64(body.password)!);
  expect(bytes.toString('latin1')).not.toContain(user.password);

  // Keys an eavesdropper can compute from public values (the old scheme used the first one).
  for (const key of [
    crypto.createHash('sha256').update(ivAnswer.iv).digest(),
    crypto.createHash('sha256').update(ivAnswer.publicKey).digest(),
    crypto.createHash('sha256').update(bytes.subarray(0, 65)).digest(),
  ]) {
    expect(tryAesGcm(bytes, key)).toBeNull();
  }
  // Any private key but the server's derives the wrong secret.
  const stranger = await generateTransitKeyPair();
  expect(
    await decodeTransitPassword(body.password, body.iv, await importTransitPrivateKey(stranger.privateJwk)),
  ).toBeNull();
  // The server's own key opens it.
  const { privateKey } = await transitKey(srv.ts.storage.db);
  expect(await decodeTransitPassword(body.password, body.iv, privateKey)).toBe(user.password);

  // Used once by its owner…
  const login = await call(srv.base, 'POST', embeddedUrl(UserPaths.login), { form: body });
  expect(login.body.code).toBe(200);
  // …and the captured copy cannot be replayed.
  const replay = await call(srv.base, 'POST', embeddedUrl(UserPaths.login), { form: body });
  expect(replay.body).toMatchObject({ code: Code.REFUSED, msg: '密码加密参数已使用，请刷新后重试' });
});

it('a body sealed for one iv does not open under another (the iv is bound in)', async () => {
  const user = await createTestUser(srv.base);
  const a = await capturedLogin(user.phone, user.password);
  const b = (await call<PasswordIv>(srv.base, 'GET', embeddedUrl(UserPaths.passwordIv))).body.data;
  const res = await call(srv.base, 'POST', embeddedUrl(UserPaths.login), {
    form: { ...a.body, iv: b.iv },
  });
  expect(res.body).toMatchObject({ code: Code.BAD_INPUT, msg: '密码解密失败，请刷新后重试' });
});

it('keeps one key pair across processes and restarts (stored), and hands out its public half', async () => {
  const first = (await call<PasswordIv>(srv.base, 'GET', embeddedUrl(UserPaths.passwordIv))).body.data;
  const second = (await call<PasswordIv>(srv.base, 'GET', embeddedUrl(UserPaths.passwordIv))).body.data;
  expect(first.publicKey).toBe(second.publicKey);
  expect(first.iv).not.toBe(second.iv);
  expect(fromBase64(first.publicKey)).toHaveLength(65);
  const row = await srv.ts.storage.db
    .selectFrom('kv')
    .select('key')
    .where('key', '=', 'password_transit_key')
    .execute();
  expect(row).toHaveLength(1);
});
