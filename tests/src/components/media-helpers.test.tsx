/** The banner track advances and pauses as asked; hls.js players are torn down even mid-load. */
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBannerTrack } from '../../../src/components/use-banner-track';
import { withHls } from '../../../src/components/with-hls';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Track({ pause }: { pause: boolean }) {
  const { ref, index, onScroll } = useBannerTrack(3, 1000, pause);
  return (
    <div ref={ref} data-testid="track" data-index={index} onScroll={onScroll}>
      <button type="button">横幅</button>
    </div>
  );
}

function mount(pause: boolean) {
  vi.useFakeTimers();
  const view = render(<Track pause={pause} />);
  const el = view.getByTestId('track');
  Object.defineProperty(el, 'clientWidth', { value: 300 });
  const scrollTo = vi.fn();
  el.scrollTo = scrollTo as typeof el.scrollTo;
  return { el, scrollTo };
}

describe('useBannerTrack', () => {
  it('advances one banner a tick, wraps at the end, and reports the banner in view', () => {
    const { el, scrollTo } = mount(false);
    act(() => vi.advanceTimersByTime(1000));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' });
    el.scrollLeft = 600;
    fireEvent.scroll(el);
    expect(el.dataset.index).toBe('2');
    act(() => vi.advanceTimersByTime(1000));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' });
  });

  it('with pauseOnFocus holds still while a banner has focus', () => {
    const { el, scrollTo } = mount(true);
    el.querySelector('button')!.focus();
    act(() => vi.advanceTimersByTime(3000));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('withHls', () => {
  it('never starts a player when torn down before hls.js has loaded', async () => {
    const start = vi.fn(() => ({ destroy: vi.fn() }));
    const stop = withHls(start);
    stop();
    await import('hls.js');
    await new Promise((r) => setTimeout(r, 0));
    expect(start).not.toHaveBeenCalled();
  });

  it('starts the player once loaded and destroys it on cleanup', async () => {
    const destroy = vi.fn();
    const start = vi.fn((_Hls: unknown) => ({ destroy }));
    const stop = withHls(start);
    await vi.waitFor(() => expect(start).toHaveBeenCalledOnce());
    expect(typeof start.mock.calls[0]![0]).toBe('function');
    stop();
    expect(destroy).toHaveBeenCalledOnce();
  });
});
