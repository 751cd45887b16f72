/** The real-name rules (ID number, Chinese name): one copy for the 实名认证 form and the server. */
import { describe, expect, it } from 'vitest';
import { IdText, idCheckChar, idNumberProblem, realNameProblem } from '../../../workers/protocol/id-number';
import { realNameField } from '../../../workers/protocol/fields';
import { idNumberError, realNameError } from '../../../src/pages/user/validation';

const NOW = Date.UTC(2026, 10, 26);
const withCheck = (first17: string) => first17 + idCheckChar(first17);

describe('ID number rule', () => {
  it('accepts a valid number, lower-case x included, and names each fault', () => {
    expect(idNumberProblem('11010519491231002X', NOW)).toBeNull();
    expect(idNumberProblem('11010519491231002x', NOW)).toBeNull();
    expect(idNumberProblem('1101051949123100', NOW)).toBe(IdText.idShape);
    expect(idNumberProblem(withCheck('01010519900307123'), NOW)).toBe(IdText.idRegion);
    expect(idNumberProblem(withCheck('11010519901307123'), NOW)).toBe(IdText.idBirth);
    expect(idNumberProblem(withCheck('11010520300307123'), NOW)).toBe(IdText.idBirth);
    expect(idNumberProblem('110105194912310021', NOW)).toBe(IdText.idCheck);
  });

  it('the form refuses what the server refuses (beyond its own prompt for a wrong shape)', () => {
    for (const id of [withCheck('01010519900307123'), withCheck('11010519901307123'), '110105194912310021'])
      expect(idNumberError(id)).toBe(idNumberProblem(id, Date.now()));
    expect(idNumberError('11010519491231002X')).toBeNull();
    expect(idNumberError('1101051949')).not.toBeNull();
  });
});

describe('real name rule', () => {
  it('takes 2–20 Chinese characters, with the middle dot of minority names', () => {
    expect(realNameProblem(' 张三 ')).toBeNull();
    expect(realNameProblem('买买提·艾力')).toBeNull();
    expect(realNameProblem('张')).toBe(IdText.nameShort);
    expect(realNameProblem('张'.repeat(21))).toBe(IdText.nameLong);
    expect(realNameProblem('Zhang San')).toBe(IdText.nameChars);
    expect(realNameProblem('张·')).toBe(IdText.nameChars);
  });

  it('the form and the server schema give the same answer', () => {
    for (const name of ['张三', '张', 'Tom', '买买提·艾力', '张'.repeat(21)]) {
      const parsed = realNameField().safeParse(name);
      expect(realNameError(name)).toBe(parsed.success ? null : parsed.error.issues[0]!.message);
    }
    expect(realNameField().safeParse(undefined).error?.issues[0]?.message).toBe('请输入真实姓名');
  });
});
