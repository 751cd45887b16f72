/** Closeness of typed names (server/chatgpt/fuzzy.ts): typos read as the name, otherwise the nearest offered. */
import { describe, expect, it } from 'vitest';
import { closestNames, editDistance, sharedChars, typoOf } from '../../server/chatgpt/fuzzy';

const NAMES = ['阿森纳', '曼城', '曼联', '纽卡斯尔联', '纽卡', '利物浦', '切尔西', '火车头'];

describe('typed names', () => {
  it('counts edits and shared characters by character, not byte', () => {
    expect(editDistance('阿森那', '阿森纳')).toBe(1);
    expect(editDistance('曼城', '曼联')).toBe(1);
    expect(editDistance('', '利物浦')).toBe(3);
    expect(sharedChars('火星联队', '纽卡斯尔联')).toBe(1);
  });

  it('reads a one-character typo of a name of three or more characters, only when one name fits', () => {
    expect(typoOf('阿森那', NAMES)).toBe('阿森纳');
    expect(typoOf('纽卡斯尔那', NAMES)).toBe('纽卡斯尔联');
    // Two characters are too short to guess (曼成: 曼城 or 曼联?).
    expect(typoOf('曼成', NAMES)).toBeNull();
    expect(typoOf('火星联队', NAMES)).toBeNull();
    expect(typoOf('切尔', NAMES)).toBeNull();
  });

  it('offers the names sharing the most characters, never one sharing none', () => {
    expect(closestNames('火星联队', NAMES)).toEqual(['曼联', '火车头', '纽卡斯尔联']);
    expect(closestNames('梅西', NAMES)).toEqual(['切尔西']);
    expect(closestNames('蓝鲸', NAMES)).toEqual([]);
  });
});
