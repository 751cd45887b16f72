/**
 * 滑动验证 (issue 11 item 3, spec §7 sliding verification / vertoken) against a real server: after
 * a few failed password logins of a phone, each further attempt needs a puzzle solved; a puzzle
 * takes one answer; a vertoken serves one login, even when many are sent at once.
 */
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  SLIDE_TOLERANCE_PX,
  SystemPaths,
  UserPaths,
  embeddedUrl,
  type SlideAnswer,
  type SlideChallenge,
} from '../../workers/protocol/index';
import { call, createTestUser, sealPasswords, startTestServer, type TestServer } from '../helpers/ws-client';

const P = (p: string) => embeddedUrl(p);
let srv: TestServer;
let clock = 0;

beforeAll(async () => {
  srv = await startTestServer({ now: () => Date.now() + clock });
}, 180_000);
afterAll(async () => {
  await srv?.close();
}, 180_000);

async function tryLogin(phone: string, password: string, vertoken?: string) {
  const { iv, sealed } = await sealPasswords(srv.base, password);
  const form: Record<string, string> = { phone, password: sealed[0], iv };
  if (vertoken) form.vertoken = vertoken;
  return (await call(srv.base, 'POST', P(UserPaths.login), { form })).body;
}

async function puzzle(): Promise<SlideChallenge> {
  const env = (await call<SlideChallenge>(srv.base, 'GET', P(UserPaths.slide))).body;
  expect(env.code).toBe(200);
  return env.data;
}

/** The gap, read where only the server keeps it. */
async function gapOf(id: string): Promise<number> {
  const row = await srv.ts.storage.db
    .selectFrom('slide_challenges')
    .select('gap_x')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.gap_x;
}

const answer = async (id: string, x: number | string) =>
  (await call<SlideAnswer>(srv.base, 'POST', P(UserPaths.vertoken), { form: { id, x: String(x) } })).body;

async function solved(): Promise<string> {
  const p = await puzzle();
  const env = await answer(p.id, (await gapOf(p.id)) + 2);
  expect(env.code).toBe(200);
  return env.data.vertoken;
}

const decode = (dataUrl: string) =>
  PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));

describe('slide verification', () => {
  it('is asked for after 3 failed password logins, and a solved puzzle lets the right password in', async () => {
    const user = await createTestUser(srv.base);
    for (let i = 0; i < 3; i++) expect((await tryLogin(user.phone, 'wrong1234x')).msg).toBe('手机号或密码错误');
    expect(await tryLogin(user.phone, user.password)).toMatchObject({
      code: Code.SLIDE_REQUIRED,
      msg: '请先完成滑动验证',
    });
    expect((await tryLogin(user.phone, user.password, await solved())).code).toBe(200);
    // A success starts the phone over: no puzzle for the next attempt.
    expect((await tryLogin(user.phone, 'wrong1234x')).msg).toBe('手机号或密码错误');
  });

  it('draws a gap in the background and the piece cut from that very spot', async () => {
    const p = await puzzle();
    const bg = decode(p.background);
    const piece = decode(p.piece);
    expect([bg.width, bg.height]).toEqual([p.width, p.height]);
    expect([piece.width, piece.height]).toEqual([p.pieceSize, p.pieceSize]);
    expect(p.pieceY).toBeGreaterThanOrEqual(0);
    expect(p.pieceY + p.pieceSize).toBeLessThanOrEqual(p.height);
    const gap = await gapOf(p.id);
    // Inside the piece (away from its rim) the gap is the piece's pixels shaded to 35 %.
    let compared = 0;
    for (let y = 20; y < 40; y++) {
      for (let x = 10; x < 30; x++) {
        const pi = (y * piece.width + x) * 4;
        const bi = ((p.pieceY + y) * bg.width + gap + x) * 4;
        expect(piece.data[pi + 3]).toBe(255);
        for (let c = 0; c < 3; c++)
          expect(Math.abs(bg.data[bi + c] - piece.data[pi + c] * 0.35)).toBeLessThanOrEqual(1);
        compared++;
      }
    }
    expect(compared).toBe(400);
    // Outside the piece's shape the piece image is transparent.
    expect(piece.data[3]).toBe(0);
    // Two puzzles are not the same picture.
    expect((await puzzle()).background).not.toBe(p.background);
  });

  it('takes one answer per puzzle: a wrong drop burns it, and the right one after that is refused', async () => {
    const p = await puzzle();
    const gap = await gapOf(p.id);
    expect(await answer(p.id, gap + SLIDE_TOLERANCE_PX + 3)).toMatchObject({
      code: Code.REFUSED,
      msg: '验证失败，请重新拖动滑块',
    });
    expect(await answer(p.id, gap)).toMatchObject({ code: Code.REFUSED, msg: '验证已过期，请刷新后重试' });
    // An expired puzzle takes no answer either.
    const late = await puzzle();
    clock += 2 * 60_000 + 1000;
    expect((await answer(late.id, await gapOf(late.id))).code).toBe(Code.REFUSED);
    // Bad input is refused in Chinese, not a 500.
    for (const bad of ['abc', '-1', '1e9', '12.5', '']) expect((await answer(p.id, bad)).code).toBe(Code.BAD_INPUT);
    expect((await answer('x'.repeat(200), 10)).code).toBe(Code.BAD_INPUT);
  });

  it('spends a vertoken on one attempt: reused or shared by parallel guesses, only one is evaluated', async () => {
    const user = await createTestUser(srv.base);
    for (let i = 0; i < 3; i++) await tryLogin(user.phone, 'wrong1234x');
    const token = await solved();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => tryLogin(user.phone, `guess${100 + i}x`, token)),
    );
    const evaluated = burst.filter((r) => r.msg === '手机号或密码错误');
    expect(evaluated).toHaveLength(1);
    expect(burst.filter((r) => r.code === Code.SLIDE_REQUIRED)).toHaveLength(11);
    expect(await tryLogin(user.phone, user.password, token)).toMatchObject({
      code: Code.SLIDE_REQUIRED,
      msg: '滑动验证已失效，请重新验证',
    });
    expect((await tryLogin(user.phone, user.password, 'Z'.repeat(32))).code).toBe(Code.SLIDE_REQUIRED);
  });

  it('hands out puzzles to one address at a limited rate', async () => {
    clock += 10 * 60_000;
    const codes: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 25; i++) codes.push((await call(srv.base, 'GET', P(UserPaths.slide))).body.code);
    // 20 a minute: the burst of 20, plus one per 3 s that the calls took (the clock is real time;
    // on a loaded machine 25 puzzles take several seconds).
    const refills = Math.floor((Date.now() - started) / 3_000);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(21 + refills);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(20);
    expect(codes.at(-1)).toBe(Code.RATE_LIMITED);
  });

  it('tells browser tests where the gap is only under DEV_CONTROL', async () => {
    clock += 10 * 60_000;
    const p = await puzzle();
    const dev = await call<{ x: number }>(srv.base, 'GET', SystemPaths.devSlide, { query: { id: p.id } });
    expect(dev.body.data.x).toBe(await gapOf(p.id));
    const prod = await startTestServer({ config: { devControl: false } });
    try {
      expect((await call(prod.base, 'GET', SystemPaths.devSlide, { query: { id: p.id } })).status).toBe(404);
    } finally {
      await prod.close();
    }
  }, 180_000);
});
