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

/**
 * `routeHtml` is the route's index.html; `cssFiles` the CSS of the entry and of the route's area
 * (in that order). Each stylesheet link or style preload of those files becomes one inline
 * `<style>` in the head.
 */
export function pageHtml(
  routeHtml: string,
  cssFiles: readonly string[],
  readCss: (file: string) => string,
  rendered: { html: string; seed: string },
): string {
  let html = routeHtml;
  for (const file of cssFiles) {
    const href = `/${file}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    html = html.replace(
      new RegExp(`<link rel="(?:stylesheet|preload" as="style)"[^>]*href="${href}"[^>]*>`, 'g'),
      () => '',
    );
  }
  const styles = cssFiles.map((f) => `<style data-href="/${f}">${readCss(f)}</style>`).join('');
  html = html.replace('</head>', () => `${styles}</head>`);
  const seed = `<script type="application/json" id="${SSR_SEED_ELEMENT_ID}">${rendered.seed}</script>`;
  // A function, so no `$` in the markup is read as a replacement pattern.
  return html.replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>${seed}`);
}
