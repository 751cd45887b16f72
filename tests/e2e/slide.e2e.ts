/**
 * 滑动验证 in Chromium at 375×812: three wrong passwords, then the right one opens the puzzle; a
 * drag of the slider to the gap (read from the dev control, which only a test server has) logs in.
 */
import { describe, expect, it } from 'vitest';
import { collectErrors, newPhonePage, screenshot } from '../helpers/e2e';
import { useE2eWorld } from '../helpers/e2e-world';
import { createTestUser } from '../helpers/ws-client';
import { SystemPaths } from '../../workers/protocol/index';

const world = useE2eWorld();

describe('slide verification', () => {
  it('asks for the puzzle after 3 wrong passwords and logs in once the piece is dragged into the gap', async () => {
    const user = await createTestUser(world.server.url, 'slide2026x');
    const page = await newPhonePage(world.browser);
    const errors = collectErrors(page);
    await page.goto(`${world.server.url}/user/login`);
    await page.getByLabel('手机号').fill(user.phone);
    await page.getByRole('checkbox').check();
    const password = page.getByLabel('密码', { exact: true });
    const submit = page.getByRole('button', { name: '登录', exact: true });
    for (let i = 0; i < 3; i++) {
      await password.fill(`wrong${i}1234`);
      await submit.click();
      // Each wrong password is answered after a growing delay (per phone and address): wait for it.
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: '手机号或密码错误' }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    }
    await password.fill(user.password);
    await submit.click();
    const dialog = page.getByRole('dialog', { name: '安全验证' });
    await dialog.waitFor();
    const stage = dialog.locator('[data-slide-id]');
    await stage.waitFor({ timeout: 15_000 }).catch(async (e: unknown) => {
      await screenshot(page, 'user-login-slide-failed');
      throw new Error(`no puzzle; the dialog says: ${await dialog.textContent()}`, { cause: e });
    });
    await expect.poll(() => dialog.getByRole('slider').isEnabled()).toBe(true);
    await screenshot(page, 'user-login-slide');

    const id = await stage.getAttribute('data-slide-id');
    const res = await fetch(`${world.server.url}${SystemPaths.devSlide}?id=${id}`);
    const gap = ((await res.json()) as { data: { x: number } }).data.x;
    const handle = await dialog.getByRole('slider').boundingBox();
    if (!handle) throw new Error('no slider');
    const y = handle.y + handle.height / 2;
    await page.mouse.move(handle.x + handle.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + gap, y, { steps: 12 });
    await page.mouse.up();
    await page.waitForURL((u) => u.pathname === '/user');
    await expect.poll(async () => (await page.getByTestId('hub-nickname').textContent())?.trim()).toMatch(/^球迷/);
    expect(errors).toEqual([]);
  });
});
