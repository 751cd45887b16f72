/**
 * The 消息 tab's notices, address book and chat counts in Chromium at 375×812 (issue 13): a demo
 * user signs in; /message links to the notices; their tabs switch by query; the address book
 * and the chat-count list load (or say they are empty); /message/list shows the badge total.
 * /message/note: write, edit and delete a note; it survives a reload; an empty one is refused.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectErrors, newPhonePage, screenshot } from '../helpers/e2e';
import { useE2eWorld } from '../helpers/e2e-world';
import { loginDemo } from '../helpers/demo-login';

const world = useE2eWorld();

const USER_A = '13800000001';
const login = (page: Page, phone: string) => loginDemo(page, world.server.url, phone);

describe('notices, address book and chat counts', () => {
  it('opens each page from /message and shows its states', async () => {
    const pageA = await newPhonePage(world.browser);
    const errors = collectErrors(pageA);
    await login(pageA, USER_A);

    await pageA.goto(`${world.server.url}/message`);
    const shortcuts = pageA.getByRole('navigation', { name: '消息功能' });
    await shortcuts.getByRole('link', { name: '通知' }).click();
    await pageA.waitForURL((u) => u.pathname === '/message/notice');
    await pageA.getByRole('tab', { name: '系统通知', selected: true }).waitFor();
    await screenshot(pageA, 'message-notice-system');
    await pageA.getByRole('tab', { name: '社区通知' }).click();
    await pageA.waitForURL((u) => u.search === '?kind=community');
    await pageA.getByRole('tab', { name: '社区通知', selected: true }).waitFor();
    await screenshot(pageA, 'message-notice-community');

    await pageA.goto(`${world.server.url}/message/address`);
    await pageA
      .getByText(/通讯录是空的|互相关注|我关注的/)
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshot(pageA, 'message-address');

    await pageA.goto(`${world.server.url}/message/list`);
    const total = pageA.locator('[data-unread-total]');
    await total.waitFor({ timeout: 15_000 });
    expect(await total.textContent()).toMatch(/^(共 \d+ 条未读消息|没有未读消息)$/);
    await screenshot(pageA, 'message-list');
    expect(errors).toEqual([]);
  });

  it('writes, edits and deletes a note on /message/note, kept across a reload', async () => {
    const page = await newPhonePage(world.browser);
    const errors = collectErrors(page);
    await login(page, USER_A);
    await page.goto(`${world.server.url}/message`);
    await page.getByRole('navigation', { name: '消息功能' }).getByRole('link', { name: '笔记' }).click();
    await page.waitForURL((u) => u.pathname === '/message/note');
    await page.getByText('还没有笔记：写下第一条吧').waitFor({ timeout: 15_000 });
    await screenshot(page, 'message-note-empty');

    const box = page.getByLabel('写笔记');
    await box.fill('   ');
    await page.getByRole('button', { name: '保存笔记' }).click();
    await page.getByRole('alert').filter({ hasText: '请输入笔记内容' }).waitFor();
    await box.fill('周六 20:00 曼城 vs 利物浦\n<b>别忘了</b>');
    await page.getByRole('button', { name: '保存笔记' }).click();
    const notes = page.getByRole('list', { name: '笔记' }).getByRole('listitem');
    await notes.first().waitFor();
    expect(await notes.first().locator('.msg-note__text').textContent()).toBe(
      '周六 20:00 曼城 vs 利物浦\n<b>别忘了</b>',
    );
    expect(await box.inputValue()).toBe('');

    await page.getByRole('button', { name: /^编辑：周六/ }).click();
    await page.getByLabel('编辑笔记').fill('周日 03:00 皇马');
    await page.getByRole('button', { name: '保存修改' }).click();
    await notes.filter({ hasText: '周日 03:00 皇马' }).filter({ hasText: '已编辑' }).waitFor();
    await screenshot(page, 'message-note-list');

    await page.reload();
    await notes.filter({ hasText: '周日 03:00 皇马' }).waitFor({ timeout: 15_000 });
    expect(await notes.count()).toBe(1);
    const nativeDialogs: string[] = [];
    page.on('dialog', (d) => {
      nativeDialogs.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: /^删除：周日/ }).click();
    const dialog = page.getByRole('alertdialog', { name: '删除笔记' });
    await dialog.getByRole('button', { name: '删除', exact: true }).click();
    expect(nativeDialogs).toEqual([]);
    await page.getByText('还没有笔记：写下第一条吧').waitFor();
    await page.reload();
    await page.getByText('还没有笔记：写下第一条吧').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });
});
