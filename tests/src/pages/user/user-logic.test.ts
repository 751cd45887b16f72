import { describe, expect, it } from 'vitest';
import {
  idNumberError,
  nicknameError,
  passwordError,
  phoneError,
  realNameError,
} from '../../../../src/pages/user/validation';
import { THEMES, applyTheme, readTheme, saveTheme } from '../../../../src/pages/user/theme';

describe('form validation mirrors the server', () => {
  it('phone', () => {
    expect(phoneError('13800138000')).toBeNull();
    expect(phoneError('12800138000')).toBe('请输入正确的11位手机号');
    expect(phoneError('1380013800')).not.toBeNull();
  });
  it('password', () => {
    expect(passwordError('abc12345')).toBeNull();
    expect(passwordError('abc1234')).toBe('密码长度为8-20位');
    expect(passwordError('abcdefgh')).toBe('密码需同时包含字母和数字');
    expect(passwordError('abc 12345')).toBe('密码只能包含字母、数字和常用符号，不能有空格');
  });
  it('nickname', () => {
    expect(nicknameError('球迷_01')).toBeNull();
    expect(nicknameError('a')).not.toBeNull();
    expect(nicknameError('<script>')).not.toBeNull();
  });
  it('ID number checksum (GB 11643)', () => {
    expect(idNumberError('11010519491231002X')).toBeNull();
    expect(idNumberError('110105194912310021')).toBe('身份证号校验位不正确，请核对后重新输入');
    expect(idNumberError('11010519491231002')).toBe('请输入18位身份证号');
    expect(idNumberError('11010519491231002x')).toBeNull();
  });
  it('real name', () => {
    expect(realNameError('张三')).toBeNull();
    expect(realNameError('买买提·艾力')).toBeNull();
    expect(realNameError('张')).not.toBeNull();
    expect(realNameError('Tom')).not.toBeNull();
  });
});

describe('diyTheme', () => {
  it('stores the choice and applies it as --qs-theme', () => {
    localStorage.clear();
    expect(readTheme()).toBe('gold');
    saveTheme('blue');
    expect(readTheme()).toBe('blue');
    applyTheme();
    expect(document.documentElement.style.getPropertyValue('--qs-theme')).toBe(THEMES.blue);
    localStorage.setItem('qs-diy-theme', 'nonsense');
    expect(readTheme()).toBe('gold');
  });
});
