/**
 * The news and community calls for views: `newsApi.list(type, cursor)` goes to the core's news
 * module (views never fetch); pages load them with `useLoad`.
 */
import type { NewsApi, NewsMethod } from '../../workers/core/modules/news';
import { getCore } from './get-core';

export const newsApi = new Proxy({} as NewsApi, {
  get:
    (_t, method: string) =>
    (...args: unknown[]) =>
      (getCore().news as (m: NewsMethod, ...a: unknown[]) => Promise<unknown>)(method as NewsMethod, ...args),
});
