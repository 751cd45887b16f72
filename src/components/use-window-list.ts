/**
 * The one windowed-list setup (match rows, articles, posts, conversations, messages): the page
 * scrolls, only the rows near the viewport are in the DOM. The list element's offset in the page
 * (its scroll margin) is measured on mount and again whenever the page's layout changes above it.
 * Rows are placed with `translateY(start - margin)`: `offsetOf(v)`.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { IS_SERVER, hasSeed } from '../core/ssr';

type WindowOptions = Parameters<typeof useWindowVirtualizer<HTMLElement>>[0];

/** The window a server render lays its list out for: a phone (375×812). */
const FIRST_SCREEN = { width: 375, height: 812 };

export function useWindowList<E extends HTMLElement>(options: Omit<WindowOptions, 'scrollMargin'>) {
  const ref = useRef<E>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setMargin(el.getBoundingClientRect().top + window.scrollY);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(document.body);
    return () => ro.disconnect();
  }, []);
  // A server-rendered page (issue 29) holds the rows of a phone's first screen; its hydration
  // starts from the same rows, then the list measures the real window.
  const [first] = useState(() => (IS_SERVER || hasSeed() ? FIRST_SCREEN : null));
  const virtualizer = useWindowVirtualizer({
    ...(first ? { initialRect: first, initialOffset: 0 } : {}),
    ...options,
    scrollMargin: margin,
  });
  return { ref, virtualizer, margin, offsetOf: (v: VirtualItem) => v.start - margin };
}
