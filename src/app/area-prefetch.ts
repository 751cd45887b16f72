/**
 * Idle prefetch of the tab bar's other areas, on fast connections only (spec: none on 2G or with
 * data saver). It adds `<link rel="prefetch">` for the files the server listed in the page
 * (AREA_FILES_ELEMENT_ID): the browser fetches them at idle priority into its cache and runs
 * nothing, so the first screen keeps the main thread. The service worker's copy of index.html
 * has no list; those visits prefetch nothing (the areas already used sit in its chunk cache).
 */
import { AREA_FILES_ELEMENT_ID, type Area } from '../../workers/protocol/routes';
import { shouldPrefetch, type NetworkInformationLike } from './connection-hints';

export type AreaFilesMap = Partial<Record<Area, { js: string[]; css: string[] }>>;

export function readAreaFiles(doc: Document): AreaFilesMap | null {
  const el = doc.getElementById(AREA_FILES_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as AreaFilesMap;
  } catch {
    return null;
  }
}

/** Adds prefetch links for these areas' files not already in the page; returns the hrefs added. */
export function prefetchAreas(
  doc: Document,
  areas: readonly Area[],
  connection: NetworkInformationLike | undefined | null,
): string[] {
  if (!shouldPrefetch(connection)) return [];
  const files = readAreaFiles(doc);
  if (!files) return [];
  const present = new Set(
    [...doc.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[href], script[src]')].map(
      (el) => new URL(el instanceof HTMLLinkElement ? el.href : el.src, doc.baseURI).pathname,
    ),
  );
  const added: string[] = [];
  for (const area of areas) {
    const own = files[area];
    if (!own) continue;
    for (const file of [...own.js, ...own.css]) {
      const href = `/${file}`;
      if (present.has(href)) continue;
      present.add(href);
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      // Same request mode as the module loader and Vite's CSS links, so the cached copy is used.
      link.crossOrigin = '';
      doc.head.appendChild(link);
      added.push(href);
    }
  }
  return added;
}
