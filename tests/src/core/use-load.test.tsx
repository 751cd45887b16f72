/** One page loader for every area: data on 200, the message otherwise, and what a failure keeps. */
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useLoad } from '../../../src/core/use-load';
import type { Envelope } from '../../../workers/protocol/envelope';

function flaky() {
  const box = { fail: false, n: 0 };
  const load = async (): Promise<Envelope<number>> => {
    box.n += 1;
    return box.fail ? { code: 5000, msg: '网络异常', data: null as never } : { code: 200, msg: '', data: box.n };
  };
  return { box, load };
}

describe('useLoad', () => {
  it('a failed reload drops the data by default', async () => {
    const { box, load } = flaky();
    const { result } = renderHook(() => useLoad(load, []));
    await waitFor(() => expect(result.current.data).toBe(1));
    box.fail = true;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.error).toBe('网络异常'));
    expect(result.current.data).toBeNull();
  });

  it('with keepOnError a failed reload keeps what was shown', async () => {
    const { box, load } = flaky();
    const { result } = renderHook(() => useLoad(load, [], { keepOnError: true }));
    await waitFor(() => expect(result.current.data).toBe(1));
    box.fail = true;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.error).toBe('网络异常'));
    expect(result.current.data).toBe(1);
    expect(result.current.loading).toBe(false);
  });

  it('a thrown load reads as its message; a null load empties the state', async () => {
    const boom = async (): Promise<Envelope<number>> => {
      throw new Error('断开了');
    };
    const { result, rerender } = renderHook(({ on }) => useLoad(on ? boom : null, [on]), {
      initialProps: { on: true },
    });
    await waitFor(() => expect(result.current.error).toBe('断开了'));
    rerender({ on: false });
    await waitFor(() => expect(result.current.error).toBeNull());
    expect(result.current).toMatchObject({ data: null, loading: false });
  });

  it('set edits the data in place without a fetch', async () => {
    const { box, load } = flaky();
    const { result } = renderHook(() => useLoad(load, []));
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => result.current.set((prev) => (prev ?? 0) + 10));
    expect(result.current.data).toBe(11);
    expect(box.n).toBe(1);
  });
});
