/**
 * The one windowed-list setup (match rows, articles, posts, conversations, messages): the page
 * scrolls, only the rows near the viewport are in the DOM. The list element's offset in the page
 * (its scroll margin) is measured on mount and again whenever the page's layout changes above it.
 * Rows are placed with `translateY(start - margin)`: `offsetOf(v)`.
 *
 * The windowing library (@tanstack/virtual-core, 9 KB gzip, through @tanstack/react-virtual, which
 * re-exports it) loads after the first render (issue
 * 29: initial JavaScript ≤ 90 KB): until it is in, the list shows the rows of its first screen,
 * laid out as the library lays them out before it has measured anything (./first-window), so a
 * server-rendered list hydrates without it and nothing moves when it takes over. The hook does
 * what @tanstack/react-virtual's `useWindowVirtualizer` does (a hook cannot wait for a module),
 * over the same `Virtualizer`.
 */
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { VirtualItem, Virtualizer, VirtualizerOptions } from '@tanstack/react-virtual';
import { IS_SERVER, hasSeed } from '../core/ssr';
import { firstWindow, type FirstWindow, type WindowedOptions } from './first-window';

type VirtualCore = typeof import('@tanstack/react-virtual');
export type { VirtualItem };

/** The window a server render lays its list out for: a phone (375×812). */
const FIRST_SCREEN = { width: 375, height: 812 };

let loaded: VirtualCore | null = null;
let loading: Promise<VirtualCore> | null = null;
/** Loads the windowing library (once); the lists take over with it as soon as it is in. */
export function loadVirtualCore(): Promise<VirtualCore> {
  loading ??= import('@tanstack/react-virtual').then((m) => (loaded = m));
  loading.catch(() => (loading = null));
  return loading;
}

/** The library's module: null until it is in (first render of the tab's first list). */
function useVirtualCore(): VirtualCore | null {
  const [core, setCore] = useState(loaded);
  useEffect(() => {
    if (core) return;
    let live = true;
    loadVirtualCore().then(
      (m) => live && setCore(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [core]);
  return core;
}

type Options<E extends HTMLElement> = WindowedOptions &
  Omit<Partial<VirtualizerOptions<Window, E>>, keyof WindowedOptions>;

export function useWindowList<E extends HTMLElement>(options: Options<E>) {
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
  // starts from the same rows, then the list measures the real window. Otherwise the first rows
  // are the window's own. The library starts from the same window, so its first rows are these.
  const [start] = useState(() =>
    IS_SERVER || hasSeed()
      ? { rect: FIRST_SCREEN, offset: 0 }
      : { rect: { width: window.innerWidth, height: window.innerHeight }, offset: window.scrollY },
  );
  const core = useVirtualCore();
  const rerender = useReducer((n: number) => n + 1, 0)[1];
  const resolved = (c: VirtualCore): VirtualizerOptions<Window, E> => ({
    getScrollElement: () => window,
    observeElementRect: c.observeWindowRect,
    observeElementOffset: c.observeWindowOffset,
    scrollToFn: c.windowScroll,
    initialRect: start.rect,
    initialOffset: start.offset,
    ...options,
    scrollMargin: margin,
    // As @tanstack/react-virtual does: a scroll the library handles synchronously renders at once.
    onChange: (_v, sync) => (sync ? flushSync(rerender) : rerender()),
  });
  // One instance for the list's life, made when the library is in.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const instance = useMemo(() => (core ? new core.Virtualizer<Window, E>(resolved(core)) : null), [core]);
  if (core && instance) instance.setOptions(resolved(core));
  useLayoutEffect(() => instance?._didMount(), [instance]);
  useLayoutEffect(() => instance?._willUpdate());
  const virtualizer: Virtualizer<Window, E> | FirstWindow =
    instance ?? firstWindow(options, margin, start.rect.height, start.offset);
  return { ref, virtualizer, margin, offsetOf: (v: VirtualItem) => v.start - margin };
}
