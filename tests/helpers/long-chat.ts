/**
 * A long private conversation and a long chat list for the messaging browser tests and benches
 * (issue 13): demo users A and B (DEV_CONTROL servers seed them) log in by API, `/_dev/im/seed`
 * writes `count` messages from A to B, `/_dev/im/seed-inbox` gives B `count` conversations from
 * demo peers (both through the server's insert path), and B logs in in a browser page through the
 * login form.
 */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/accounts/seed';
import { demoPeerPhone } from '../../server/im/dev-seed';
import type { AuthResult } from '../../workers/protocol/api/user';
import { loginDemo } from './demo-login';
import { loginByPassword } from './ws-client';

export interface LongChat {
  a: AuthResult;
  b: AuthResult;
  chatId: string;
}

async function devSeed<T>(url: string, route: string, body: Record<string, number>): Promise<T> {
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`seed refused: ${answer.msg}`);
  return answer.data;
}

export async function seedLongChat(url: string, count: number): Promise<LongChat> {
  const a = await loginByPassword(url, DEMO_USERS[0].phone, DEMO_PASSWORD);
  const b = await loginByPassword(url, DEMO_USERS[1].phone, DEMO_PASSWORD);
  const seeded = await devSeed<{ conversationId: string }>(url, '/_dev/im/seed', {
    from: a.user.id,
    to: b.user.id,
    count,
  });
  return { a, b, chatId: seeded.conversationId };
}

/** Demo user B with `count` more conversations, one per demo peer (peer 1 newest, peer `count` oldest). */
export async function seedLongInbox(url: string, count: number): Promise<AuthResult> {
  const b = await loginByPassword(url, DEMO_USERS[1].phone, DEMO_PASSWORD);
  await devSeed(url, '/_dev/im/seed-inbox', { to: b.user.id, count });
  return b;
}

/** Logs the `i`-th demo peer (from 0) of the inbox seed in by API, to send as them. */
export function loginDemoPeer(url: string, i: number): Promise<AuthResult> {
  return loginByPassword(url, demoPeerPhone(i), DEMO_PASSWORD);
}

/** Logs demo user B in through the login form of `origin` (a loaded bench machine may take a minute). */
export function loginAsB(page: Page, origin: string): Promise<void> {
  return loginDemo(page, origin, DEMO_USERS[1].phone, 60_000);
}
