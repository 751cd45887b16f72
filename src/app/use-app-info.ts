/**
 * App info (name, host, download packages) from the server, through the core's REST client and
 * offline store: the stored answer shows at once on a cold start, the fresh one replaces it.
 * Shared by the banner and the download pages; fetched once per tab.
 */
import { use, useSyncExternalStore } from 'react';
import { SystemPaths, type AppInfo } from '../../workers/protocol/api/system';
import { getCore } from '../core/get-core';
import { seededRequest, serverRender } from '../core/ssr';
import type { Envelope } from '../../workers/protocol/envelope';

export type AppInfoState = { status: 'loading' | 'ready' | 'failed'; info: AppInfo | null; msg: string };

const REQUEST = { path: SystemPaths.appInfo, offline: true } as const;

/** A server-rendered page carries the answer (issue 29): it is the state from the start. */
const fromAnswers = new WeakMap<Envelope<AppInfo>, AppInfoState>();
function stateOf(env: Envelope<AppInfo> | undefined): AppInfoState | null {
  if (!env || env.code !== 200) return null;
  let s = fromAnswers.get(env);
  if (!s) fromAnswers.set(env, (s = { status: 'ready', info: env.data, msg: '' }));
  return s;
}

let state: AppInfoState = stateOf(seededRequest<AppInfo>(REQUEST)) ?? { status: 'loading', info: null, msg: '' };
let started = false;
const listeners = new Set<() => void>();

function set(next: AppInfoState): void {
  state = next;
  for (const l of listeners) l();
}

async function load(): Promise<void> {
  const core = getCore();
  const req = REQUEST;
  try {
    const cached = await core.cachedRequest<AppInfo>(req);
    if (cached && cached.code === 200 && state.status !== 'ready') set({ status: 'ready', info: cached.data, msg: '' });
  } catch {
    // No stored answer yet: wait for the network.
  }
  try {
    const fresh = await core.request<AppInfo>(req);
    if (fresh.code === 200) set({ status: 'ready', info: fresh.data, msg: '' });
    else if (state.status !== 'ready') set({ status: 'failed', info: null, msg: fresh.msg });
  } catch (e) {
    if (state.status !== 'ready')
      set({ status: 'failed', info: null, msg: e instanceof Error ? e.message : String(e) });
  }
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  if (!started) {
    started = true;
    void load();
  }
  return () => listeners.delete(onChange);
}

export function useAppInfo(): AppInfoState {
  const server = serverRender();
  const rendered = server ? stateOf(use(server.request(REQUEST)) as Envelope<AppInfo>) : null;
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => rendered ?? state,
  );
}
