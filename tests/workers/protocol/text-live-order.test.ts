/** Text live lines of one moment are ordered by the feed's sequence, not by string order of ids. */
import { describe, expect, it } from 'vitest';
import { textLineSeq, textLiveNewestFirst } from '../../../workers/protocol/text-live-order';

describe('textLiveNewestFirst', () => {
  it('two plays at the same clock time: the later play (t10) comes first, not t9', () => {
    const lines = [
      { id: '7-t9', at: 1000, text: '第一节 09:30 主队 三分命中，比分 3-0' },
      { id: '7-t10', at: 1000, text: '第一节 09:30 客队 突破上篮得手，比分 3-2' },
      { id: '7-t8', at: 500, text: '第一节 10:00 比赛开始' },
    ];
    expect(textLiveNewestFirst(lines).map((l) => l.id)).toEqual(['7-t10', '7-t9', '7-t8']);
    // Whatever order they arrive in.
    expect(textLiveNewestFirst([...lines].reverse()).map((l) => l.id)).toEqual(['7-t10', '7-t9', '7-t8']);
  });
  it('time first, then sequence; lines read from incidents too', () => {
    expect(
      textLiveNewestFirst([
        { id: '7-99-i', at: 1 },
        { id: '7-100-i', at: 1 },
        { id: '7-5-i', at: 2 },
      ]).map((l) => l.id),
    ).toEqual(['7-5-i', '7-100-i', '7-99-i']);
  });
  it('reads the sequence at the end of an id', () => {
    expect(textLineSeq('123-t10')).toBe(10);
    expect(textLineSeq('123-45-i')).toBe(45);
    expect(textLineSeq('abc')).toBeNull();
  });
});
