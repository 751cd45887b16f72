/** The shared field rules (client forms) and the zod field schemas built from them (server routes). */
import { describe, expect, it } from 'vitest';
import { MAX_DB_INT, hasControlChars, passwordProblem, textProblem } from '../../../workers/protocol/field-rules';
import { anyControlChars, idField, moneyField, textField } from '../../../workers/protocol/fields';
import { passwordError, phoneError } from '../../../src/pages/user/validation';

describe('field rules', () => {
  it('finds control characters, NUL and lone surrogates; multi-line text keeps tabs and line breaks', () => {
    expect(hasControlChars('进球\u0000了')).toBe(true);
    expect(hasControlChars('a\u0085b')).toBe(true);
    expect(hasControlChars('\ud800x')).toBe(true);
    expect(hasControlChars('😀 正常')).toBe(false);
    expect(hasControlChars('一\n二\t三', true)).toBe(false);
    expect(hasControlChars('一\n二')).toBe(true);
  });

  it('measures text in characters, not UTF-16 units', () => {
    expect(textProblem('😀😀', { label: '标题', min: 2, max: 2 })).toBeNull();
    expect(textProblem('😀😀😀', { label: '标题', max: 2 })).toBe('标题不能超过2个字');
    expect(textProblem('a\u0000', { label: '标题', max: 9 })).toBe('标题含有不支持的字符');
  });

  it('is the same rule in the client form and on the server', () => {
    for (const pw of ['short1', 'nodigitsatall', 'has space 12', 'good2026x'])
      expect(passwordError(pw)).toBe(passwordProblem(pw));
    expect(phoneError('13912345678')).toBeNull();
    expect(phoneError('1391234567')).not.toBeNull();
  });
});

describe('zod field schemas', () => {
  it('bounds ids to the int columns', () => {
    expect(idField().safeParse('2147483647').success).toBe(true);
    expect(idField().safeParse(String(MAX_DB_INT + 1)).success).toBe(false);
    expect(idField().safeParse('0').success).toBe(false);
    expect(idField().safeParse('1e3').success).toBe(true);
    expect(idField().safeParse('abc').error?.issues[0]?.message).toBe('编号不正确');
  });

  it('bounds money and trims text', () => {
    expect(moneyField().safeParse('10000001').success).toBe(false);
    expect(textField({ label: '内容', min: 1, max: 5 }).parse('  好  ')).toBe('好');
    expect(textField({ label: '内容', max: 5 }).safeParse('x\u0000').success).toBe(false);
  });

  it('finds a control character anywhere in a parsed request', () => {
    expect(anyControlChars({ a: ['ok', { b: 'x\u0000' }] })).toBe(true);
    expect(anyControlChars({ 'k\u0001': 'v' })).toBe(true);
    expect(anyControlChars({ a: 'ok\n' })).toBe(false);
  });
});
