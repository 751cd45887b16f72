/**
 * Plays an HLS stream: hls.js wherever the browser has Media Source Extensions (loaded on demand
 * in its own chunk), native HLS elsewhere (iOS Safari). hls.js first because it is the player we
 * can steer: it holds live playback about LIVE_SYNC_S behind the newest fragment and catches up
 * by playing faster (up to CATCH_UP_RATE) rather than drifting behind; the native player is
 * steered to the same aims by ./native-live-sync.ts (issue 31). Starts muted (autoplay rules) with a tap to unmute.
 *
 * A live stream that stops moving (a fatal network error, or no progress for STALL_MS once it
 * has played) is not left frozen on its last frame: `onStall` asks the page for the room's
 * current source again (a new broadcast has a new URL), and without one the player reloads itself.
 * `ending`: the broadcast is over (its playlist now ends with EXT-X-ENDLIST); the player plays
 * out what it has and calls `onEnded` (or after ENDING_MAX_MS at most).
 */
import { useEffect, useRef, useState } from 'react';
import { VLIVE_TEXT } from './strings';
import { HLS_MIME, withHls } from '../with-hls';
import { keepNativeLiveEdge } from './native-live-sync';

/**
 * Seconds behind the live edge the player aims for (fragments are 1 s, docs/streaming.md): the
 * next fragment comes a second after the last, so this leaves 1.5 s for it to be late (a loaded
 * media host, a phone's network) before the picture stops; 2 s left only one and measured no lower
 * latency that mattered (p95 2.3–2.5 s against 2.8 s, target 4 s).
 */
export const LIVE_SYNC_S = 2.5;
/** Further behind than this, hls.js jumps forward to the sync point. */
export const LIVE_MAX_LATENCY_S = 5;
/** Between the two, it plays up to this fast to catch up. */
export const CATCH_UP_RATE = 1.5;
/** A live stream without progress for this long is reloaded (ms). */
export const STALL_MS = 8_000;
/**
 * hls.js adds a second to its aim after a stall (a broadcast's first fragments often stall a
 * viewer who waited for them) and keeps it for good: after this long without one, the aim is
 * LIVE_SYNC_S again (ms).
 */
const STALL_FORGIVEN_MS = 10_000;
/** An ending broadcast that never reports its end is closed after this long (ms). */
const ENDING_MAX_MS = 15_000;

export function LivePlayer({
  url,
  live,
  poster,
  testSignal = false,
  ending = false,
  onStall,
  onEnded,
}: {
  url: string;
  live: boolean;
  poster?: string;
  /** The built-in test stream (no media server): labelled so nobody takes it for a broadcast. */
  testSignal?: boolean;
  /** The broadcast ended: play out what is buffered, then `onEnded`. */
  ending?: boolean;
  /**
   * The stream stopped moving (`ended`: it played to an end the page was not told of): the page
   * should read the room's current source again.
   */
  onStall?: (ended: boolean) => void;
  onEnded?: () => void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [nativeRefused, setNativeRefused] = useState(false);
  // Latest callbacks without restarting the player when the page re-renders.
  const stallRef = useRef(onStall);
  const endedRef = useRef(onEnded);
  stallRef.current = onStall;
  endedRef.current = onEnded;
  const endingRef = useRef(ending);
  endingRef.current = ending;

  const stalled = (ended = false) => {
    if (endingRef.current) endedRef.current?.();
    else if (stallRef.current) stallRef.current(ended);
    else setAttempt((a) => a + 1);
  };
  const stalledRef = useRef(stalled);
  stalledRef.current = stalled;

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    setFailed(false);
    const play = () => void video.play().catch(() => undefined);
    const startNative = () => {
      video.dataset.engine = 'native';
      video.src = url;
      video.addEventListener('loadedmetadata', play, { once: true });
      const onError = () => {
        const code = video.error?.code ?? 0;
        if (code === MediaError.MEDIA_ERR_DECODE || code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED)
          setNativeRefused(true);
        else if (live) stalledRef.current();
        else setFailed(true);
      };
      video.addEventListener('error', onError);
      // Native players drift behind the edge their own way: steer them as hls.js is steered.
      const stopSync = live
        ? keepNativeLiveEdge(video, {
            syncS: LIVE_SYNC_S,
            maxLatencyS: LIVE_MAX_LATENCY_S,
            catchUpRate: CATCH_UP_RATE,
          })
        : () => undefined;
      return () => {
        stopSync();
        video.removeEventListener('error', onError);
        video.removeAttribute('src');
        video.load();
      };
    };
    const hasMse = typeof MediaSource !== 'undefined';
    if (!hasMse && !nativeRefused && video.canPlayType(HLS_MIME)) return startNative();
    return withHls((Hls) => {
      if (!Hls.isSupported()) {
        setFailed(true);
        return null;
      }
      video.dataset.engine = 'hls.js';
      const h = new Hls({
        enableWorker: true,
        liveSyncDuration: LIVE_SYNC_S,
        liveMaxLatencyDuration: LIVE_MAX_LATENCY_S,
        maxLiveSyncPlaybackRate: CATCH_UP_RATE,
        // Played media is not kept: a live room is watched for hours.
        backBufferLength: 10,
        // A broadcast's first playlists are held by the server until the transcoder has cut a
        // fragment (up to 15 s on a loaded media host): wait for them rather than give up.
        manifestLoadingTimeOut: 20_000,
        levelLoadingTimeOut: 20_000,
        manifestLoadingMaxRetry: 3,
        levelLoadingMaxRetry: 6,
      });
      // The renditions of a master playlist (a media server's bitrate ladder) and the one playing,
      // as hls.js switches by measured bandwidth.
      h.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
        video.dataset.renditions = String(data.levels.length);
        play();
      });
      h.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => {
        video.dataset.rendition = String(data.level);
      });
      let stalledAt = 0;
      h.on(Hls.Events.FRAG_BUFFERED, () => {
        if (stalledAt && Date.now() - stalledAt > STALL_FORGIVEN_MS) {
          stalledAt = 0;
          h.targetLatency = LIVE_SYNC_S;
        }
      });
      h.on(Hls.Events.ERROR, (_e, data) => {
        if (data.details === Hls.ErrorDetails.BUFFER_STALLED_ERROR) stalledAt = Date.now();
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR) h.recoverMediaError();
        else if (live) stalledRef.current();
        else setFailed(true);
      });
      h.loadSource(url);
      h.attachMedia(video);
      return h;
    });
  }, [url, attempt, nativeRefused, live]);

  // A live picture that stops moving while it should play: reload rather than freeze. A live
  // stream that ends while the page has not said so (its ENDLIST came, the room's word did not: a
  // socket that went quiet) is asked about at once: the room may be live again under a new URL.
  useEffect(() => {
    const video = ref.current;
    if (!video || !live) return;
    const endedUntold = () => {
      if (!endingRef.current) {
        video.dataset.stalls = String(Number(video.dataset.stalls ?? 0) + 1);
        stalledRef.current(true);
      }
    };
    video.addEventListener('ended', endedUntold);
    let lastTime = video.currentTime;
    let lastMove = Date.now();
    // Armed once the picture has moved: before that hls.js is still waiting for a broadcast's
    // first fragments (slow under load; its own timeouts and errors cover a source that never comes).
    let moved = false;
    const timer = setInterval(() => {
      if (video.paused && video.readyState >= 2) return;
      if (video.currentTime !== lastTime) {
        moved = true;
        lastTime = video.currentTime;
        lastMove = Date.now();
      } else if (moved && Date.now() - lastMove > STALL_MS) {
        lastMove = Date.now();
        video.dataset.stalls = String(Number(video.dataset.stalls ?? 0) + 1);
        stalledRef.current();
      }
    }, 1_000);
    return () => {
      clearInterval(timer);
      video.removeEventListener('ended', endedUntold);
    };
  }, [url, attempt, live]);

  // The end of a broadcast: the playlist says ENDLIST, the video plays out and fires `ended`.
  useEffect(() => {
    const video = ref.current;
    if (!video || !ending) return;
    const done = () => endedRef.current?.();
    // Already played to its end (the page learnt of the end from the player itself).
    if (video.ended) {
      done();
      return;
    }
    video.addEventListener('ended', done);
    const t = setTimeout(done, ENDING_MAX_MS);
    return () => {
      video.removeEventListener('ended', done);
      clearTimeout(t);
    };
  }, [ending]);

  return (
    <div className="vl-player">
      <video
        ref={ref}
        playsInline
        muted={muted}
        autoPlay
        controls={!live}
        poster={poster}
        data-live={live ? '1' : '0'}
        data-ending={ending ? '1' : '0'}
        data-src={url}
      />
      {testSignal && (
        <span className="qs-test-signal vl-test-signal" data-test-signal>
          {VLIVE_TEXT.testSignal}
        </span>
      )}
      {muted && !failed && (
        <button type="button" className="vl-unmute" onClick={() => setMuted(false)}>
          {VLIVE_TEXT.tapToUnmute}
        </button>
      )}
      {failed && (
        <button type="button" className="vl-player-msg" onClick={() => setAttempt((a) => a + 1)}>
          {VLIVE_TEXT.videoError}
        </button>
      )}
    </div>
  );
}
