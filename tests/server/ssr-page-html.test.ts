/**
 * The server-rendered page's HTML (issue 29): which routes are rendered, the loggedIn flag, the
 * first screen's CSS inline in place of its links, the markup in #root and a seed that can never
 * close its script element. The browser side is tests/e2e/ssr.e2e.ts.
 */
import { describe, expect, it } from 'vitest';
import { pageHtml } from '../../server/ssr/page-html';
import { loggedInCookie, rendersFor, ssrRouteOf } from '../../server/ssr/page-render';
import { serialiseSeed } from '../../src/core/ssr';

const INDEX = [
  '<html><head><script type="module" src="/assets/index-a.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/index-a.css">',
  '<link rel="preload" as="style" crossorigin href="/assets/live-b.css">',
  '<link rel="preload" as="style" crossorigin href="/assets/other-c.css">',
  '</head><body><div id="root"></div></body></html>',
].join('');

describe('server-rendered page HTML', () => {
  it('renders the main routes only, never a guarded one', () => {
    for (const url of [
      '/live/hot',
      '/live/zq',
      '/live/lq/1',
      '/live/zq/detail/7',
      '/vlive/0',
      '/news/1002',
      '/news/1006/3',
    ])
      expect(ssrRouteOf(url), url).not.toBeNull();
    for (const url of ['/database', '/proposal/rank', '/user', '/community/list?feed=new'])
      expect(ssrRouteOf(url), url).not.toBeNull();
    for (const url of ['/download', '/user/login', '/message', '/nope', '/', '/user/attention'])
      expect(ssrRouteOf(url), url).toBeNull();
  });

  it("renders the community list for visitors only (a signed-in user's shields are not the server's)", () => {
    const list = ssrRouteOf('/community/list')!;
    expect(rendersFor(list, false)).toBe(true);
    expect(rendersFor(list, true)).toBe(false);
    for (const url of ['/live/hot', '/user', '/news/1002']) expect(rendersFor(ssrRouteOf(url)!, true), url).toBe(true);
  });

  it('reads the loggedIn flag cookie, nothing else', () => {
    expect(loggedInCookie('a=1; loggedIn=1')).toBe(true);
    expect(loggedInCookie('loggedIn=0')).toBe(false);
    expect(loggedInCookie('xloggedIn=1')).toBe(false);
    expect(loggedInCookie(undefined)).toBe(false);
  });

  it('inlines the first screen CSS, places the markup and the seed', () => {
    const css: Record<string, string> = {
      'assets/index-a.css': 'body{margin:0}',
      'assets/live-b.css': '.x{color:red}',
    };
    const html = pageHtml(INDEX, ['assets/index-a.css', 'assets/live-b.css'], (f) => css[f]!, {
      html: '<div>$& $1 <!--$-->比分</div>',
      seed: '{"a":1}',
    });
    // Only a disabled link stays (never fetched): Vite's CSS loader finds it and adds none.
    for (const f of ['index-a', 'live-b']) {
      const links = html.match(new RegExp(`<link[^>]*href="/assets/${f}\\.css"[^>]*>`, 'g'));
      expect(links, f).toEqual([`<link rel="stylesheet" href="/assets/${f}.css" disabled>`]);
    }
    // Another area's preload is left as it was.
    expect(html).toContain('href="/assets/other-c.css"');
    expect(html).toContain('<style data-href="/assets/index-a.css">body{margin:0}</style>');
    expect(html).toContain('<style data-href="/assets/live-b.css">.x{color:red}</style>');
    // `$` patterns in the markup are text, not replacement patterns.
    expect(html).toContain('<div id="root"><div>$& $1 <!--$-->比分</div></div>');
    expect(html).toContain('<script type="application/json" id="qs-ssr-seed">{"a":1}</script>');
  });

  it('serialises the seed so that no value can close its script element', () => {
    const seed = serialiseSeed({
      path: '/news/1002',
      loggedIn: false,
      port: '',
      bannerHidden: false,
      requests: { x: { code: 200, msg: '</script><script>alert(1)</script>', data: '\u2028' } },
      loads: {},
      streams: {},
    });
    expect(seed).not.toContain('<');
    expect(seed).not.toContain('\u2028');
    expect((JSON.parse(seed) as { requests: { x: { msg: string } } }).requests.x.msg).toBe(
      '</script><script>alert(1)</script>',
    );
  });
});
