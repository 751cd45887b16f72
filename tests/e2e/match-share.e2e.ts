/**
 * 分享 on match detail (issue 13), Chromium at 375×812: demo user A, who has a private chat with
 * B, opens a football match in play and shares it to that chat from the detail page, by keyboard
 * (the sheet is a labelled dialog; focus goes into it and back to 分享 when Escape closes it);
 * B's chat shows the match card. The basketball detail page has the same button. A signed-out
 * visitor who taps 分享 is asked to log in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  collectErrors,
  footballMatchInPlay,
  launchBrowser,
  newPhonePage,
  screenshot,
  startServer,
  type RunningServer,
} from '../helpers/e2e';
import { loginDemo, myUserId } from '../helpers/demo-login';

let server: RunningServer;
let browser: Browser;
let a: Page;
let b: Page;
let errors: string[][];
let aId: number;
let bId: number;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  a = await newPhonePage(browser);
  b = await newPhonePage(browser);
  errors = [collectErrors(a), collectErrors(b)];
  await loginDemo(a, server.url, '13800000001');
  await loginDemo(b, server.url, '13800000002');
  [aId, bId] = [await myUserId(a, server.url), await myUserId(b, server.url)];
  // A writes to B first: the chat is then among A's recent conversations.
  await a.goto(`${server.url}/message/chat?peer=${bId}`);
  await a.getByLabel('输入消息').fill('一起看球');
  await a.getByRole('button', { name: '发送', exact: true }).click();
  await a.locator('[data-message-state="sent"]').filter({ hasText: '一起看球' }).waitFor({ timeout: 15_000 });
  await b.goto(`${server.url}/message/chat?peer=${aId}`);
  await b.getByText('一起看球', { exact: true }).waitFor({ timeout: 15_000 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sheet = (page: Page) => page.getByRole('dialog', { name: '分享比赛到聊天' });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('分享 on match detail', () => {
  it("shares a football match to a recent chat by keyboard; the card shows in the peer's chat", async () => {
    const matchId = await footballMatchInPlay(server);
    await a.goto(`${server.url}/live/zq/detail/${matchId}`);
    const share = a.getByRole('button', { name: '分享', exact: true });
    await share.waitFor({ timeout: 20_000 });

    // Escape closes the sheet and gives focus back to 分享.
    await share.focus();
    await a.keyboard.press('Enter');
    await sheet(a).waitFor();
    expect(await focusedText(a)).toBe('关闭');
    await a.keyboard.press('Escape');
    await sheet(a).waitFor({ state: 'detached' });
    expect(await focusedText(a)).toBe('分享');

    await a.keyboard.press('Enter');
    const row = sheet(a).getByRole('button', { name: '分享给 篮下霸主' });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-conversation-id')).toBeTruthy();
    await screenshot(a, 'match-share-sheet');
    // From the close button, Tab reaches the chat; Enter shares.
    await a.keyboard.press('Tab');
    expect(await a.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('分享给 篮下霸主');
    await a.keyboard.press('Enter');
    await sheet(a).waitFor({ state: 'detached', timeout: 10_000 });
    await a.getByRole('alert').filter({ hasText: '已分享给 篮下霸主' }).first().waitFor({ timeout: 5_000 });

    await b.locator(`[data-message-kind="match"] [data-match-id="${matchId}"]`).last().waitFor({ timeout: 10_000 });
    await screenshot(b, 'match-share-received');
    expect(errors.flat()).toEqual([]);
  });

  it('the basketball detail page shares the same way', async () => {
    const res = await fetch(`${server.url}/main/live/lq/list?platform=4&channelId=4`);
    const body = (await res.json()) as { data: Array<{ id: number }> | { list: Array<{ id: number }> } };
    const id = (Array.isArray(body.data) ? body.data : body.data.list)[0]!.id;
    await a.goto(`${server.url}/live/lq/detail/${id}`);
    await a.getByRole('button', { name: '分享', exact: true }).click({ timeout: 20_000 });
    await sheet(a).getByRole('button', { name: '分享给 篮下霸主' }).click({ timeout: 10_000 });
    await sheet(a).waitFor({ state: 'detached', timeout: 10_000 });
    await b.locator(`[data-message-kind="match"] [data-match-id="${id}"]`).last().waitFor({ timeout: 10_000 });
    expect(errors.flat()).toEqual([]);
  });

  it('asks a signed-out visitor to log in', async () => {
    const visitor = await newPhonePage(browser);
    const matchId = await footballMatchInPlay(server);
    await visitor.goto(`${server.url}/live/zq/detail/${matchId}`);
    await visitor.getByRole('button', { name: '分享', exact: true }).click({ timeout: 20_000 });
    const login = sheet(visitor).getByRole('link', { name: '去登录' });
    await login.waitFor();
    await screenshot(visitor, 'match-share-login');
    await login.click();
    await visitor.waitForURL(/\/user\/login/);
    await visitor.close();
  });
});
