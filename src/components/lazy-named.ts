/**
 * `React.lazy` for a named export: the module's chunk is fetched the first time the component
 * renders (a route or a tab opened), not with the page that can open it (issue 29). A chunk gone
 * after a deploy reloads the page once, as the areas' chunks do.
 *
 * It returns a plain function component around the lazy one: an area's page map is itself read
 * through `lazy` by the app shell, and a lazy component may not resolve to another lazy object.
 */
import { createElement, lazy, type ComponentProps, type ComponentType, type FunctionComponent } from 'react';
import { withChunkReload } from '../app/chunk-reload';

// `any` as in React's own `lazy<T extends ComponentType<any>>`: the props are the export's own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): FunctionComponent<ComponentProps<M[K]>> {
  const loadOnce = withChunkReload(load);
  const Lazy = lazy(() => loadOnce().then((m) => ({ default: m[name] })));
  const Named = (props: ComponentProps<M[K]>) => createElement(Lazy, props);
  Named.displayName = `Lazy(${String(name)})`;
  return Named;
}
