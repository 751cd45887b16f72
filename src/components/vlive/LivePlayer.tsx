/**
 * Plays an HLS stream: native HLS where the browser has it (Safari, iOS, recent Chrome), hls.js
 * elsewhere, loaded on demand in its own chunk. Starts muted (autoplay rules) with a tap to unmute.
 * A stream the native player cannot parse or decode (Chromium's native HLS refuses some
 * media-server output, e.g. nginx-rtmp's TS with AAC) is retried with hls.js.
 */
import { useEffect, useRef, useState } from 'react';
import { VLIVE_TEXT } from './strings';
import { HLS_MIME, withHls } from '../with-hls';

export function LivePlayer({
  url,
  live,
  poster,
  testSignal = false,
}: {
  url: string;
  live: boolean;
  poster?: string;
  /** The built-in test stream (no media server): labelled so nobody takes it for a broadcast. */
  testSignal?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [nativeRefused, setNativeRefused] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    setFailed(false);
    const play = () => void video.play().catch(() => undefined);
    if (!nativeRefused && video.canPlayType(HLS_MIME)) {
      video.dataset.engine = 'native';
      video.src = url;
      video.addEventListener('loadedmetadata', play, { once: true });
      const onError = () => {
        const code = video.error?.code ?? 0;
        if (code === MediaError.MEDIA_ERR_DECODE || code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED)
          setNativeRefused(true);
        else setFailed(true);
      };
      video.addEventListener('error', onError);
      return () => {
        video.removeEventListener('error', onError);
        video.removeAttribute('src');
        video.load();
      };
    }
    return withHls((Hls) => {
      if (!Hls.isSupported()) {
        setFailed(true);
        return null;
      }
      video.dataset.engine = 'hls.js';
      const h = new Hls({ liveSyncDurationCount: 3, enableWorker: true });
      // The renditions of a master playlist (a media server's bitrate ladder) and the one playing,
      // as hls.js switches by measured bandwidth.
      h.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
        video.dataset.renditions = String(data.levels.length);
        play();
      });
      h.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => {
        video.dataset.rendition = String(data.level);
      });
      h.on(Hls.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR) h.recoverMediaError();
        else setFailed(true);
      });
      h.loadSource(url);
      h.attachMedia(video);
      return h;
    });
  }, [url, attempt, nativeRefused]);
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
