/**
 * The user centre in Chromium at 375×812: guard → login page, register with the code from the dev
 * SMS outbox, log out and log in again, change the nickname and see it everywhere, upload a
 * cropped portrait (pending, then approved by the operator control), publish a post and a tip (the
 * tip settled by the dev feed control), and log out in one tab while another tab becomes a visitor
 * at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  collectErrors,
  launchBrowser,
  newPhoneContext,
  screenshot,
  startServer,
  type RunningServer,
} from '../helpers/e2e';
import { makePng } from '../server/user-centre-helpers';

let server: RunningServer;
let browser: Browser;
let ctx: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ctx = await newPhoneContext(browser);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = '13912345678';
const PASSWORD = 'abc12345';
const NEW_NICK = '看球达人';

async function smsCode(phone: string): Promise<string> {
  const res = await fetch(`${server.url}/_dev/sms?phone=${phone}`);
  const body = (await res.json()) as { code: number; data: { code: string } };
  expect(body.code).toBe(200);
  return body.data.code;
}

async function hubName(page: Page): Promise<string> {
  return (await page.getByTestId('hub-nickname').textContent())?.trim() ?? '';
}

describe('user centre', () => {
  let page: Page;
  let errors: string[];

  it('sends a visitor from a guarded page to /user/login', async () => {
    page = await ctx.newPage();
    errors = collectErrors(page);
    await page.goto(`${server.url}/user/infor`);
    await page.waitForURL('**/user/login');
    await page.getByRole('heading', { name: '登录' }).waitFor();
    await screenshot(page, 'user-login');
  });

  it('registers with the code from the dev SMS outbox', async () => {
    await page.getByRole('link', { name: '注册账号' }).click();
    await page.waitForURL('**/user/register');
    // Without consent nothing is sent.
    await page.getByLabel('手机号').fill(PHONE);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    await page.getByLabel('验证码').fill(await smsCode(PHONE));
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('确认密码').fill(PASSWORD);
    await page.getByRole('button', { name: '注册' }).click();
    await expect.poll(() => page.getByText('请先阅读并同意用户协议和隐私政策').count()).toBe(1);
    await screenshot(page, 'user-register-consent');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '注册' }).click();
    await page.waitForURL((u) => u.pathname === '/user');
    await expect.poll(() => hubName(page)).toMatch(/^球迷/);
    await screenshot(page, 'user-hub');
  });

  it('logs out, then logs in again with the password', async () => {
    await page.getByRole('link', { name: '设置' }).click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((u) => u.pathname === '/user');
    await expect.poll(() => hubName(page)).toBe('登录 / 注册');
    await page.getByRole('link', { name: /登录 \/ 注册/ }).click();
    await page.waitForURL('**/user/login');
    await page.getByLabel('手机号').fill(PHONE);
    await page.getByLabel('密码', { exact: true }).fill('wrong1234');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '手机号或密码错误' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'user-login-wrong');
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/user');
    await expect.poll(() => hubName(page)).toMatch(/^球迷/);
  });

  it('changes the nickname and shows it on the hub, the profile and another tab', async () => {
    await page.goto(`${server.url}/user/nickname`);
    await page.getByLabel('新昵称').fill('x');
    await page.getByRole('button', { name: '检查是否可用' }).click();
    await expect.poll(() => page.getByText('昵称为2-12位中文、字母、数字或下划线').count()).toBe(1);
    await page.getByLabel('新昵称').fill(NEW_NICK);
    await page.getByRole('button', { name: '检查是否可用' }).click();
    await page.getByText('昵称可用').waitFor();
    await screenshot(page, 'user-nickname');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL((u) => u.pathname !== '/user/nickname');
    await page.goto(`${server.url}/user/infor`);
    await expect.poll(async () => (await page.getByTestId('infor-nickname').textContent())?.trim()).toContain(NEW_NICK);
    const other = await ctx.newPage();
    await other.goto(`${server.url}/user`);
    await expect.poll(() => hubName(other), { timeout: 5000 }).toBe(NEW_NICK);
    await other.close();
  });

  it('crops and uploads a portrait that waits for audit, then shows once approved', async () => {
    await page.goto(`${server.url}/user/infor`);
    await screenshot(page, 'user-infor');
    console.log('URL before upload', page.url());
    await page
      .getByTestId('portrait-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(640, 480) });
    const dialog = page.getByRole('dialog', { name: '裁剪头像' });
    await dialog.waitFor();
    await page.getByTestId('crop-viewport').focus();
    await page.keyboard.press('ArrowLeft');
    await screenshot(page, 'user-portrait-crop');
    await dialog.getByRole('button', { name: '确定并上传' }).click();
    await page.getByTestId('portrait-pending').waitFor();
    await page.getByText('新头像审核中，审核通过后将展示给所有人').waitFor();
    await screenshot(page, 'user-portrait-pending');

    const pending = (await (await fetch(`${server.url}/_dev/user/portrait/pending`)).json()) as {
      data: Array<{ userId: number; nickName: string; url: string }>;
    };
    const mine = pending.data.find((p) => p.nickName === NEW_NICK)!;
    expect(mine.url).toMatch(/^\/media\/uploads\/[a-f0-9]{32}\.jpg$/);
    const img = await fetch(server.url + mine.url);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    const approve = await fetch(`${server.url}/_dev/user/portrait/audit`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `userId=${mine.userId}&decision=approve`,
    });
    expect(((await approve.json()) as { code: number }).code).toBe(200);
    await page.goto(`${server.url}/user`);
    await expect.poll(() => page.locator('.us-hub__head img').getAttribute('src')).toBe(mine.url);
    await screenshot(page, 'user-hub-portrait');
  });

  it('publishes a post and a tip from the hub and sees them, the tip turning 红 or 黑 at full time', async () => {
    await page.goto(`${server.url}/user`);
    await page.getByRole('link', { name: '我的帖子' }).click();
    await page.waitForURL('**/user/community');
    await page.getByText('暂无帖子').waitFor();
    await screenshot(page, 'user-community-empty');
    await page.getByLabel('标题').fill('三个字');
    await page.getByLabel('内容').fill('主队<b>必胜</b>');
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.getByText('标题为 4-40 个字').waitFor();
    await page.getByLabel('标题').fill('周末德比谁能赢');
    await page.getByRole('button', { name: '发布', exact: true }).click();
    const post = page.getByRole('article', { name: '周末德比谁能赢' });
    await post.waitFor();
    // Stored and shown as text: the markup is visible characters, not a bold element.
    expect(await post.locator('.us-post__content').textContent()).toBe('主队<b>必胜</b>');
    expect(await post.locator('b').count()).toBe(0);
    await expect.poll(() => page.getByLabel('标题').inputValue()).toBe('');
    await screenshot(page, 'user-community-post');
    // A second post, then the first deleted after the confirm.
    await page.getByLabel('标题').fill('第二篇帖子试试');
    await page.getByLabel('内容').fill('再说两句');
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.getByRole('article', { name: '第二篇帖子试试' }).waitFor();
    await post.getByRole('button', { name: '删除帖子：周末德比谁能赢' }).click();
    await post.getByRole('alertdialog').getByRole('button', { name: '确定删除' }).click();
    await expect.poll(() => page.getByRole('article', { name: '周末德比谁能赢' }).count()).toBe(0);
    await page.getByText('我发布的帖子（1）').waitFor();

    await page.goto(`${server.url}/user`);
    await page.getByRole('link', { name: '我的方案' }).click();
    await page.waitForURL('**/user/proposal');
    await page.getByText('暂无方案').waitFor();
    const picker = page.getByLabel('选择比赛');
    await expect.poll(() => picker.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    // The last offered match kicks off days from now; the first may kick off while the test runs.
    const option = picker.locator('option').last();
    const matchId = Number(await option.getAttribute('value'));
    const label = (await option.textContent())!;
    const [, , , home, , away] = label.split(' ');
    await picker.selectOption(String(matchId));
    await page.getByRole('button', { name: '发布方案' }).click();
    await page.getByText('请选择胜、平或负').waitFor();
    // The chip (the radio's label) is what a finger taps.
    const draw = page.getByRole('radio', { name: /^平/ });
    await page.locator('label').filter({ has: draw }).click();
    expect(await draw.isChecked()).toBe(true);
    expect(await page.getByText('请选择胜、平或负').count()).toBe(0);
    await page.getByLabel('推荐理由（选填）').fill('两队交锋多平局');
    await screenshot(page, 'user-proposal-compose');
    await page.getByRole('button', { name: '发布方案' }).click();
    const tip = page.getByTestId('my-tip').first();
    await tip.waitFor();
    expect(await tip.getByTestId('tip-outcome').textContent()).toBe('待开赛');
    expect(await tip.textContent()).toContain(home!);
    expect(await tip.textContent()).toContain(away!);
    expect(await tip.textContent()).toContain('平（平局）');
    expect(await tip.textContent()).toContain('两队交锋多平局');
    expect(await page.getByTestId('tip-hit-rate').textContent()).toBe('--');
    // The tipped match is no longer offered.
    expect(await picker.locator(`option[value="${matchId}"]`).count()).toBe(0);
    await screenshot(page, 'user-proposal-tip');

    for (const state of [2, 8]) {
      const res = await fetch(`${server.url}/_dev/feed/event`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ matchId, type: 'state', state }),
      });
      expect(((await res.json()) as { code: number }).code).toBe(200);
    }
    await page.reload();
    await tip.waitFor();
    const score = (await tip.locator('.us-tip__score').textContent())!.split(' - ').map(Number);
    const drawn = score[0] === score[1];
    expect(await tip.getByTestId('tip-outcome').textContent()).toBe(drawn ? '红' : '黑');
    expect(await page.getByTestId('tip-hit-rate').textContent()).toBe(drawn ? '100%' : '0%');
    await screenshot(page, 'user-proposal-settled');
  });

  it('logging out in one tab turns another tab into a visitor at once', async () => {
    const second = await ctx.newPage();
    await second.goto(`${server.url}/user`);
    await expect.poll(() => hubName(second), { timeout: 5000 }).toBe(NEW_NICK);
    await page.goto(`${server.url}/user/set`);
    await screenshot(page, 'user-set');
    await page.getByRole('button', { name: '退出登录' }).click();
    const t0 = Date.now();
    await page.getByRole('alertdialog').getByRole('button', { name: '退出登录' }).click();
    await expect.poll(() => hubName(second), { timeout: 3000, interval: 50 }).toBe('登录 / 注册');
    const took = Date.now() - t0;
    expect(took).toBeLessThan(3000);
    await screenshot(second, 'user-second-tab-visitor');
    // The guarded pages are closed to it now.
    await second.goto(`${server.url}/user/message`);
    await second.waitForURL('**/user/login');
    await second.close();
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
