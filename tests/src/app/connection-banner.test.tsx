/** The connection banner follows the core's connection stream: down, then 已恢复, then quiet. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook } from '@testing-library/react';
import { isConnectionDown, RESTORED_SHOW_MS, useConnectionBanner } from '../../../src/app/connection-banner';
import { ConnectionBanner } from '../../../src/components/ConnectionBanner';
import type { ConnectionValue } from '../../../workers/core/api';

const conn = (state: ConnectionValue['state'], online = true): ConnectionValue => ({
  state,
  online,
  since: 0,
  attempts: 0,
  mode: 'shared',
  instanceId: 'i1',
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('connection banner', () => {
  it('is quiet while the first connection is made and while open', () => {
    expect(isConnectionDown(undefined)).toBe(false);
    expect(isConnectionDown(conn('connecting'))).toBe(false);
    expect(isConnectionDown(conn('open'))).toBe(false);
    // An idle socket the core closed on purpose (no topic watched, nobody logged in).
    expect(isConnectionDown(conn('closed'))).toBe(false);
  });

  it("the tab's own offline state counts, even while the worker still thinks its socket is open", () => {
    expect(isConnectionDown(conn('open'), false)).toBe(true);
  });

  it('says down while offline or reconnecting, then 已恢复 for a moment', () => {
    const { result, rerender } = renderHook(({ c }) => useConnectionBanner(c), {
      initialProps: { c: conn('open') as ConnectionValue | undefined },
    });
    expect(result.current).toBeNull();
    rerender({ c: conn('open', false) });
    expect(result.current).toBe('down');
    rerender({ c: conn('reconnecting') });
    expect(result.current).toBe('down');
    rerender({ c: conn('open') });
    expect(result.current).toBe('restored');
    // Another value of the stream (the core closing an idle socket) does not keep 已恢复 up.
    rerender({ c: conn('closed') });
    act(() => vi.advanceTimersByTime(RESTORED_SHOW_MS + 10));
    expect(result.current).toBeNull();
  });

  it('renders the Chinese texts in a polite live region', () => {
    const { container, rerender } = render(<ConnectionBanner state="down" />);
    const el = container.querySelector('[role="status"]')!;
    expect(el.textContent).toBe('连接已断开，正在重连…');
    rerender(<ConnectionBanner state="restored" />);
    expect(el.textContent).toBe('已恢复');
    rerender(<ConnectionBanner state={null} />);
    expect(el.textContent).toBe('');
  });
});
