/**
 * The chat as a fan meets it in Chromium at 375×812 (issue 33): the composer sits at the bottom
 * of the screen however short the chat; the emoji picker opens from a named button, is worked by
 * keyboard and puts the emoji at the caret; a read in one tab clears the other tab's 消息 badge
 * within a second; /message/list speaks a fan's words, not the developer's.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  collectErrors,
  launchBrowser,
  newPhoneContext,
  screenshot,
  stampWhen,
  stampedAt,
} from '../helpers/e2e';
import { useE2eWorld } from '../helpers/e2e-world';
import { loginDemo, myUserId } from '../helpers/demo-login';

// The 消息 tab (and its badge) exists only on port 8008: the browser reaches the test server as
// uxchat.localhost:8008 (a host-resolver rule), so 8008 on this machine stays free.
const ORIGIN = 'http://uxchat.localhost:8008';
const world = useE2eWorld(async (server) => ({
  chat: await launchBrowser([...CHROMIUM_ARGS, `--host-resolver-rules=MAP uxchat.localhost 127.0.0.1:${server.port}`]),
}));
afterAll(async () => {
  await world.chat?.close();
});
const A = '13800000001';
const B = '13800000002';

async function signedIn(phone: string): Promise<{ page: Page; id: number; errors: string[] }> {
  const ctx = await newPhoneContext(world.chat);
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await loginDemo(page, ORIGIN, phone);
  return { page, id: await myUserId(page, ORIGIN), errors };
}

async function send(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('输入消息');
  await box.fill(text);
  await box.press('Enter');
  await page.locator('.msg-chat__row', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

describe('chat composer, emoji, cross-tab badge and the count list', () => {
  it('does each as a fan expects', { timeout: 240_000 }, async () => {
    const a = await signedIn(A);
    const b = await signedIn(B);

    // --- the composer at the bottom of a short chat -----------------------------------------
    await a.page.goto(`${ORIGIN}/message/chat?peer=${b.id}`);
    const composer = a.page.locator('form.msg-compose');
    await a.page.getByLabel('输入消息').waitFor({ timeout: 20_000 });
    const box = (await composer.boundingBox())!;
    expect(Math.abs(box.y + box.height - 812)).toBeLessThanOrEqual(1);
    await screenshot(a.page, 'chat-composer-bottom');

    // --- the emoji picker: named button, keyboard, inserted at the caret ---------------------
    const input = a.page.getByLabel('输入消息');
    await input.fill('好球');
    await input.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
    const toggle = a.page.getByRole('button', { name: '插入表情' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await a.page.keyboard.press('Enter');
    const panel = a.page.getByRole('group', { name: '表情' });
    await panel.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.getByRole('button').count()).toBeGreaterThanOrEqual(24);
    // The first emoji has the focus; the arrow keys move it, Enter inserts.
    await a.page.keyboard.press('ArrowRight');
    expect(await a.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('笑哭');
    await a.page.keyboard.press('ArrowDown');
    expect(await a.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('生气');
    await a.page.keyboard.press('ArrowUp');
    await a.page.keyboard.press('Enter');
    expect(await input.inputValue()).toBe('😂好球');
    await screenshot(a.page, 'chat-emoji-picker');
    // A tap inserts after the first one: the caret moved past it.
    await panel.getByRole('button', { name: '足球' }).click();
    expect(await input.inputValue()).toBe('😂⚽好球');
    await a.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await a.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('插入表情');
    await input.press('Enter');
    await a.page.locator('.msg-chat__row', { hasText: '😂⚽好球' }).first().waitFor({ timeout: 15_000 });
    // Still at the bottom with messages in the chat.
    const after = (await composer.boundingBox())!;
    expect(Math.abs(after.y + after.height - 812)).toBeLessThanOrEqual(1);

    // --- a read in one tab clears the other tab's badge within 1 s ---------------------------
    const tab1 = b.page;
    const tab2 = await tab1.context().newPage();
    await tab2.goto(`${ORIGIN}/live/hot`);
    await tab2.locator('nav [data-unread]').waitFor({ timeout: 20_000 });
    const before = Number(await tab2.locator('nav [data-unread]').textContent());
    await tab1.goto(`${ORIGIN}/message`);
    const chatId = `p:${Math.min(a.id, b.id)}:${Math.max(a.id, b.id)}`;
    const row = tab1.locator(`[data-conversation-id="${chatId}"]`);
    await row.waitFor({ timeout: 20_000 });
    await stampWhen(
      tab2,
      'badge-cleared',
      (n: number) => {
        const el = document.querySelector('nav [data-unread]');
        return !el || Number(el.textContent) < n;
      },
      before,
    );
    // Stamped in tab 1 from before the tap (the page stays, the route changes).
    await stampWhen(
      tab1,
      'read-shown',
      (text: string) => [...document.querySelectorAll('.msg-chat__row')].some((r) => r.textContent?.includes(text)),
      '😂⚽好球',
    );
    await tab1.bringToFront();
    await row.locator('a').first().click();
    const shown = await stampedAt(tab1, 'read-shown', 20_000);
    const cleared = await stampedAt(tab2, 'badge-cleared', 20_000);
    console.log(`read shown in tab 1 → badge gone in tab 2: ${cleared - shown} ms`);
    expect(cleared - shown).toBeLessThanOrEqual(1_000);

    // --- /message/list in a fan's words -------------------------------------------------------
    await send(a.page, '下半场见');
    await tab1.goto(`${ORIGIN}/message/list`);
    await tab1.locator('[data-conversation-id]').first().waitFor({ timeout: 20_000 });
    const words = await tab1.locator('.us-page').innerText();
    expect(words).toContain('未读消息');
    expect(words).toContain('私信');
    expect(words).not.toMatch(/类别|计入|合计 \d|1000\d|messageStatus/);
    await screenshot(tab1, 'message-list-fan-words');

    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
