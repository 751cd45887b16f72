/** One idempotency key per intended spend: kept for a retry after a lost answer, dropped once answered. */
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useIdemKeys } from '../../../../src/pages/vlive/idem-key';
import { Code } from '../../../../workers/protocol/codes';

describe('useIdemKeys', () => {
  it('gives the same intent the same key until an answer other than a server error settles it', () => {
    const { result, rerender } = renderHook(() => useIdemKeys());
    const first = result.current.keyFor('gift:1');
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(result.current.keyFor('gift:1')).toBe(first);
    result.current.settle(Code.SERVER_ERROR);
    rerender();
    expect(result.current.keyFor('gift:1')).toBe(first);
    result.current.settle(Code.OK);
    const second = result.current.keyFor('gift:1');
    expect(second).not.toBe(first);
    result.current.settle(Code.REFUSED);
    expect(result.current.keyFor('gift:1')).not.toBe(second);
  });

  it('a different intent gets a new key', () => {
    const { result } = renderHook(() => useIdemKeys());
    const a = result.current.keyFor('pkg:1');
    expect(result.current.keyFor('pkg:2')).not.toBe(a);
  });
});
