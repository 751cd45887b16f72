/**
 * A swipeable banner track (scroll snap) that advances one banner every `advanceMs`, and the index
 * of the banner in view for the dots. With `pauseOnFocus` it holds still while hovered or focused.
 */
import { useEffect, useRef, useState, type UIEvent } from 'react';

export function useBannerTrack(count: number, advanceMs: number, pauseOnFocus = false) {
  const ref = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2) return;
    const t = setInterval(() => {
      const el = ref.current;
      if (!el || (pauseOnFocus && el.matches(':hover, :focus-within'))) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, advanceMs);
    return () => clearInterval(t);
  }, [count, advanceMs, pauseOnFocus]);
  const onScroll = (e: UIEvent<HTMLDivElement>) =>
    setIndex(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)));
  return { ref, index, onScroll };
}
