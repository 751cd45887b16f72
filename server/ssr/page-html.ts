/**
 * The HTML of a server-rendered page (issue 29): the route's index.html (with its preloads), its
 * first screen's CSS inline instead of render-blocking stylesheet requests, the rendered markup
 * in `#root`, and the seed the browser hydrates from. The page's other CSS (other areas, parts
 * opened later) comes with their chunks, after the first paint.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SSR_SEED_ELEMENT_ID } from './page-render';

/** Reads each CSS file once; `</style` can never appear in a built stylesheet, but is guarded. */
export function cssReader(distDir: string): (file: string) => string {
  const cache = new Map<string, string>();
  return (file) => {
    let css = cache.get(file);
    if (css === undefined) {
      css = fs.readFileSync(path.join(distDir, file), 'utf8').replace(/<\/style/gi, '<\\/style');
      cache.set(file, css);
    }
    return css;
  };
}

const ROOT = '<div id="root"></div>';

/**
 * `routeHtml` is the route's index.html; `cssFiles` the CSS of the entry and of the route's area
 * (in that order). Each stylesheet link or style preload of those files becomes one inline
 * `<style>` in the head (and a disabled link to the file). Split where the app goes: the head can leave before the page is rendered.
 */
export function pageFrame(
  routeHtml: string,
  cssFiles: readonly string[],
  readCss: (file: string) => string,
): { head: string; tail: string } {
  let html = routeHtml;
  for (const file of cssFiles) {
    const href = `/${file}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    html = html.replace(
      new RegExp(`<link rel="(?:stylesheet|preload" as="style)"[^>]*href="${href}"[^>]*>`, 'g'),
      () => '',
    );
  }
  // Each inline sheet keeps a link to its file, disabled (a disabled stylesheet link is not fetched):
  // Vite's loader, when a chunk that imports the CSS runs, looks for a stylesheet link with that
  // href and adds one (a request, the same CSS again) when it finds none. Without it a first view
  // fetched every inlined file a second time (issue 29: at most 30 requests).
  const styles = cssFiles
    .map((f) => `<style data-href="/${f}">${readCss(f)}</style><link rel="stylesheet" href="/${f}" disabled>`)
    .join('');
  html = html.replace('</head>', () => `${styles}</head>`);
  const at = html.indexOf(ROOT);
  return { head: html.slice(0, at), tail: html.slice(at + ROOT.length) };
}

/** Where the app goes: the rendered markup and its seed, or (no render) the empty root. */
export function pageRoot(rendered: { html: string; seed: string } | null): string {
  if (!rendered) return ROOT;
  const seed = `<script type="application/json" id="${SSR_SEED_ELEMENT_ID}">${rendered.seed}</script>`;
  return `<div id="root">${rendered.html}</div>${seed}`;
}

/** The whole page at once. */
export function pageHtml(
  routeHtml: string,
  cssFiles: readonly string[],
  readCss: (file: string) => string,
  rendered: { html: string; seed: string } | null,
): string {
  const { head, tail } = pageFrame(routeHtml, cssFiles, readCss);
  return head + pageRoot(rendered) + tail;
}
