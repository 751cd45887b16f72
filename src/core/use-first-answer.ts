/**
 * The first answer of a page's load, when the page was rendered on the server (issue 29): the
 * server waits for it and renders with it; the browser, hydrating that HTML, gets the same answer
 * from the page's seed (found by the hook's place in the tree, React's `useId`). Undefined when
 * there is none: the hook then loads as it always did.
 */
import { use, useId } from 'react';
import type { Envelope } from '../../workers/protocol/envelope';
import { seededLoad, serverRender } from './ssr';

export function useFirstAnswer<T>(load: (() => Promise<Envelope<T>>) | null): Envelope<T> | undefined {
  const id = useId();
  const server = serverRender();
  if (!load) return undefined;
  if (server) return use(server.load(id, load as () => Promise<Envelope<unknown>>)) as Envelope<T>;
  return seededLoad<T>(id);
}
