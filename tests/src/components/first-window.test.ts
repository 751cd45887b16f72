/**
 * The rows a windowed list shows before its windowing library is in (issue 29) are the ones the
 * library itself shows first from the same window: a server-rendered list hydrates without the
 * library, and nothing moves or remounts when it takes over. Checked against the real library.
 */
import { describe, expect, it } from 'vitest';
import { Virtualizer, observeWindowOffset, observeWindowRect, windowScroll } from '@tanstack/react-virtual';
import { firstWindow, type WindowedOptions } from '../../../src/components/first-window';

function libraryFirst(o: WindowedOptions, scrollMargin: number, height: number, offset: number) {
  const v = new Virtualizer<Window, HTMLElement>({
    getScrollElement: () => window,
    observeElementRect: observeWindowRect,
    observeElementOffset: observeWindowOffset,
    scrollToFn: windowScroll,
    initialRect: { width: 375, height },
    initialOffset: offset,
    ...o,
    scrollMargin,
  });
  // Not mounted: what it renders before it has measured anything, as in the first render.
  return { items: v.getVirtualItems(), total: v.getTotalSize() };
}

const CASES: Array<[string, WindowedOptions, number, number, number]> = [
  ['match rows', { count: 120, estimateSize: () => 88, overscan: 4, getItemKey: (i) => `zq:${i}` }, 0, 812, 0],
  ['match rows under a header', { count: 120, estimateSize: () => 88, overscan: 4 }, 236, 812, 0],
  [
    'articles with a gap and padding',
    { count: 40, estimateSize: (i) => (i % 3 ? 96 : 240), overscan: 3, gap: 8, paddingStart: 12 },
    180,
    812,
    0,
  ],
  ['scrolled down', { count: 300, estimateSize: () => 64, overscan: 2 }, 40, 700, 5000],
  ['scrolled past the end', { count: 10, estimateSize: () => 64 }, 0, 700, 9000],
  ['one row', { count: 1, estimateSize: () => 64, overscan: 5 }, 0, 812, 0],
  ['no rows', { count: 0, estimateSize: () => 64, paddingStart: 10 }, 0, 812, 0],
];

describe('firstWindow', () => {
  it.each(CASES)('%s: the rows and height the library starts from', (_name, o, margin, height, offset) => {
    const mine = firstWindow(o, margin, height, offset);
    const lib = libraryFirst(o, margin, height, offset);
    expect(mine.getVirtualItems()).toEqual(lib.items);
    expect(mine.getTotalSize()).toBe(lib.total);
  });
});
