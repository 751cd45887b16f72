/**
 * The rows a windowed list shows before its windowing library is in (./use-window-list, issue 29):
 * @tanstack/virtual-core's own layout of a list nothing of which is measured yet (one lane): each
 * row at its estimated size after the ones before it, the rows that reach into the window from
 * `offset` plus `overscan` on each side, and the list's whole estimated height. The library,
 * started from the same window, shows the same rows first, so nothing moves when it takes over.
 */
import type { Key } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';

/** The options the first window reads (the library's, with its defaults). */
export interface WindowedOptions {
  count: number;
  estimateSize: (index: number) => number;
  overscan?: number;
  gap?: number;
  paddingStart?: number;
  paddingEnd?: number;
  getItemKey?: (index: number) => Key;
}

/** The part of the library's `Virtualizer` the lists read. */
export interface FirstWindow {
  getTotalSize(): number;
  getVirtualItems(): VirtualItem[];
  measureElement(el: Element | null | undefined): void;
}

/** Nothing is measured before the library is in: a row's ref has nothing to tell. */
const notYet = () => undefined;

export function firstWindow(o: WindowedOptions, scrollMargin: number, height: number, offset: number): FirstWindow {
  const { count, estimateSize, overscan = 1, gap = 0, paddingStart = 0, paddingEnd = 0 } = o;
  const keyOf = o.getItemKey ?? ((i: number) => i);
  const rows: VirtualItem[] = [];
  let at = paddingStart + scrollMargin;
  for (let i = 0; i < count; i++) {
    const size = estimateSize(i);
    rows.push({ key: keyOf(i), index: i, start: at, end: at + size, size, lane: 0 });
    at += size + gap;
  }
  const last = rows[rows.length - 1];
  const total = Math.max((last ? last.end : paddingStart) - scrollMargin + paddingEnd, 0);
  let items: VirtualItem[] = [];
  if (last && height > 0) {
    // The scroll offset as the library clamps it: never past the list's end.
    const top = Math.min(offset, Math.max(total + scrollMargin - height, 0));
    let first = 0;
    if (rows.length > 1) {
      // The last row starting at or before `top` (the library's binary search, in a line).
      while (first + 1 < rows.length && rows[first + 1]!.start <= top) first++;
    }
    let end = first;
    while (end < rows.length - 1 && rows[end]!.end < top + height) end++;
    items = rows.slice(Math.max(first - overscan, 0), Math.min(end + overscan, count - 1) + 1);
  }
  return { getTotalSize: () => total, getVirtualItems: () => items, measureElement: notYet };
}
