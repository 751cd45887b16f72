/**
 * Per-route preloads from Vite's build manifest (`dist/.vite/manifest.json`).
 *
 * The built index.html preloads only what the entry imports statically. Each area's pages are a
 * lazily imported chunk, which the browser would discover only after the entry ran: a waterfall
 * on a phone. So the server answers each route's HTML with `modulepreload` links for that route's
 * own area chunk and its static imports (and a style preload for their CSS), and nothing of any
 * other area. It also embeds the map of every area's files, which the client's idle prefetch
 * reads (on fast connections only) instead of executing other areas' code.
 */
import { AREA_FILES_ELEMENT_ID, type Area } from '../workers/protocol/routes';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export interface AreaFiles {
  js: string[];
  css: string[];
}

const AREA_SOURCE = /^src\/pages\/([^/]+)\/index\.tsx?$/;

/** A chunk's file and its static imports' files, transitively (what loading it fetches). */
export function staticClosure(manifest: ViteManifest, key: string): AreaFiles {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(key);
  return { js: [...js], css: [...css] };
}

/** The app's entry (index.html's script). */
export function entryKey(manifest: ViteManifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('.html'));
  const fallback = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const found = key ?? fallback;
  if (!found) throw new Error('the build manifest has no entry');
  return found;
}

/**
 * Files each area's chunk needs beyond what the entry already loads (index.html preloads those),
 * keyed by area name (`src/pages/<area>/index.tsx` is the area's chunk).
 */
export function areaFiles(manifest: ViteManifest): Map<Area, AreaFiles> {
  const entry = staticClosure(manifest, entryKey(manifest));
  const map = new Map<Area, AreaFiles>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const m = AREA_SOURCE.exec(chunk.src ?? key);
    if (!m || !chunk.isDynamicEntry) continue;
    const own = staticClosure(manifest, key);
    map.set(m[1] as Area, {
      js: own.js.filter((f) => !entry.js.includes(f)),
      css: own.css.filter((f) => !entry.css.includes(f)),
    });
  }
  return map;
}

/**
 * Pages an area loads on their own when opened (`lazyNamed` in the area's index), by route name.
 * Their HTML preloads the page's chunk as well as the area's, so opening one directly is not a
 * waterfall; the area's other routes never load them (issue 29).
 */
export const ROUTE_PAGE_SOURCES: Readonly<Record<string, string>> = {
  'live/hot': 'src/pages/live/HotPage.tsx',
  'live/zq/type': 'src/pages/live/ListPage.tsx',
  'live/lq/type': 'src/pages/live/ListPage.tsx',
  'news/type': 'src/pages/news/NewsListPage.tsx',
  'live/zq/detail': 'src/pages/live/ZqDetailPage.tsx',
  'live/lq/detail': 'src/pages/live/LqDetailPage.tsx',
  'live/ai': 'src/pages/live/AiPages.tsx',
  'live/ai/list': 'src/pages/live/AiPages.tsx',
  'vlive/detail': 'src/pages/vlive/RoomPage.tsx',
  'news/detail': 'src/pages/news/ArticlePage.tsx',
  'community/detail': 'src/pages/community/PostPage.tsx',
  'community/qdetail': 'src/pages/community/CirclePage.tsx',
  'user/login': 'src/pages/user/LoginPage.tsx',
  'user/register': 'src/pages/user/RegisterPage.tsx',
  'user/password': 'src/pages/user/RetrievePasswordPage.tsx',
  'user/changePassWord': 'src/pages/user/ChangePasswordPage.tsx',
  'user/nickname': 'src/pages/user/NicknamePage.tsx',
  'user/infor': 'src/pages/user/InforPage.tsx',
  'user/certification': 'src/pages/user/CertificationPage.tsx',
  'user/set': 'src/pages/user/SetPage.tsx',
  'user/attention': 'src/pages/user/ListPages.tsx',
  'user/match': 'src/pages/user/ListPages.tsx',
  'user/history': 'src/pages/user/ListPages.tsx',
  'user/message': 'src/pages/user/ListPages.tsx',
  'user/authorHome': 'src/pages/user/ListPages.tsx',
  'user/community': 'src/pages/user/CommunityPage.tsx',
  'user/proposal': 'src/pages/user/ContentPages.tsx',
  'user/question': 'src/pages/user/HelpPages.tsx',
  'user/doubt': 'src/pages/user/HelpPages.tsx',
  'user/opinion': 'src/pages/user/HelpPages.tsx',
  'user/recharge': 'src/pages/user/RechargePage.tsx',
  'user/anchor': 'src/pages/user/AnchorConsolePage.tsx',
};

/** Each lazily loaded page's files beyond its area's and the entry's, by route name. */
export function routePageFiles(manifest: ViteManifest, areas: Map<Area, AreaFiles>): Map<string, AreaFiles> {
  const entry = staticClosure(manifest, entryKey(manifest));
  const map = new Map<string, AreaFiles>();
  for (const [route, source] of Object.entries(ROUTE_PAGE_SOURCES)) {
    if (!manifest[source]) continue;
    const area = areas.get(route.split('/')[0] as Area);
    const own = staticClosure(manifest, source);
    map.set(route, {
      js: own.js.filter((f) => !entry.js.includes(f) && !area?.js.includes(f)),
      css: own.css.filter((f) => !entry.css.includes(f) && !area?.css.includes(f)),
    });
  }
  return map;
}

/** An area's files and, when the route has its own page chunk, that page's files after them. */
export function withPage(area: AreaFiles | undefined, page: AreaFiles | undefined): AreaFiles | undefined {
  if (!page) return area;
  return { js: [...(area?.js ?? []), ...page.js], css: [...(area?.css ?? []), ...page.css] };
}

/** Inserts the area's preloads (and its lead image's), and the embedded area map, before `</head>`. */
export function htmlWithPreloads(
  html: string,
  files: AreaFiles | undefined,
  all: Map<Area, AreaFiles>,
  leadImage: string | null = null,
): string {
  const links = [
    ...(leadImage ? [`<link rel="preload" as="image" fetchpriority="high" href="${leadImage}">`] : []),
    ...(files?.js ?? []).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...(files?.css ?? []).map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
  ];
  // Only file names go in, and `<` is escaped, so the JSON can never close the script element.
  const map = JSON.stringify(Object.fromEntries(all)).replace(/</g, '\\u003c');
  const embed = `<script type="application/json" id="${AREA_FILES_ELEMENT_ID}">${map}</script>`;
  return html.replace('</head>', `${links.join('')}${embed}</head>`);
}
