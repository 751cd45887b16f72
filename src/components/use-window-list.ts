/**
 * The one windowed-list setup (match rows, articles, posts, conversations, messages): the page
 * scrolls, only the rows near the viewport are in the DOM. The list element's offset in the page
 * (its scroll margin) is measured on mount and again whenever the page's layout changes above it.
 * Rows are placed with `translateY(start - margin)`: `offsetOf(v)`.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';

type WindowOptions = Parameters<typeof useWindowVirtualizer<HTMLElement>>[0];

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
  const virtualizer = useWindowVirtualizer({ ...options, scrollMargin: margin });
  return { ref, virtualizer, margin, offsetOf: (v: VirtualItem) => v.start - margin };
}
