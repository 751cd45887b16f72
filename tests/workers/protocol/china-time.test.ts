import { describe, expect, it } from 'vitest';
import {
  addDays,
  chinaDay,
  chinaDayStartOf,
  chinaHourOfDay,
  chinaMidnight,
  chinaWallClock,
} from '../../../workers/protocol/index';

// 2026-11-22 16:30 UTC is 2026-11-23 00:30 in China: the day has already turned there.
const AFTER_CHINA_MIDNIGHT = Date.UTC(2026, 10, 22, 16, 30);

describe('China time (UTC+8, one copy for server and core)', () => {
  it('cuts days at midnight China time, not UTC', () => {
    expect(chinaDay(AFTER_CHINA_MIDNIGHT)).toBe('2026-11-23');
    expect(chinaDay(AFTER_CHINA_MIDNIGHT, -1)).toBe('2026-11-22');
    expect(chinaDay(Date.UTC(2026, 10, 22, 15, 59))).toBe('2026-11-22');
  });
  it('finds the start of a China day from a date or an instant', () => {
    expect(chinaDayStartOf('2026-11-23')).toBe(Date.UTC(2026, 10, 22, 16));
    expect(chinaMidnight(AFTER_CHINA_MIDNIGHT)).toBe(Date.UTC(2026, 10, 22, 16));
    expect(chinaMidnight(Date.UTC(2026, 10, 22, 15, 59))).toBe(Date.UTC(2026, 10, 21, 16));
    expect(chinaHourOfDay(AFTER_CHINA_MIDNIGHT, 10)).toBe(Date.UTC(2026, 10, 23, 2));
  });
  it('reads wall-clock fields in China time and adds calendar days across months', () => {
    expect(chinaWallClock(AFTER_CHINA_MIDNIGHT).getUTCHours()).toBe(0);
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
