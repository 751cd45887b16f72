/**
 * Marks the document once a server-rendered page is hydrated (issue 29): `data-hydrated` on
 * `<html>`, set in the same commit as the hydration itself, so a test (or a tool) can tell the
 * first client render from what the core changes afterwards.
 */
import { useLayoutEffect, type ReactNode } from 'react';

export function Hydrated({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    document.documentElement.dataset.hydrated = '1';
  }, []);
  return children;
}
