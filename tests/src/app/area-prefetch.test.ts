import { beforeEach, describe, expect, it } from 'vitest';
import { AREA_FILES_ELEMENT_ID } from '../../../workers/protocol/routes';
import { prefetchAreas, readAreaFiles } from '../../../src/app/area-prefetch';

const FILES = {
  vlive: { js: ['assets/vlive-A.js', 'assets/shared-B.js'], css: ['assets/vlive-C.css'] },
  user: { js: ['assets/user-D.js', 'assets/shared-B.js'], css: [] },
  live: { js: ['assets/live-E.js'], css: [] },
};

function page(map: unknown = FILES, already: string[] = []): void {
  document.head.innerHTML =
    `<script type="application/json" id="${AREA_FILES_ELEMENT_ID}">${JSON.stringify(map)}</script>` +
    already.map((f) => `<link rel="modulepreload" href="/${f}">`).join('');
}
const prefetchLinks = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => new URL(l.href).pathname);

describe('idle prefetch of other areas', () => {
  beforeEach(() => page());

  it('adds a prefetch link per file of the given areas, once, skipping what the page already loads', () => {
    page(FILES, ['assets/live-E.js']);
    const added = prefetchAreas(document, ['vlive', 'user', 'live'], { effectiveType: '4g' });
    expect(added).toEqual(['/assets/vlive-A.js', '/assets/shared-B.js', '/assets/vlive-C.css', '/assets/user-D.js']);
    expect(prefetchLinks()).toEqual(added);
    // Same request mode as the module loader, so the prefetched copy is the one used later.
    for (const l of document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')) expect(l.crossOrigin).toBe('');
    expect(prefetchAreas(document, ['vlive'], { effectiveType: '4g' })).toEqual([]);
  });

  it('prefetches nothing on 2G, slow 2G or with data saver', () => {
    expect(prefetchAreas(document, ['vlive', 'user'], { effectiveType: '2g' })).toEqual([]);
    expect(prefetchAreas(document, ['vlive', 'user'], { effectiveType: 'slow-2g' })).toEqual([]);
    expect(prefetchAreas(document, ['vlive', 'user'], { effectiveType: '4g', saveData: true })).toEqual([]);
    expect(prefetchLinks()).toEqual([]);
  });

  it("prefetches nothing when the page has no area map (the service worker's copy of index.html)", () => {
    document.head.innerHTML = '';
    expect(readAreaFiles(document)).toBeNull();
    expect(prefetchAreas(document, ['vlive'], undefined)).toEqual([]);
    page('not json' as unknown);
    document.getElementById(AREA_FILES_ELEMENT_ID)!.textContent = '{broken';
    expect(readAreaFiles(document)).toBeNull();
  });
});
