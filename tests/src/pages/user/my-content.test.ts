import { describe, expect, it } from 'vitest';
import {
  hasErrors,
  hitRateText,
  outcomeTone,
  pickText,
  postDraftErrors,
  tipDraftErrors,
} from '../../../../src/pages/user/my-content';
import { USER_TEXT } from '../../../../src/pages/user/strings';

describe('post form mirrors the server limits', () => {
  it('title is 4-40 characters after trimming', () => {
    expect(postDraftErrors('四个字啊', '内容').title).toBeNull();
    expect(postDraftErrors('  三个字  ', '内容').title).toBe('标题为 4-40 个字');
    expect(postDraftErrors('一'.repeat(40), '内容').title).toBeNull();
    expect(postDraftErrors('一'.repeat(41), '内容').title).toBe('标题为 4-40 个字');
  });
  it('content is 1-2000 characters and not only blanks', () => {
    expect(postDraftErrors('正常标题', '字').content).toBeNull();
    expect(postDraftErrors('正常标题', ' \n ').content).toBe('请输入帖子内容（最多 2000 字）');
    expect(postDraftErrors('正常标题', '字'.repeat(2000)).content).toBeNull();
    expect(postDraftErrors('正常标题', '字'.repeat(2001)).content).not.toBeNull();
  });
  it('hasErrors is true only when some field has a message', () => {
    expect(hasErrors(postDraftErrors('正常标题', '内容'))).toBe(false);
    expect(hasErrors(postDraftErrors('短', '内容'))).toBe(true);
  });
});

describe('tip form', () => {
  it('needs a match and a pick; the reason is optional up to 200 characters', () => {
    expect(tipDraftErrors(1, 'home', '')).toEqual({ match: null, pick: null, reason: null });
    expect(tipDraftErrors(null, null, '')).toEqual({
      match: '请选择一场比赛',
      pick: '请选择胜、平或负',
      reason: null,
    });
    expect(tipDraftErrors(1, 'draw', '理'.repeat(201)).reason).toBe('推荐理由不能超过 200 字');
  });
});

describe('tip display', () => {
  it('names every outcome in Chinese and colours only the settled ones', () => {
    expect(USER_TEXT.proposal.outcomes).toEqual({
      pending: '待开赛',
      live: '进行中',
      hit: '红',
      miss: '黑',
      void: '已取消',
    });
    expect(outcomeTone('hit')).toBe('red');
    expect(outcomeTone('miss')).toBe('black');
    for (const o of ['pending', 'live', 'void'] as const) expect(outcomeTone(o)).toBe('muted');
  });
  it('shows the hit rate as a rounded percentage, or nothing before a tip is settled', () => {
    expect(hitRateText({ settled: 0, hits: 0, hitRate: null })).toBeNull();
    expect(hitRateText({ settled: 3, hits: 2, hitRate: 2 / 3 })).toBe('67%');
    expect(hitRateText({ settled: 4, hits: 0, hitRate: 0 })).toBe('0%');
  });
  it('says which side a pick backs', () => {
    expect(pickText('home', '北岸联', '南港城')).toBe('胜（北岸联）');
    expect(pickText('draw', '北岸联', '南港城')).toBe('平（平局）');
    expect(pickText('away', '北岸联', '南港城')).toBe('负（南港城）');
  });
});
