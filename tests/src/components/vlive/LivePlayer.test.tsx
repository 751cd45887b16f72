/**
 * The native HLS player (iOS Safari: no Media Source Extensions) is kept near the live edge as
 * hls.js keeps itself (issue 31): far behind, it jumps to the sync point; a little behind, it
 * plays faster; near the sync point, at normal speed. Driven with a fake clock and a video whose
 * seekable range grows as a live playlist's does.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CATCH_UP_RATE,
  LIVE_MAX_LATENCY_S,
  LIVE_SYNC_S,
  LivePlayer,
  STALL_MS,
} from '../../../../src/components/vlive/LivePlayer';
import { liveSyncStep } from '../../../../src/components/vlive/native-live-sync';

const aims = { syncS: LIVE_SYNC_S, maxLatencyS: LIVE_MAX_LATENCY_S, catchUpRate: CATCH_UP_RATE };

describe('liveSyncStep', () => {
  it('jumps to the sync point when further behind than the maximum', () => {
    expect(liveSyncStep(LIVE_MAX_LATENCY_S + 3, 100, aims)).toEqual({ seekTo: 100 - LIVE_SYNC_S, rate: 1 });
  });
  it('plays faster between the sync point and the maximum, never above the catch-up rate', () => {
    const near = liveSyncStep(LIVE_SYNC_S + 1, 100, aims);
    const far = liveSyncStep(LIVE_MAX_LATENCY_S - 0.01, 100, aims);
    expect(near.seekTo).toBeNull();
    expect(near.rate).toBeGreaterThan(1);
    expect(far.rate).toBeGreaterThan(near.rate);
    expect(far.rate).toBeLessThanOrEqual(CATCH_UP_RATE);
  });
  it('plays at normal speed near the sync point, and ignores nonsense', () => {
    expect(liveSyncStep(LIVE_SYNC_S + 0.3, 100, aims)).toEqual({ seekTo: null, rate: 1 });
    expect(liveSyncStep(-1, 100, aims)).toEqual({ seekTo: null, rate: 1 });
    expect(liveSyncStep(Number.NaN, 100, aims)).toEqual({ seekTo: null, rate: 1 });
  });
});

describe('LivePlayer with the native player', () => {
  let edge = 0;
  const saved = { mse: (globalThis as { MediaSource?: unknown }).MediaSource };
  beforeEach(() => {
    vi.useFakeTimers();
    delete (globalThis as { MediaSource?: unknown }).MediaSource;
    const proto = HTMLMediaElement.prototype;
    vi.spyOn(proto, 'canPlayType').mockReturnValue('maybe');
    vi.spyOn(proto, 'load').mockImplementation(() => undefined);
    vi.spyOn(proto, 'play').mockResolvedValue(undefined);
    vi.spyOn(proto, 'paused', 'get').mockReturnValue(false);
    vi.spyOn(proto, 'seekable', 'get').mockImplementation(
      () => ({ length: 1, start: () => 0, end: () => edge }) as unknown as TimeRanges,
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.useRealTimers();
    (globalThis as { MediaSource?: unknown }).MediaSource = saved.mse;
  });

  it('catches a late picture up to the live edge, then plays at normal speed', () => {
    const { container } = render(<LivePlayer url="/live/b1-x/index.m3u8" live />);
    const video = container.querySelector('video')!;
    expect(video.dataset.engine).toBe('native');
    // 12 s behind the edge (a tab opened late): the player jumps to the sync point.
    edge = 40;
    video.currentTime = 28;
    vi.advanceTimersByTime(1_000);
    expect(video.currentTime).toBe(40 - LIVE_SYNC_S);
    // The edge moves on 2 s while the picture stands (4 s behind, under the maximum): faster.
    edge = 42;
    vi.advanceTimersByTime(1_000);
    expect(video.playbackRate).toBeGreaterThan(1);
    // Back near the sync point: normal speed.
    video.currentTime = 42 - LIVE_SYNC_S;
    vi.advanceTimersByTime(1_000);
    expect(video.playbackRate).toBe(1);
  });

  it('a live picture that stops moving asks the page for the source again, once it has played', () => {
    const onStall = vi.fn();
    const { container } = render(<LivePlayer url="/live/b1-x/index.m3u8" live onStall={onStall} />);
    const video = container.querySelector('video')!;
    edge = 0;
    // Not yet playing (a broadcast's first fragments may take a while): no stall.
    vi.advanceTimersByTime(STALL_MS + 2_000);
    expect(onStall).not.toHaveBeenCalled();
    edge = 10;
    video.currentTime = 8;
    vi.advanceTimersByTime(1_000);
    video.currentTime = 9;
    vi.advanceTimersByTime(1_000);
    // The playlist stopped advancing: the picture stands on its last frame.
    vi.advanceTimersByTime(STALL_MS - 1_000);
    expect(onStall).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(onStall).toHaveBeenCalledTimes(1);
    expect(onStall).toHaveBeenCalledWith(false);
    expect(video.dataset.stalls).toBe('1');
  });

  it('a live stream that ends untold asks the page at once; one the page said was ending closes', () => {
    const onStall = vi.fn();
    const onEnded = vi.fn();
    const { container, rerender } = render(
      <LivePlayer url="/live/b1-x/index.m3u8" live onStall={onStall} onEnded={onEnded} />,
    );
    const video = container.querySelector('video')!;
    // Its ENDLIST reached the player, the room's word did not (a socket gone quiet).
    video.dispatchEvent(new Event('ended'));
    expect(onStall).toHaveBeenCalledWith(true);
    expect(onEnded).not.toHaveBeenCalled();
    // The page knows: the same end now closes the player instead.
    rerender(<LivePlayer url="/live/b1-x/index.m3u8" live ending onStall={onStall} onEnded={onEnded} />);
    video.dispatchEvent(new Event('ended'));
    expect(onEnded).toHaveBeenCalled();
    expect(onStall).toHaveBeenCalledTimes(1);
  });

  it('leaves a replay alone', () => {
    const { container } = render(<LivePlayer url="/replay/1.m3u8" live={false} />);
    const video = container.querySelector('video')!;
    edge = 100;
    video.currentTime = 10;
    vi.advanceTimersByTime(3_000);
    expect(video.currentTime).toBe(10);
    expect(video.playbackRate).toBe(1);
  });
});
