/**
 * The download banner on a server-rendered page (issue 29): the server leaves it out for the
 * native shell and for a banner closed today (its cookie), the browser's first render is the
 * server's decision (no hydration mismatch), and its own rules apply once mounted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BANNER_HIDE_COOKIE, hideBannerForToday } from '../../../src/app/download-banner-flag';
import { serverRenderFor } from '../../../src/core/server-core';
import { SSR_SEED_ELEMENT_ID, type SsrSeed } from '../../../src/core/ssr';

const tomorrow = () => new Date(Date.now() + 86_400_000).getTime();
const seedFor = (cookie: string, userAgent: string) =>
  serverRenderFor({
    url: '/user',
    loggedIn: false,
    port: '',
    cookie,
    userAgent,
    fetch: () => Promise.reject(new Error('no request is made')),
  }).seed;

/**
 * Puts the seed in the document and loads the banner afresh (the seed is read once per page
 * load): its first render as hydration sees it (renderToString runs no effect), and the text of
 * the banner once mounted.
 */
async function withSeed(seed: SsrSeed): Promise<{ first: string; mounted: () => Promise<string> }> {
  window.history.replaceState(null, '', seed.path);
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = SSR_SEED_ELEMENT_ID;
  el.textContent = JSON.stringify(seed);
  document.body.append(el);
  vi.resetModules();
  const { createElement } = await import('react');
  const { renderToString } = await import('react-dom/server');
  const { createRoot } = await import('react-dom/client');
  const { act } = await import('react');
  const { ShellBanner } = await import('../../../src/app/ShellBanner');
  const banner = () => createElement(ShellBanner, { appName: '球赛' });
  return {
    first: renderToString(banner()),
    async mounted() {
      const host = document.createElement('div');
      document.body.append(host);
      const root = createRoot(host);
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
      await act(async () => root.render(banner()));
      const text = host.innerHTML;
      await act(async () => root.unmount());
      host.remove();
      return text;
    },
  };
}

afterEach(() => {
  document.getElementById(SSR_SEED_ELEMENT_ID)?.remove();
  localStorage.clear();
  document.cookie = `${BANNER_HIDE_COOKIE}=; path=/; expires=${new Date(0).toUTCString()}`;
});

describe('the download banner on a server-rendered page', () => {
  it('the server leaves it out in the native shell and when closed today, and shows it otherwise', () => {
    expect(seedFor('', 'Mozilla/5.0 (Linux; Android 14) Mobile').bannerHidden).toBe(false);
    expect(seedFor('', 'Mozilla/5.0 (Linux; Android 14) Mobile QiusaiApp/2.3.1').bannerHidden).toBe(true);
    expect(seedFor(`loggedIn=1; ${BANNER_HIDE_COOKIE}=${tomorrow()}`, 'Mozilla/5.0').bannerHidden).toBe(true);
    expect(seedFor(`${BANNER_HIDE_COOKIE}=${Date.now() - 1}`, 'Mozilla/5.0').bannerHidden).toBe(false);
  });

  it("the browser's first render is the server's, then its own rules apply", async () => {
    // The server showed it; this browser closed it today (before the cookie existed): the first
    // render still matches the HTML, and the banner goes once mounted.
    localStorage.setItem('qs:download-banner-hidden-until', String(tomorrow()));
    const page = await withSeed(seedFor('', 'Mozilla/5.0'));
    expect(page.first).toContain('qs-banner');
    expect(await page.mounted()).toBe('');
  });

  it('a page the server rendered without it (closed today) never shows it', async () => {
    hideBannerForToday(localStorage, Date.now());
    const page = await withSeed(seedFor(document.cookie, 'Mozilla/5.0'));
    expect(page.first).toBe('');
    expect(await page.mounted()).toBe('');
  });

  it('a cached page rendered without it shows it again once the day is over', async () => {
    const page = await withSeed({ ...seedFor('', 'Mozilla/5.0'), bannerHidden: true });
    expect(page.first).toBe('');
    expect(await page.mounted()).toContain('qs-banner');
  });
});
