import { Suspense, lazy, type ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { REDIRECTS, ROUTES, isDelivered, type Area } from '../../workers/protocol/routes';

/** Route props every page receives: the matched params. */
export interface PageProps {
  params: Record<string, string | undefined>;
}
type AreaModule = { default: Record<string, ComponentType<PageProps>> };

/** One lazily loaded chunk per area. An area adds its loader when it lands. */
const AREA_LOADERS: Partial<Record<Area, () => Promise<AreaModule>>> = {};

const pages = ROUTES.filter(isDelivered).flatMap((route) => {
  const load = AREA_LOADERS[route.area];
  if (!load) return [];
  const Page = lazy(() => load().then((m) => ({ default: m.default[route.name] })));
  return [{ route, Page }];
});

export function App() {
  return (
    <Suspense fallback={<div role="status">加载中</div>}>
      <Switch>
        {REDIRECTS.map((r) => (
          <Route key={r.from} path={r.from}>
            <Redirect to={r.to} replace />
          </Route>
        ))}
        {pages.map(({ route, Page }) => (
          <Route key={route.name} path={route.pattern}>
            {(params) => <Page params={params as PageProps['params']} />}
          </Route>
        ))}
        <Route>404-页面不存在</Route>
      </Switch>
    </Suspense>
  );
}
