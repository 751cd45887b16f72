import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * A window-scrolled, virtualised list's distance from the top of the document (the virtualiser's
 * `scrollMargin`), measured again whenever the page above it changes size.
 */
export function useScrollMargin<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
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
  return [ref, margin];
}
