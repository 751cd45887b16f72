/** Plays a match stream (HLS). Safari plays .m3u8 natively; elsewhere hls.js is loaded on demand. */
import { useEffect, useRef } from 'react';
import { LIVE_TEXT } from './strings';
import { HLS_MIME, withHls } from '../with-hls';

export function MatchVideo({
  url,
  poster,
  testSignal = false,
}: {
  url: string;
  /** Shown until the first frame: the bound room's cover. */
  poster?: string;
  testSignal?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.canPlayType(HLS_MIME)) {
      video.src = url;
      return () => video.removeAttribute('src');
    }
    return withHls((Hls) => {
      if (!Hls.isSupported()) return null;
      const h = new Hls({ lowLatencyMode: true });
      h.loadSource(url);
      h.attachMedia(video);
      return h;
    });
  }, [url]);
  return (
    <div className="lv-video">
      <video ref={ref} poster={poster} controls playsInline muted autoPlay data-match-video />
      {testSignal && (
        <span className="qs-test-signal lv-test-signal" data-test-signal>
          {LIVE_TEXT.testSignal}
        </span>
      )}
    </div>
  );
}
