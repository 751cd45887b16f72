/**
 * Marks the document once a server-rendered page is hydrated (issue 29): `data-hydrated` on
 * `<html>` and the performance mark `qs-hydrated`, set in the same commit as the hydration itself,
 * so a test (or a tool) can tell the first client render from what the core changes afterwards,
 * and the scripts the page needed to hydrate from those it loaded after (the core's client).
 */
import { useLayoutEffect, type ReactNode } from 'react';

export const HYDRATED_MARK = 'qs-hydrated';

export function Hydrated({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    document.documentElement.dataset.hydrated = '1';
    performance.mark(HYDRATED_MARK);
  }, []);
  return children;
}
