import { describe, expect, it } from 'vitest';
import { relativeTimeText } from '../../../workers/domain/relative-time';

// 2026-11-24 20:00 in Beijing (12:00 UTC).
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

describe('relativeTimeText', () => {
  it('says 刚刚 within a minute, then minutes, then hours the same day', () => {
    expect(relativeTimeText(NOW - 30_000, NOW)).toBe('刚刚');
    expect(relativeTimeText(NOW - 5 * 60_000, NOW)).toBe('5分钟前');
    expect(relativeTimeText(NOW - 3 * 3600_000, NOW)).toBe('3小时前');
  });
  it('says 昨天 with the time for yesterday (China date), then the date', () => {
    // 21 hours ago is 23:00 yesterday in Beijing: 昨天, not 21小时前.
    expect(relativeTimeText(NOW - 21 * 3600_000, NOW)).toBe('昨天 23:00');
    expect(relativeTimeText(NOW - 3 * 86_400_000, NOW)).toBe('11-21 20:00');
    expect(relativeTimeText(Date.UTC(2025, 0, 2, 4, 0, 0), NOW)).toBe('2025-01-02');
  });
});
