/**
 * Live-edge keeping for the native HLS player (iOS Safari), which has no hls.js to steer: the
 * same aims as hls.js's live sync (LivePlayer's LIVE_SYNC_S, LIVE_MAX_LATENCY_S, CATCH_UP_RATE),
 * applied once a second from how far the picture is behind the end of the seekable range.
 * Further behind than the maximum, jump to the sync point; between the sync point and the
 * maximum, play faster; near the sync point, play at normal speed (issue 31).
 */
export interface LiveSyncAims {
  syncS: number;
  maxLatencyS: number;
  catchUpRate: number;
}

/** Within this many seconds of the sync point the player plays at normal speed (no hunting). */
const SLACK_S = 0.5;

/** What to do for a picture `behindS` seconds behind the live edge `edgeS`. */
export function liveSyncStep(
  behindS: number,
  edgeS: number,
  aims: LiveSyncAims,
): { seekTo: number | null; rate: number } {
  if (!Number.isFinite(behindS) || behindS < 0) return { seekTo: null, rate: 1 };
  if (behindS > aims.maxLatencyS) return { seekTo: Math.max(0, edgeS - aims.syncS), rate: 1 };
  if (behindS > aims.syncS + SLACK_S) {
    // Faster the further behind, up to the catch-up rate (as hls.js does).
    const share = (behindS - aims.syncS) / (aims.maxLatencyS - aims.syncS);
    return { seekTo: null, rate: Math.min(aims.catchUpRate, 1 + share * (aims.catchUpRate - 1) + 0.05) };
  }
  return { seekTo: null, rate: 1 };
}

/** Keeps a native live player near the edge; returns the stop function. */
export function keepNativeLiveEdge(video: HTMLVideoElement, aims: LiveSyncAims): () => void {
  const timer = setInterval(() => {
    if (video.paused || video.seekable.length === 0) return;
    const edge = video.seekable.end(video.seekable.length - 1);
    const step = liveSyncStep(edge - video.currentTime, edge, aims);
    if (step.seekTo !== null) video.currentTime = step.seekTo;
    if (video.playbackRate !== step.rate) video.playbackRate = step.rate;
    video.dataset.behind = (edge - video.currentTime).toFixed(1);
  }, 1_000);
  return () => {
    clearInterval(timer);
    video.playbackRate = 1;
  };
}
