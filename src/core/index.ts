/**
 * The views' only door to the core (house rule 1): `getCore()` for calls, hooks for streams.
 *
 *   const core = getCore();
 *   const env = await core.request({ path: LivePaths.zqOdds, params: { id }, query: { type: 1 } });
 *   const row = useMatch(id, 'zq');
 */
export { getCore } from './get-core';
export type { CoreFront } from './core-front';
export * from './hooks';
export { useCoreRequest, type RequestState } from './use-core-request';
export { saveListFilter, loadListFilter, clearListFilter, filterCookieExpiry } from './filter-cookie';
export { readLoggedInCookie } from './auth-cookie';
export * from './format';
export type * from '../../workers/core/api';
export { DEFAULT_LIVE_SETTINGS } from '../../workers/core/api';
export { usePagedLoad, type PagedLoad, type PageOf } from './use-paged-load';
export { newsApi } from './news';
export { useLoad, type Loaded, type LoadOptions } from './use-load';
