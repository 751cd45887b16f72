/**
 * The service worker and the server's first screen (issue 29), against the production server and
 * the real build, in Chromium at 375×812:
 * - online, a repeat visit (the worker installed and in control) is answered with the server's
 *   HTML, the first screen rendered in it and its seed, not with the precached shell: navigations
 *   go to the network first;
 * - with the server gone, the same worker answers the precached shell, and the app paints the rows
 *   from the core's offline store (the offline second visit is kept).
 * Screenshots: tests/e2e/screenshots/ssr-sw-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  newPhoneContext,
  screenshot,
  startServer,
  waitForOfflineEntry,
  type RunningServer,
} from '../helpers/e2e';

const SEED = 'id="qs-ssr-seed"';
const ROWS = '[data-match-id] [data-score]';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ readyTimeoutMs: 280_000 });
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Navigates and returns the document's answer: who answered it, and its HTML. */
async function visit(page: Page, path: string): Promise<{ fromServiceWorker: boolean; html: string }> {
  const res = await page.goto(server.url + path);
  if (!res) throw new Error(`no answer for ${path}`);
  return { fromServiceWorker: res.fromServiceWorker(), html: await res.text() };
}

describe('service worker', () => {
  it("answers a repeat visit online with the server's page, and the shell with the server gone", async () => {
    const ctx = await newPhoneContext(browser);
    const first = await ctx.newPage();
    const fresh = await visit(first, '/live/hot');
    expect(fresh.fromServiceWorker).toBe(false);
    expect(fresh.html).toContain(SEED);
    await first.waitForSelector(ROWS, { timeout: 30_000 });
    // The worker registers after the load event, precaches the shell and claims the page.
    await first.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      polling: 100,
      timeout: 30_000,
    });
    expect(await first.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.state))).toBe('activated');

    // Online, through the worker: the server's HTML with the rows in it, for the page just seen
    // and for one not seen before.
    for (const path of ['/live/hot', '/live/zq']) {
      const again = await visit(first, path);
      expect(again.fromServiceWorker, path).toBe(true);
      expect(again.html, path).toContain(SEED);
      expect(again.html, path).toMatch(/<div id="root"><[^>]+/);
      expect(again.html, path).toContain('data-match-id=');
      await first.waitForSelector(ROWS, { timeout: 30_000 });
    }
    await screenshot(first, 'ssr-sw-online-repeat');
    await first.goto(server.url + '/live/hot');
    await first.waitForSelector(ROWS, { timeout: 30_000 });
    // The lists the offline paint reads, written just after their answers (the hot schedule's own
    // answer is not kept: the lists are).
    for (const sport of ['zq', 'lq']) await waitForOfflineEntry(first, `sport="${sport}"&tab="hot"`);
    await first.close();

    // No network answers from here on; the core's SharedWorker ends with its last tab.
    await server.stop();
    await new Promise((r) => setTimeout(r, 1500));

    const offline = await ctx.newPage();
    const shell = await visit(offline, '/live/hot');
    expect(shell.fromServiceWorker).toBe(true);
    expect(shell.html).not.toContain(SEED);
    expect(shell.html).toContain('<div id="root"></div>');
    await offline.waitForSelector(ROWS, { timeout: 15_000 });
    expect(await offline.locator('[data-match-id]').count()).toBeGreaterThan(3);
    await screenshot(offline, 'ssr-sw-offline');
    await ctx.close();
  });
});
