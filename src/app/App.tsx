import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import {
  REDIRECTS,
  ROUTES,
  chunkAreaOf,
  isDelivered,
  matchRoute,
  type Area,
  type RouteDef,
} from '../../workers/protocol/routes';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { Toast } from '../components/Toast';
import { useExceptions, useNavigationEvents, useReminders, useSession } from '../core/hooks';
import { showToast, ui } from '../state/ui';
import { AppLayout } from './AppLayout';
import { withChunkReload } from './chunk-reload';
import { IS_SERVER } from '../core/ssr';
import { prefetchAreas } from './area-prefetch';
import { currentConnection } from './connection-hints';
import { ErrorBoundary } from './ErrorBoundary';
import { guardRedirect } from './guards';
import { paths } from './paths';
import { withParamDefaults } from './route-params';
import { ShellErrorPage } from './ShellErrorPage';
import { raiseSystemNotification } from './system-notification';
import { tabItemsForPort } from './tab-bar-items';

/** Route props every page receives: the matched params (optional ones filled with their defaults). */
export interface PageProps {
  params: Record<string, string | undefined>;
}
type AreaModule = { default: Record<string, ComponentType<PageProps>> };
type Loader = () => Promise<AreaModule>;

/** One lazily loaded chunk per area. An area adds its loader when it lands. */
const AREA_LOADERS: Partial<Record<Area, Loader>> = {
  shell: () => import('../pages/shell/index'),
  download: () => import('../pages/download/index'),
  agreement: () => import('../pages/agreement/index'),
  user: () => import('../pages/user/index'),
  vlive: () => import('../pages/vlive/index'),
  live: () => import('../pages/live/index'),
  news: () => import('../pages/news/index'),
  community: () => import('../pages/community/index'),
  activity: () => import('../pages/activity/index'),
  chatgpt: () => import('../pages/chatgpt/index'),
  database: () => import('../pages/database/index'),
  proposal: () => import('../pages/proposal/index'),
  message: () => import('../pages/message/index'),
};

/** Single routes delivered ahead of their area live in another area's chunk (chunkAreaOf). */
function loaderFor(route: RouteDef): Loader | undefined {
  const load = AREA_LOADERS[chunkAreaOf(route)];
  // The server's render (issue 29) imports its own build's chunks: no tab to reload.
  return load && (IS_SERVER ? load : withChunkReload(load));
}

/** Area modules already loaded (preloadPage): their pages render without suspending. */
const loadedAreas = new Map<Area, AreaModule>();

const pages = ROUTES.filter(isDelivered).flatMap((route) => {
  const load = loaderFor(route);
  if (!load) return [];
  const pick = (m: AreaModule) => {
    const page = m.default[route.name];
    if (!page) throw new Error(`area ${route.area} has no page for ${route.name}`);
    return { default: page };
  };
  const Page = lazy(() => {
    const ready = loadedAreas.get(chunkAreaOf(route));
    // A settled thenable: React's lazy reads it at once, so a hydrated page never suspends.
    type PageModule = { default: ComponentType<PageProps> };
    if (ready) return { then: (resolve: (m: PageModule) => void) => resolve(pick(ready)) } as Promise<PageModule>;
    return load().then(pick);
  });
  return [{ route, Page }];
});

/**
 * Loads the page's area before a server-rendered page is hydrated (issue 29): the whole page
 * then hydrates in one pass, with no moment where part of it waits for its code.
 */
export async function preloadPage(path: string): Promise<void> {
  const target = REDIRECTS.find((r) => r.from === path)?.to ?? path;
  const route = matchRoute(target);
  const load = route && isDelivered(route) ? loaderFor(route) : undefined;
  if (!route || !load) return;
  loadedAreas.set(chunkAreaOf(route), await load());
}

function RoutePage({
  route,
  Page,
  params,
}: {
  route: RouteDef;
  Page: ComponentType<PageProps>;
  params: PageProps['params'];
}) {
  const session = useSession();
  const redirect = guardRedirect(route.guard, session.loggedIn);
  if (redirect) return <Redirect to={redirect} replace />;
  return (
    <AppLayout layout={route.layout} routeName={route.name}>
      <Suspense fallback={<LoadingOverlay />}>
        <Page params={withParamDefaults(route.name, params)} />
      </Suspense>
    </AppLayout>
  );
}

/**
 * Warms the areas behind the tab bar once the page has loaded and the main thread is idle, unless
 * on 2G / data saver: prefetch links only, so no other area's code runs before it is needed.
 */
function usePrefetchTabAreas(): void {
  useEffect(() => {
    const run = () => {
      const areas = tabItemsForPort(window.location.port).flatMap((tab) => {
        const route = matchRoute(tab.href);
        return route && isDelivered(route) ? [chunkAreaOf(route)] : [];
      });
      prefetchAreas(document, areas, currentConnection());
    };
    const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback;
    const schedule = () => (idle ? idle(run) : setTimeout(run, 1500));
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => window.removeEventListener('load', schedule);
  }, []);
}

const REMINDER_TOAST_MS = 6000;

function ShellEffects() {
  const [location, navigate] = useLocation();
  useExceptions((e) => {
    if (e.msg) showToast(e.msg);
  });
  useNavigationEvents((e) => {
    if (e.kind === 'redirect-home') navigate(paths.home, { replace: true });
  });
  // A reserved broadcast started: a notice in every tab; the one tab the core picked also
  // raises the system notification, where the user allowed notifications.
  useReminders((r) => {
    showToast(`${r.title}：${r.text}`, REMINDER_TOAST_MS);
    if (r.system) raiseSystemNotification(r, (path) => navigate(path));
  });
  // Braces matter: Chromium's scrollTo returns a Promise, which React would take for a clean-up.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  usePrefetchTabAreas();
  return null;
}

function Overlays() {
  const snap = useSnapshot(ui);
  return (
    <>
      {snap.loadingCount > 0 && <LoadingOverlay />}
      {snap.toast && <Toast key={snap.toast.id} text={snap.toast.text} />}
    </>
  );
}

export function App() {
  const [location] = useLocation();
  return (
    <>
      <ShellEffects />
      <ErrorBoundary key={location} fallback={() => <ShellErrorPage statusCode={500} />}>
        <Switch>
          {REDIRECTS.map((r) => (
            <Route key={r.from} path={r.from}>
              <Redirect to={r.to} replace />
            </Route>
          ))}
          {pages.map(({ route, Page }) => (
            <Route key={route.name} path={route.pattern}>
              {(params) => <RoutePage route={route} Page={Page} params={params as PageProps['params']} />}
            </Route>
          ))}
          <Route>
            <AppLayout layout="default" routeName="404">
              <ShellErrorPage statusCode={404} />
            </AppLayout>
          </Route>
        </Switch>
      </ErrorBoundary>
      <Overlays />
    </>
  );
}
