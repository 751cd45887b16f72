/** Lists page to their end: every page stays, in order, and a reload starts again at page 1. */
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { usePagedLoad } from '../../../src/core/use-paged-load';
import type { Envelope } from '../../../workers/protocol/envelope';

type Page = { list: number[]; next: boolean; total: number };
const SIZE = 3;
const TOTAL = 8;

function server() {
  const asked: number[] = [];
  const load = async (page: number): Promise<Envelope<Page>> => {
    asked.push(page);
    const list = Array.from({ length: SIZE }, (_, k) => (page - 1) * SIZE + k + 1).filter((n) => n <= TOTAL);
    return { code: 200, msg: '', data: { list, next: page * SIZE < TOTAL, total: TOTAL } };
  };
  return { load, asked };
}

describe('usePagedLoad', () => {
  it('keeps every page it loaded, up to the last one', async () => {
    const { load, asked } = server();
    const { result } = renderHook(() => usePagedLoad(load, []));
    await waitFor(() => expect(result.current.items).toEqual([1, 2, 3]));
    expect(result.current.first?.total).toBe(TOTAL);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(6));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(result.current.hasMore).toBe(false);
    act(() => result.current.loadMore());
    expect(asked).toEqual([1, 2, 3]);
  });

  it('a failed page keeps the pages so far and can be retried', async () => {
    const { load } = server();
    let fail = false;
    const flaky = async (page: number): Promise<Envelope<Page>> =>
      fail ? { code: 5000, msg: '网络异常', data: null as never } : load(page);
    const { result } = renderHook(() => usePagedLoad(flaky, []));
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    fail = true;
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.moreError).toBe('网络异常'));
    expect(result.current.items).toEqual([1, 2, 3]);
    expect(result.current.error).toBeNull();
    fail = false;
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(6));
  });

  it('reload starts again at page 1; local edits apply to every loaded page', async () => {
    const { load, asked } = server();
    const { result } = renderHook(() => usePagedLoad(load, []));
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(6));
    act(() => result.current.update((items) => items.filter((n) => n % 2 === 0)));
    expect(result.current.items).toEqual([2, 4, 6]);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.items).toEqual([1, 2, 3]));
    expect(asked).toEqual([1, 2, 1]);
  });
});
