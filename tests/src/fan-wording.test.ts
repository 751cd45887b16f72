/**
 * Names and wording a fan reads (issue 33): one currency name everywhere (球币, the wallet's and
 * the agreement's), the 注册服务协议 states the password rule the forms enforce, a closed activity
 * does not invite a login, and the fairness text says what exactly is hashed, which is checked
 * against the server's own functions.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TJ_TEXT } from '../../src/components/proposal/strings';
import { AGREEMENTS } from '../../src/pages/agreement/texts';
import { ACTIVITY_TEXT } from '../../src/pages/activity/strings';
import { joinAction } from '../../src/pages/activity/ActivityHomePage';
import { USER_TEXT } from '../../src/pages/user/strings';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../../workers/protocol/field-rules';
import { drawHmac, seedHashOf } from '../../server/activity/fairness';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

describe('one currency name', () => {
  it('no screen, message or server text says 金币: the coins are 球币', () => {
    const offenders = ['src', 'server', 'workers']
      .flatMap((d) => sourceFiles(path.join(ROOT, d)))
      .filter((f) => fs.readFileSync(f, 'utf8').includes('金币'))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
    expect(TJ_TEXT.price(30)).toBe('30 球币');
    expect(TJ_TEXT.bought(70)).toBe('购买成功，余额 70 球币');
  });
});

describe('the 注册服务协议 states the password rule the forms enforce', () => {
  const allText = Object.values(AGREEMENTS)
    .flatMap((d) => [...d.intro, ...d.sections.flatMap((s) => s.paragraphs)])
    .join('\n');

  it('every length it gives for passwords is the forms’ bounds', () => {
    const stated = [...allText.matchAll(/密码[^。]*?(\d+)\s*[至到~～-]\s*(\d+)\s*位/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(stated.length).toBeGreaterThan(0);
    for (const s of stated) expect(s).toEqual([PASSWORD_MIN, PASSWORD_MAX]);
    expect(USER_TEXT.fields.passwordPh.startsWith(`${PASSWORD_MIN}-${PASSWORD_MAX}位`)).toBe(true);
  });

  it('the bounds are the ones the rule applies', () => {
    const ok = (n: number) => 'a1'.padEnd(n, 'x');
    expect(passwordProblem(ok(PASSWORD_MIN))).toBeNull();
    expect(passwordProblem(ok(PASSWORD_MAX))).toBeNull();
    expect(passwordProblem(ok(PASSWORD_MIN - 1))).not.toBeNull();
    expect(passwordProblem(ok(PASSWORD_MAX + 1))).not.toBeNull();
  });
});

describe('the activity card offers only what can be done', () => {
  it('a closed or not yet open issue does not say 登录后参加', () => {
    expect(joinAction('closed', false)).toBe('closed');
    expect(joinAction('closed', true)).toBe('closed');
    expect(joinAction('upcoming', false)).toBe('upcoming');
    expect(joinAction('open', false)).toBe('login');
    expect(joinAction('open', true)).toBe('join');
  });
});

describe('the fairness text says what is hashed', () => {
  const fair = ACTIVITY_TEXT.rule.fair.join('\n');

  it('says the hash is over the seed’s text (UTF-8), not its bytes, and that is what the server does', () => {
    expect(fair).toMatch(/种子的文本/);
    expect(fair).toMatch(/UTF-8/);
    const seed = crypto.randomBytes(32).toString('hex');
    const overText = crypto.createHash('sha256').update(Buffer.from(seed, 'utf8')).digest('hex');
    const overBytes = crypto.createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
    expect(seedHashOf(seed)).toBe(overText);
    expect(seedHashOf(seed)).not.toBe(overBytes);
    // The HMAC key is the seed's text too, as the text says.
    expect(fair).toMatch(/密钥为种子文本/);
    expect(drawHmac(seed, 1, 2, 3)).toBe(
      crypto.createHmac('sha256', Buffer.from(seed, 'utf8')).update('1|2|3').digest('hex'),
    );
  });
});
