/**
 * The app shell in Chromium at 375×812 against the real server: redirects, 404 (status + page),
 * the tab bar on port 8008 and elsewhere, the download banner, download and agreement pages.
 * Screenshots land in tests/e2e/screenshots/shell-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  collectErrors,
  launchBrowser,
  newPhonePage,
  screenshot,
  startServer,
  type RunningServer,
} from '../helpers/e2e';

let server: RunningServer;
/** A second server on 8008: the port where the tab bar shows 消息 instead of ChatGPT. */
let on8008: RunningServer;
let browser: Browser;

// A new PGlite database is created and seeded per server; on a busy machine that takes minutes.
beforeAll(async () => {
  [server, on8008, browser] = await Promise.all([startServer(), startServer({ port: 8008 }), launchBrowser()]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), on8008?.stop()]);
});

async function tabNames(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: '底部导航' });
  await nav.waitFor();
  return nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? ''));
}

describe('redirects', () => {
  it('/ goes to /vlive/0 and /news to /news/1002', async () => {
    const page = await newPhonePage(browser);
    await page.goto(server.url + '/');
    await page.waitForURL('**/vlive/0');
    await page.goto(server.url + '/news');
    await page.waitForURL('**/news/1002');
    // The 头条 list is there, not just the URL: seeded articles with their DOM hook.
    await page.waitForSelector('[data-article-id] h3', { timeout: 15_000 });
    expect(await page.locator('[data-article-id]').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('unknown routes', () => {
  it('answer HTTP 404 and show the error page, which then goes home', async () => {
    const page = await newPhonePage(browser);
    const errors = collectErrors(page);
    const res = await page.goto(server.url + '/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404-页面不存在' }).textContent()).resolves.toBe('404-页面不存在');
    await page.getByText(/秒后自动返回首页/).waitFor();
    await screenshot(page, 'shell-404');
    expect(await page.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    // After the countdown it leaves for home (→ /vlive/0).
    await page.waitForURL((u) => !u.pathname.startsWith('/no/such'), { timeout: 8000 });
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.context().close();
  });

  it('answers 200 for a delivered page and 404 for /404 itself', async () => {
    expect((await fetch(server.url + '/download')).status).toBe(200);
    expect((await fetch(server.url + '/user/agreement/yhxy')).status).toBe(200);
    expect((await fetch(server.url + '/404')).status).toBe(404);
  });
});

describe('download banner and tab bar', () => {
  it('on a port other than 8008 the tab bar ends ChatGPT, 我的; the banner shows and closes until the end of the day', async () => {
    const page = await newPhonePage(browser);
    const errors = collectErrors(page);
    await page.goto(server.url + '/user');
    expect(await tabNames(page)).toEqual(['比赛', '头条', '直播', 'ChatGPT', '我的']);
    const mine = page.getByRole('navigation', { name: '底部导航' }).getByRole('link', { name: '我的' });
    expect(await mine.getAttribute('aria-current')).toBe('page');
    expect(await mine.evaluate((a) => getComputedStyle(a).color)).toBe('rgb(138, 97, 0)'); // the gold darkened to WCAG AA on white
    const banner = page.getByRole('complementary', { name: '下载APP' });
    await banner.getByText('球赛直播').waitFor();
    await banner.getByText('顶级体育赛事直播APP').waitFor();
    await screenshot(page, 'shell-tabbar-other-port');

    await banner.getByRole('link', { name: '立即下载' }).click();
    await page.waitForURL('**/download');
    await page.goBack();
    await page.getByRole('button', { name: '关闭下载提示' }).click();
    await expect(banner.count()).resolves.toBe(0);
    await page.reload();
    await page.getByRole('navigation', { name: '底部导航' }).waitFor();
    await expect(page.getByRole('complementary', { name: '下载APP' }).count()).resolves.toBe(0);
    const until = Number(await page.evaluate(() => localStorage.getItem('qs:download-banner-hidden-until')));
    const midnight = await page.evaluate(() => {
      const d = new Date();
      d.setHours(24, 0, 0, 0);
      return d.getTime();
    });
    expect(until).toBe(midnight);
    // The server reads the same flag from its cookie: the page's HTML comes without the banner,
    // so it does not flash before hydration (issue 29).
    const html = await (await page.request.get(server.url + '/user')).text();
    expect(html).toContain('id="qs-ssr-seed"');
    expect(html).not.toContain('class="qs-banner"');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the native shell's HTML has no banner, and an installed app's CSS hides it before any script", async () => {
    // No JavaScript at all: what the server sent and the CSS is all there is.
    const shell = await newPhonePage(browser, {
      javaScriptEnabled: false,
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile QiusaiApp/2.3.1',
    });
    await shell.goto(server.url + '/user');
    await shell.getByRole('navigation', { name: '底部导航' }).waitFor();
    expect(await shell.locator('.qs-banner').count()).toBe(0);
    await shell.context().close();

    const visitor = await newPhonePage(browser, { javaScriptEnabled: false });
    await visitor.goto(server.url + '/user');
    expect(await visitor.locator('.qs-banner').isVisible()).toBe(true);
    // Chromium cannot emulate display-mode: the first screen's inline CSS holds the rule instead.
    const hidden = await visitor.evaluate(() =>
      [...document.querySelectorAll('style')].some((style) =>
        [...(style.sheet?.cssRules ?? [])].some(
          (r) =>
            r instanceof CSSMediaRule &&
            r.conditionText.replace(/\s/g, '') === '(display-mode:standalone)' &&
            [...r.cssRules].some(
              (inner) =>
                inner instanceof CSSStyleRule && inner.selectorText === '.qs-banner' && inner.style.display === 'none',
            ),
        ),
      ),
    );
    expect(hidden).toBe(true);
    await visitor.context().close();
  });

  it('hides the banner in an installed home-screen app', async () => {
    const page = await newPhonePage(browser);
    await page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
    await page.goto(server.url + '/user');
    await page.getByRole('navigation', { name: '底部导航' }).waitFor();
    // /user is rendered on the server, which cannot tell an installed app: its HTML holds the
    // banner and the page drops it once hydrated (a transition, so not at once).
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect.poll(() => page.getByRole('complementary', { name: '下载APP' }).count(), { timeout: 5_000 }).toBe(0);
    await page.context().close();
  });

  it('on port 8008 the tab bar ends 消息, 我的', async () => {
    const page = await newPhonePage(browser);
    await page.goto(on8008.url + '/user');
    expect(await tabNames(page)).toEqual(['比赛', '头条', '直播', '消息', '我的']);
    const nav = page.getByRole('navigation', { name: '底部导航' });
    expect(await nav.getByRole('link', { name: '消息' }).getAttribute('href')).toBe('/message');
    // The inactive grey darkened to WCAG AA contrast on white.
    expect(await nav.getByRole('link', { name: '比赛' }).evaluate((a) => getComputedStyle(a).color)).toBe(
      'rgb(102, 102, 108)',
    );
    await screenshot(page, 'shell-tabbar-8008');
    await page.context().close();
  });
});

describe('pages', () => {
  it('renders /download with platform detection and the package buttons', async () => {
    const page = await newPhonePage(browser);
    const errors = collectErrors(page);
    const res = await page.goto(server.url + '/download');
    expect(res?.status()).toBe(200);
    await page.getByText('顶级体育赛事直播APP').first().waitFor();
    await page.getByText('已识别为苹果设备').waitFor();
    await page.getByRole('link', { name: 'iPhone 版下载' }).waitFor();
    await page.getByRole('link', { name: '添加到主屏幕' }).waitFor();
    await screenshot(page, 'shell-download');
    await page.getByRole('link', { name: 'iPhone 版下载' }).click();
    await page.waitForURL('**/download/ios-down');
    await page.getByText('iPhone 安装包暂未发布').waitFor();
    await screenshot(page, 'shell-download-ios');
    await page.goto(server.url + '/download/wapStep');
    await page.getByRole('heading', { name: 'iPhone（Safari）' }).waitFor();
    await screenshot(page, 'shell-download-wapstep');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('renders an agreement page with its title and sections', async () => {
    const page = await newPhonePage(browser);
    const errors = collectErrors(page);
    await page.goto(server.url + '/user/agreement/yszc');
    await page.getByRole('heading', { name: '隐私政策', exact: true }).waitFor();
    await page.getByRole('heading', { name: '一、我们收集的信息' }).waitFor();
    await screenshot(page, 'shell-agreement-yszc');
    await page.getByRole('link', { name: '隐私政策摘要' }).click();
    await page.waitForURL('**/user/agreement/ys');
    await page.getByRole('heading', { name: '隐私政策摘要' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('renders /user/about and /message/version', async () => {
    const page = await newPhonePage(browser);
    await page.goto(server.url + '/user/about');
    await page.getByRole('heading', { name: '关于我们' }).waitFor();
    await screenshot(page, 'shell-about');
    await page.goto(server.url + '/message/version');
    await page.getByRole('heading', { name: '版本信息' }).waitFor();
    await page.getByText(/已是最新版本|发现新版本/).waitFor();
    await page.context().close();
  });
});

describe('installable app', () => {
  it('serves a web manifest and a service worker that keeps the shell working offline', async () => {
    const manifest = (await (await fetch(server.url + '/manifest.webmanifest')).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: '球赛直播', display: 'standalone', theme_color: '#1a1a1a' });
    const page = await newPhonePage(browser);
    await page.goto(server.url + '/user/agreement/yhxy');
    await page.getByRole('heading', { name: '用户协议', exact: true }).waitFor();
    // Wait until the worker controls the page, then load once through it so the page's chunks are cached.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, {
      polling: 100,
      timeout: 30_000,
    });
    await page.reload();
    await page.getByRole('heading', { name: '用户协议', exact: true }).waitFor();
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: '用户协议', exact: true }).waitFor();
    await screenshot(page, 'shell-offline-reload');
    await page.context().setOffline(false);
    await page.context().close();
  });
});
