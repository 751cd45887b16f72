import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from '../../server/static';
import { areaFiles, htmlWithPreloads, routePageFiles, withPage, type ViteManifest } from '../../server/route-preloads';

describe("the app HTML's content negotiation", () => {
  it('prefers brotli, then gzip, and honours q=0 refusals', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('BR')).toBe('br');
    expect(acceptedEncoding('gzip;q=0.0, br;q=0')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('per-area preloads from a build manifest', () => {
  const manifest: ViteManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, src: 'index.html', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-2.js' },
    '_row.js': { file: 'assets/row-3.js', css: ['assets/row-3.css'] },
    'src/pages/live/index.tsx': {
      file: 'assets/live-4.js',
      src: 'src/pages/live/index.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_react.js', '_row.js'],
    },
    'src/pages/user/index.tsx': {
      file: 'assets/user-5.js',
      src: 'src/pages/user/index.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_row.js'],
      css: ['assets/user-5.css'],
    },
  };

  it("lists each area's own files beyond the entry's", () => {
    const files = areaFiles(manifest);
    expect(files.get('live')).toEqual({ js: ['assets/live-4.js', 'assets/row-3.js'], css: ['assets/row-3.css'] });
    expect(files.get('user')).toEqual({
      js: ['assets/user-5.js', 'assets/row-3.js'],
      css: ['assets/user-5.css', 'assets/row-3.css'],
    });
  });

  it('writes the area preloads, the lead image and an embedded map that cannot close its script element', () => {
    const files = areaFiles(manifest);
    const html = htmlWithPreloads('<head></head>', files.get('live'), files, '/media/art/banner/1.svg');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/live-4.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/row-3.css">');
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/art/banner/1.svg">');
    expect(html).not.toContain('href="/assets/user-5.js"');
    const hostile = new Map([['live' as const, { js: ['</script><script>alert(1)</script>'], css: [] }]]);
    expect(htmlWithPreloads('<head></head>', undefined, hostile)).not.toContain('</script><script>');
  });

  it("preloads a lazily loaded page's chunk on its own route only (issue 29)", () => {
    const withDetail: ViteManifest = {
      ...manifest,
      'src/pages/live/index.tsx': {
        ...manifest['src/pages/live/index.tsx']!,
        dynamicImports: ['src/pages/live/ZqDetailPage.tsx'],
      },
      'src/pages/live/ZqDetailPage.tsx': {
        file: 'assets/ZqDetailPage-6.js',
        src: 'src/pages/live/ZqDetailPage.tsx',
        isDynamicEntry: true,
        imports: ['index.html', '_row.js', '_odds.js'],
        css: ['assets/detail-6.css'],
      },
      '_odds.js': { file: 'assets/odds-7.js' },
    };
    const areas = areaFiles(withDetail);
    const pages = routePageFiles(withDetail, areas);
    // Beyond the entry's and the area's files: the page's chunk and what only it imports.
    expect(pages.get('live/zq/detail')).toEqual({
      js: ['assets/ZqDetailPage-6.js', 'assets/odds-7.js'],
      css: ['assets/detail-6.css'],
    });
    // The list's HTML does not fetch the detail; the detail's fetches the area's and its own.
    const list = htmlWithPreloads('<head></head>', withPage(areas.get('live'), pages.get('live/hot')), areas);
    expect(list).not.toContain('ZqDetailPage');
    const detail = htmlWithPreloads('<head></head>', withPage(areas.get('live'), pages.get('live/zq/detail')), areas);
    expect(detail).toContain('<link rel="modulepreload" crossorigin href="/assets/live-4.js">');
    expect(detail).toContain('<link rel="modulepreload" crossorigin href="/assets/ZqDetailPage-6.js">');
    expect(detail).toContain('<link rel="modulepreload" crossorigin href="/assets/odds-7.js">');
    expect(detail).toContain('<link rel="preload" as="style" crossorigin href="/assets/detail-6.css">');
  });
});
