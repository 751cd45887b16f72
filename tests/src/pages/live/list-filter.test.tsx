/**
 * Filter persistence of the lists: the cookie written with the core's expiry rule survives a
 * reload and is gone after the reset hour (football 10:00, basketball 15:00, China time).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useListFilter } from '../../../../src/pages/live/use-list-filter';

/** Unix ms of a China-time wall clock (UTC+8). */
const china = (y: number, m: number, d: number, h: number, min = 0, s = 0) => Date.UTC(y, m - 1, d, h - 8, min, s);

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

describe('list filter cookies', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clearCookies();
  });
  afterEach(() => {
    clearCookies();
    vi.useRealTimers();
  });

  it('football: set at 09:59 survives a reload, gone at 10:00', () => {
    vi.setSystemTime(china(2026, 11, 22, 9, 59));
    const first = renderHook(() => useListFilter('zq'));
    expect(first.result.current[0]).toEqual({ type: 'all', leagueIds: null });
    act(() => first.result.current[1]({ type: 'jczq', leagueIds: [36, 31] }));
    expect(first.result.current[0]).toEqual({ type: 'jczq', leagueIds: [36, 31] });
    first.unmount();

    // "Reload": a new page instance reads the cookie.
    vi.setSystemTime(china(2026, 11, 22, 9, 59, 59));
    expect(renderHook(() => useListFilter('zq')).result.current[0]).toEqual({ type: 'jczq', leagueIds: [36, 31] });

    vi.setSystemTime(china(2026, 11, 22, 10, 0, 1));
    expect(renderHook(() => useListFilter('zq')).result.current[0]).toEqual({ type: 'all', leagueIds: null });
  });

  it('football: set at 10:30 lasts until 10:00 the next day', () => {
    vi.setSystemTime(china(2026, 11, 22, 10, 30));
    const h = renderHook(() => useListFilter('zq'));
    act(() => h.result.current[1]({ type: 'jx', leagueIds: null }));
    h.unmount();
    vi.setSystemTime(china(2026, 11, 23, 9, 59));
    expect(renderHook(() => useListFilter('zq')).result.current[0].type).toBe('jx');
    vi.setSystemTime(china(2026, 11, 23, 10, 0, 1));
    expect(renderHook(() => useListFilter('zq')).result.current[0].type).toBe('all');
  });

  it('basketball keeps its own cookie, expiring at 15:00', () => {
    vi.setSystemTime(china(2026, 11, 22, 14, 0));
    const lq = renderHook(() => useListFilter('lq'));
    act(() => lq.result.current[1]({ type: 'all', leagueIds: [1] }));
    lq.unmount();
    // Football is untouched.
    expect(renderHook(() => useListFilter('zq')).result.current[0]).toEqual({ type: 'all', leagueIds: null });
    vi.setSystemTime(china(2026, 11, 22, 14, 59, 59));
    expect(renderHook(() => useListFilter('lq')).result.current[0].leagueIds).toEqual([1]);
    vi.setSystemTime(china(2026, 11, 22, 15, 0, 1));
    expect(renderHook(() => useListFilter('lq')).result.current[0].leagueIds).toBeNull();
  });
});
