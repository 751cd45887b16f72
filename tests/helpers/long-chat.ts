/**
 * A long private conversation for the chat browser test and bench (issue 13): demo users A and B
 * (DEV_CONTROL servers seed them) log in by API, `/_dev/im/seed` writes `count` messages from A
 * to B through the server's insert path, and B logs in in a browser page through the login form.
 */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/accounts/seed';
import type { AuthResult } from '../../workers/protocol/api/user';
import { loginByPassword } from './ws-client';

export interface LongChat {
  a: AuthResult;
  b: AuthResult;
  chatId: string;
}

export async function seedLongChat(url: string, count: number): Promise<LongChat> {
  const a = await loginByPassword(url, DEMO_USERS[0].phone, DEMO_PASSWORD);
  const b = await loginByPassword(url, DEMO_USERS[1].phone, DEMO_PASSWORD);
  const res = await fetch(`${url}/_dev/im/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: a.user.id, to: b.user.id, count }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: { conversationId: string } };
  if (body.code !== 200) throw new Error(`seed refused: ${body.msg}`);
  return { a, b, chatId: body.data.conversationId };
}

/** Logs demo user B in through the login form of `origin`. */
export async function loginAsB(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/user/login`);
  await page.getByLabel('手机号').fill(DEMO_USERS[1].phone);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  const agree = page.getByRole('checkbox');
  if (await agree.count()) await agree.check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: 60_000 });
}
