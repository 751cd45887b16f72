/**
 * Messaging's people pages in Chromium at 375×812 (issue 13): A finds B by a part of B's
 * nickname, opens B's card, follows B, sends a message, opens the chat's settings, finds the
 * message by search, favourites it and sees it in 收藏; B sees A among fans; B mutes the chat
 * (the 消息 badge clears) and blocks A from the card, asked in the app's dialog (A's card of B
 * says so). Every page is screenshotted; empty states are checked on a newcomer's lists.
 *
 * The 消息 tab exists only on port 8008: the browser reaches the test server as
 * people.localhost:8008 (a host-resolver rule), so 8008 on this machine stays free.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  collectErrors,
  newPhoneContext,
  screenshot,
  startServer,
  touchDrag,
  type RunningServer,
} from '../helpers/e2e';

let server: RunningServer;
let browser: Browser;
let ctxA: BrowserContext;
let ctxB: BrowserContext;
const ORIGIN = 'http://people.localhost:8008';
const LOAD = { timeout: 20_000 };

beforeAll(async () => {
  server = await startServer();
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP people.localhost 127.0.0.1:${server.port}`],
  });
  ctxA = await newPhoneContext(browser);
  ctxB = await newPhoneContext(browser);
  // A loaded 2-core machine can take minutes to start the server (migrations, seed, feed).
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PASSWORD = 'abc12345';

async function smsCode(phone: string): Promise<string> {
  const res = await fetch(`${server.url}/_dev/sms?phone=${phone}`);
  const body = (await res.json()) as { code: number; data: { code: string } };
  expect(body.code).toBe(200);
  return body.data.code;
}

/** Registers through the UI; answers the new user's id and nickname as 我的 shows them. */
async function register(page: Page, phone: string): Promise<{ id: number; nick: string }> {
  await page.goto(`${ORIGIN}/user/register`);
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByRole('button', { name: /秒后重发/ }).waitFor(LOAD);
  await page.getByLabel('验证码').fill(await smsCode(phone));
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByRole('button', { name: '注册' }).click();
  await page.waitForURL((u) => u.pathname === '/user', LOAD);
  const idText = (await page.getByText(/^ID：\d+$/).textContent(LOAD)) ?? '';
  const nick = (await page.getByTestId('hub-nickname').textContent(LOAD))?.trim() ?? '';
  return { id: Number(idText.replace(/\D/g, '')), nick };
}

const badge = (page: Page) => page.getByRole('navigation').getByRole('link', { name: '消息' }).locator('[data-unread]');
async function unread(page: Page): Promise<number> {
  if ((await badge(page).count()) === 0) return 0;
  return Number((await badge(page).textContent())?.trim() ?? '0');
}

describe("messaging's people pages", () => {
  let a: Page;
  let b: Page;
  let A = { id: 0, nick: '' };
  let B = { id: 0, nick: '' };
  let errors: string[];
  const TEXT = '周末一起看德比吗';

  it('registers A and B; a newcomer sees the empty states of follows, fans and favourites', async () => {
    a = await ctxA.newPage();
    b = await ctxB.newPage();
    errors = collectErrors(a);
    A = await register(a, '13911120001');
    B = await register(b, '13911120002');
    expect(A.id).toBeGreaterThan(0);
    expect(B.nick.length).toBeGreaterThanOrEqual(2);
    await a.goto(`${ORIGIN}/message/attention`);
    await a.getByText('还没有关注任何人，去找找球友吧').waitFor(LOAD);
    await a.goto(`${ORIGIN}/message/fans`);
    await a.getByText('还没有人关注你').waitFor(LOAD);
    await a.goto(`${ORIGIN}/message/favor`);
    await a.getByText('还没有收藏消息，可在搜索结果中收藏').waitFor(LOAD);
    await screenshot(a, 'message-favor-empty');
  });

  it("A finds B by a part of B's nickname and opens B's card", async () => {
    await a.goto(`${ORIGIN}/message`);
    await a.getByText('还没有私信，和球友聊聊吧').waitFor(LOAD);
    await screenshot(a, 'message-list-shortcuts');
    await a.getByRole('navigation', { name: '消息功能' }).getByRole('link', { name: '找人' }).click();
    await a.waitForURL((u) => u.pathname === '/message/find', LOAD);
    await a.getByText('输入昵称的一部分或完整的用户 ID').waitFor(LOAD);
    const box = a.getByRole('searchbox', { name: '昵称或用户 ID' });
    // Nothing found: a clear empty state.
    await box.fill('没有这个人zz');
    await a.getByRole('button', { name: '查找' }).click();
    await a.getByText('没有找到相关用户').waitFor(LOAD);
    // A part of the nickname (its last three characters), by keyboard: type, then Enter.
    await box.fill([...B.nick].slice(-3).join(''));
    await box.press('Enter');
    const row = a.locator(`[data-user-id="${B.id}"]`);
    await row.waitFor(LOAD);
    expect(await row.textContent()).toContain(B.nick);
    await screenshot(a, 'message-find');
    await row.getByRole('link').click();
    await a.waitForURL((u) => u.pathname === '/message/personal', LOAD);
    await a.getByRole('heading', { name: B.nick }).waitFor(LOAD);
    await screenshot(a, 'message-personal');
  });

  it('A follows B from the card (B counts a fan), then sends B a message', async () => {
    await a.getByRole('button', { name: '关注', exact: true }).click();
    await a.getByRole('button', { name: '取消关注' }).waitFor(LOAD);
    expect(await a.getByRole('button', { name: '取消关注' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => a.locator('[data-follow-counts]').textContent(), LOAD).toBe('关注 0 · 粉丝 1');
    await a.getByRole('link', { name: '发消息' }).click();
    await a.waitForURL((u) => u.pathname === '/message/chat' && u.searchParams.get('peer') === String(B.id), LOAD);
    await a.getByLabel('输入消息').fill(TEXT);
    await a.getByRole('button', { name: '发送' }).click();
    await a.locator('[data-message-state="sent"]').getByText(TEXT).waitFor(LOAD);
  });

  it("A opens the chat's settings: the card link, pin (kept after a reload)", async () => {
    await a.getByRole('link', { name: '聊天设置' }).click();
    await a.waitForURL((u) => u.pathname === '/message/chatDetail', LOAD);
    const pin = a.getByRole('switch', { name: '置顶聊天' });
    await pin.waitFor(LOAD);
    expect(await pin.isChecked()).toBe(false);
    await pin.check();
    await expect.poll(() => pin.isChecked(), LOAD).toBe(true);
    await a.reload();
    await expect.poll(() => a.getByRole('switch', { name: '置顶聊天' }).isChecked(), LOAD).toBe(true);
    expect(await a.getByRole('link', { name: new RegExp(B.nick) }).getAttribute('href')).toBe(
      `/message/personal?id=${B.id}`,
    );
    await screenshot(a, 'message-chat-detail');
  });

  it('A finds the message by search, favourites it, and sees it in 收藏', async () => {
    await a.goto(`${ORIGIN}/message/search`);
    await a.getByRole('searchbox', { name: '搜索内容' }).fill('德比');
    await a.getByRole('button', { name: '搜索' }).click();
    const hit = a.locator('.msg-hit').filter({ hasText: TEXT });
    await hit.waitFor(LOAD);
    expect(await hit.textContent()).toContain(`与 ${B.nick} 的私信`);
    await hit.getByRole('button', { name: /^收藏/ }).click();
    await hit.getByRole('button', { name: /^取消收藏/ }).waitFor(LOAD);
    await screenshot(a, 'message-search');
    await a.goto(`${ORIGIN}/message/favor`);
    const fav = a.locator('.msg-hit').filter({ hasText: TEXT });
    await fav.waitFor(LOAD);
    expect(await fav.getByRole('link', { name: '查看会话' }).getAttribute('href')).toBe(`/message/chat?peer=${B.id}`);
    await screenshot(a, 'message-favor');
    // Unfavourite: gone from the list, and still gone after a reload.
    await fav.getByRole('button', { name: /^取消收藏/ }).click();
    await a.getByText('还没有收藏消息，可在搜索结果中收藏').waitFor(LOAD);
    await a.reload();
    await a.getByText('还没有收藏消息，可在搜索结果中收藏').waitFor(LOAD);
    expect(await a.locator('.msg-hit').count()).toBe(0);
    await a.goto(`${ORIGIN}/message/attention`);
    await a.locator(`[data-user-id="${B.id}"]`).waitFor(LOAD);
    await screenshot(a, 'message-attention');
  });

  it("B sees A among fans; muting the chat clears the 消息 badge in B's other tab", async () => {
    await b.goto(`${ORIGIN}/message/fans`);
    await b.locator(`[data-user-id="${A.id}"]`).waitFor(LOAD);
    await b.getByText('共 1 人').waitFor(LOAD);
    await screenshot(b, 'message-fans');
    // A second tab of B with the tab bar (the 消息 badge) shows A's unread message.
    const tab = await ctxB.newPage();
    await tab.goto(`${ORIGIN}/live/hot`);
    await tab.getByRole('navigation').getByRole('link', { name: '消息' }).waitFor(LOAD);
    await expect.poll(() => unread(tab), LOAD).toBe(1);
    await b.goto(`${ORIGIN}/message/chatDetail?peer=${A.id}`);
    const mute = b.getByRole('switch', { name: /消息免打扰/ });
    await mute.waitFor(LOAD);
    expect(await mute.isChecked()).toBe(false);
    // Measured in the other tab: when its badge left (a MutationObserver), against the click's
    // wall-clock time (both tabs share one clock: performance.timeOrigin + now()).
    await tab.evaluate(() => {
      const w = window as unknown as { __clearedAt: number };
      w.__clearedAt = 0;
      const link = [...document.querySelectorAll('nav a')].find((el) => el.textContent?.includes('消息'))!;
      new MutationObserver(() => {
        const n = link.querySelector('[data-unread]');
        if (!w.__clearedAt && (!n || Number(n.textContent) === 0))
          w.__clearedAt = performance.timeOrigin + performance.now();
      }).observe(link, { subtree: true, childList: true, characterData: true });
    });
    const clickAt = await b.evaluate(() => performance.timeOrigin + performance.now());
    await mute.check();
    await expect.poll(() => unread(tab), LOAD).toBe(0);
    const clearedAt = await tab.evaluate(() => (window as unknown as { __clearedAt: number }).__clearedAt);
    console.info(
      `[message-people.e2e] mute in one tab → badge cleared in the other: ${(clearedAt - clickAt).toFixed(0)} ms`,
    );
    expect(clearedAt).toBeGreaterThan(clickAt);
    await b.reload();
    await expect.poll(() => b.getByRole('switch', { name: /消息免打扰/ }).isChecked(), LOAD).toBe(true);
    await screenshot(b, 'message-chat-detail-muted');
    // The list marks the chat 免打扰 and still shows its unread count (greyed).
    await b.goto(`${ORIGIN}/message`);
    const row = b.locator(`[data-conversation-id="p:${Math.min(A.id, B.id)}:${Math.max(A.id, B.id)}"]`);
    await row.waitFor(LOAD);
    await expect.poll(async () => (await row.textContent()) ?? '', LOAD).toContain('免打扰');
    expect(await row.locator('.msg-row__count--muted').textContent()).toBe('1');
    // A is a stranger to B: the 陌生人 folder adds nothing for a muted chat either.
    expect(await b.locator('[data-folder="stranger"] .msg-row__count').count()).toBe(0);
    await screenshot(b, 'message-list-muted');
    await tab.close();
  });

  it("B's chat list: a row slides left under a finger to 置顶 and 删除, a tap shuts it, the keyboard reaches both", async () => {
    // Touches reach the front tab only (the last test opened and closed another tab of B).
    await b.bringToFront();
    await b.goto(`${ORIGIN}/message`);
    const row = b.locator(`[data-conversation-id="p:${Math.min(A.id, B.id)}:${Math.max(A.id, B.id)}"]`);
    await row.waitFor(LOAD);
    const isOpen = () => row.getAttribute('data-swipe-open');
    // A is a stranger to B: the 陌生人 folder above the row shows first, so the row stays put.
    await b.locator('[data-folder="stranger"]').waitFor(LOAD);
    const box = (await row.boundingBox())!;
    const y = box.y + box.height / 2;
    const pin = row.getByRole('button', { name: '置顶', exact: true });
    /** Whether the button is what a finger on its centre touches (not the row covering it). */
    const onTop = async (button: typeof pin) => {
      const at = (await button.boundingBox())!;
      return button.evaluate((el, p) => el.contains(document.elementFromPoint(p.x, p.y)), {
        x: at.x + at.width / 2,
        y: at.y + at.height / 2,
      });
    };
    expect(await onTop(pin)).toBe(false);
    // A short drag (less than half the actions) and a vertical one leave it shut.
    await touchDrag(b, { x: 300, y }, { x: 260, y });
    await touchDrag(b, { x: 200, y }, { x: 205, y: y + 60 });
    await b.waitForTimeout(300);
    expect(await isOpen()).toBe('0');
    expect(await onTop(pin)).toBe(false);
    // A swipe opens it: both actions are on top, the link did not open.
    await touchDrag(b, { x: 320, y }, { x: 160, y });
    await expect.poll(isOpen, LOAD).toBe('1');
    await expect.poll(() => onTop(pin), LOAD).toBe(true);
    expect(await onTop(row.getByRole('button', { name: '删除' }))).toBe(true);
    expect(new URL(b.url()).pathname + new URL(b.url()).search).toBe('/message');
    await screenshot(b, 'message-list-swipe');
    // A tap on the row shuts it instead of opening the chat.
    await b.touchscreen.tap(80, y);
    await expect.poll(isOpen, LOAD).toBe('0');
    expect(new URL(b.url()).pathname + new URL(b.url()).search).toBe('/message');
    await expect.poll(() => onTop(pin), LOAD).toBe(false);
    // Swiped open again, 置顶 pins the chat (kept by the server) and shuts the row.
    await touchDrag(b, { x: 320, y }, { x: 160, y });
    await expect.poll(() => onTop(pin), LOAD).toBe(true);
    // (A click: a CDP tap on this page ends in touchend without the click a phone makes of it.)
    await pin.click();
    await expect.poll(async () => (await row.getAttribute('class')) ?? '', LOAD).toContain('msg-row--pinned');
    await expect.poll(isOpen, LOAD).toBe('0');
    await b.reload();
    await expect.poll(async () => (await row.getAttribute('class')) ?? '', LOAD).toContain('msg-row--pinned');
    // The keyboard: Tab from the row's link reaches 取消置顶 and opens the row; Enter unpins and
    // leaves focus on the link.
    await row.getByRole('link').focus();
    await b.keyboard.press('Tab');
    await expect.poll(isOpen, LOAD).toBe('1');
    expect(await b.evaluate(() => document.activeElement?.textContent)).toBe('取消置顶');
    await b.keyboard.press('Enter');
    await expect.poll(async () => (await row.getAttribute('class')) ?? '', LOAD).not.toContain('msg-row--pinned');
    await expect.poll(isOpen, LOAD).toBe('0');
    expect(await b.evaluate(() => document.activeElement?.closest('[data-conversation-id]') !== null)).toBe(true);
    expect(await b.evaluate(() => document.activeElement?.tagName)).toBe('A');
  });

  it("B blocks A from A's card, asked in the app's dialog; A's card of B says so and follow is off", async () => {
    // The browser's own confirm box is not used: any native dialog is recorded (and refused).
    const nativeDialogs: string[] = [];
    b.on('dialog', (d) => {
      nativeDialogs.push(d.message());
      void d.dismiss();
    });
    await b.goto(`${ORIGIN}/message/personal?id=${A.id}`);
    const block = b.getByRole('button', { name: '拉黑', exact: true });
    await block.click(LOAD);
    const dialog = b.getByRole('alertdialog', { name: '拉黑此人' });
    await dialog.waitFor(LOAD);
    expect(await dialog.textContent()).toContain(`拉黑「${A.nick}」后，对方无法给你发消息`);
    expect(await b.evaluate(() => document.activeElement?.textContent)).toBe('取消');
    await screenshot(b, 'message-personal-block-dialog');
    // 取消: nothing happens, focus back on 拉黑.
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await b.evaluate(() => document.activeElement?.textContent)).toBe('拉黑');
    expect(await b.locator('.us-tag', { hasText: '已拉黑' }).count()).toBe(0);
    await block.click();
    await dialog.getByRole('button', { name: '拉黑', exact: true }).click();
    await b.getByRole('button', { name: '解除拉黑' }).waitFor(LOAD);
    expect(await dialog.count()).toBe(0);
    expect(nativeDialogs).toEqual([]);
    await b.locator('.us-tag', { hasText: '已拉黑' }).waitFor(LOAD);
    await screenshot(b, 'message-personal-blocked');
    await a.goto(`${ORIGIN}/message/personal?id=${B.id}`);
    await a.getByText('对方已将你拉黑，无法发消息或关注').waitFor(LOAD);
    expect(await a.getByRole('button', { name: '关注', exact: true }).isDisabled()).toBe(true);
    expect(errors.filter((e) => !/WebSocket|net::ERR/.test(e))).toEqual([]);
  });
});
