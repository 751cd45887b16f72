/**
 * Reserved nicknames in every variant (issue 33, security 4): Traditional and variant characters,
 * full-width letters, spaces, zero-width and other invisible characters, and Latin look-alikes
 * are normalised before the reserved words are looked for; ordinary nicknames still pass.
 */
import { describe, expect, it } from 'vitest';
import { hasReservedWord, nicknameCheckForm } from '../../../server/accounts/reserved-nickname';

describe('reserved nicknames', () => {
  it.each([
    ['系統', 'Traditional'],
    ['管理員', 'Traditional'],
    ['系統通知', 'Traditional'],
    ['繫統公告', 'variant character'],
    ['客 服', 'space'],
    ['管\u3000理\u3000员', 'ideographic spaces'],
    ['系\u200b统', 'zero-width space'],
    ['官\u2060方', 'word joiner'],
    ['管理\u200d員', 'zero-width joiner, Traditional'],
    ['系\ufe0f统', 'variation selector'],
    ['ＡＤＭＩＮ', 'full-width'],
    ['ａｄｍｉｎ_01', 'full-width, underscore'],
    ['аdmin', 'Cyrillic а'],
    ['οfficial', 'Greek ο'],
    ['adm1n', 'digit for a letter'],
    ['0ffic1al', 'digits for letters'],
    ['adrnin', 'rn for m'],
    ['a.d.m.i.n', 'dots'],
    ['a\u0301dmin', 'combining accent'],
    ['超级管理员', 'inside a longer name'],
  ])('refuses %s (%s)', (nick) => {
    expect(hasReservedWord(nick)).toBe(true);
  });

  it.each(['球迷1234', '曼联死忠', 'Daniel', 'Admiral', 'Kobe24', '系列赛达人', '管家婆', '服务员小王', 'Barney'])(
    'lets %s through',
    (nick) => {
      expect(hasReservedWord(nick)).toBe(false);
    },
  );

  it('maps the variants onto one check form', () => {
    expect(nicknameCheckForm('系 統\u200b通知')).toBe('系统通知');
    expect(nicknameCheckForm('ＡＤＭＩＮ')).toBe(nicknameCheckForm('admin'));
  });
});
