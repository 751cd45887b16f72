/**
 * The server's entry (issue 29): renders the SAME app the browser runs, for one URL, with the
 * answers of the server's own REST routes, and returns the HTML and the seed the browser
 * hydrates from. Built by Vite's SSR build (`vite build --ssr`) into dist-ssr/; server/ssr/ loads
 * it. Nothing here runs in the browser.
 */
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { Router } from 'wouter';
import { App, preloadPage } from './app/App';
import { Hydrated } from './app/Hydrated';
import { serialiseSeed, setServerRenderSource, type ServerRender } from './core/ssr';
import { serverRenderFor, type ServerRenderInput } from './core/server-core';

export interface RenderInput extends ServerRenderInput {
  /** Gives up (the caller serves the plain app) after this long. */
  timeoutMs?: number;
}

export interface Rendered {
  /** The app's markup, for `<div id="root">`. */
  html: string;
  /** The seed's JSON, already safe inside a script element. */
  seed: string;
}

/** Node's AsyncLocalStorage, handed in by the server (this file is typed without Node's types). */
export interface RenderScope {
  run<R>(store: ServerRender, fn: () => R): R;
  getStore(): ServerRender | undefined;
}

let scope: RenderScope | null = null;

/** Called once by the server: each render's context follows its own async work. */
export function setRenderScope(storage: RenderScope): void {
  scope = storage;
  setServerRenderSource(() => storage.getStore());
}

export async function render(input: RenderInput): Promise<Rendered> {
  if (!scope) throw new Error('setRenderScope was not called');
  const ctx = serverRenderFor(input);
  const [path, search = ''] = input.url.split('?');
  let failure: unknown = null;
  const stream = await scope.run(ctx, () =>
    renderToReadableStream(
      <StrictMode>
        <Router ssrPath={path} ssrSearch={search}>
          <Hydrated>
            <App />
          </Hydrated>
        </Router>
      </StrictMode>,
      {
        signal: AbortSignal.timeout(input.timeoutMs ?? 3000),
        // Every boundary in place in the one document: the page's policy runs no inline script,
        // so React's out-of-order segments (and the script that moves them) must not be used.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        // Any error (a boundary would render the client's fallback) fails the render: the
        // caller then serves the plain app, which renders in the browser as before.
        onError(err) {
          failure ??= err;
        },
      },
    ),
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return { html, seed: serialiseSeed(ctx.seed) };
}

/** Loads the pages' code ahead of the first request (server start), so no render waits for it. */
export async function warm(paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((p) => preloadPage(p)));
}
