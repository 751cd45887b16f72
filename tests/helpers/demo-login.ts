/** Signs a browser page in as one of the seeded demo users (server/accounts/seed.ts) through the login page. */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/accounts/seed';

export { DEMO_PASSWORD };

export async function loginDemo(page: Page, baseUrl: string, phone: string, timeoutMs = 30_000): Promise<void> {
  await page.goto(`${baseUrl}/user/login`);
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  const agree = page.getByRole('checkbox');
  if (await agree.count()) await agree.check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: timeoutMs });
}

/** The signed-in user's id, as the user centre shows it (ID：n). */
export async function myUserId(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}/user`);
  const idText = (await page.getByText(/^ID：\d+$/).textContent({ timeout: 15_000 })) ?? '';
  return Number(idText.replace(/\D/g, ''));
}
