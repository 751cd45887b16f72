/**
 * A window-scrolled virtual list of fixed-height rows: only the rows near the viewport are in the
 * DOM. The list's offset from the page top is measured (and re-measured when the page above it
 * changes size) so the window's scroll maps onto the right rows.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';

export function useWindowRows<E extends HTMLElement>(count: number, rowHeight: number, keyOf: (i: number) => string) {
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
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan: 8,
    scrollMargin: margin,
    getItemKey: keyOf,
  });
  return {
    ref,
    totalSize: virtualizer.getTotalSize(),
    rows: virtualizer.getVirtualItems().map((v) => ({ index: v.index, key: v.key, top: v.start - margin })),
  };
}
