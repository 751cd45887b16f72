/**
 * Message latency A → B with B's three tabs open (issue 13, "Speed"), shared by the browser bench
 * (tests/bench/message-latency.ts) and the browser test (tests/e2e/message-latency.e2e.ts).
 *
 * Demo users A and B log in through the login page in two browser contexts. A's page is on the
 * chat with B; B has one tab on the chat with A and two elsewhere (/live/hot, /message). Every
 * time is stamped inside the pages (same machine, same clock): A's page stamps `Date.now()` on
 * the 发送 click (a capture listener, keyed by the text in the box), B's chat tab stamps when a
 * row with that text appears (a MutationObserver, which also records how many rows show the same
 * text), B's other tabs stamp each change of the 消息 badge.
 *
 * B's sockets are counted twice: by the server (`ws_connections` on /metrics, with B's tabs open
 * and closed) and by the browser (CDP on every target of B's context, the SharedWorker included:
 * after `POST /_dev/ws/drop` the core reconnects, and `Network.webSocketCreated` says from where).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/accounts/seed';
import { RECONNECT_JITTER_MS, RECONNECT_MS } from '../../workers/protocol/codes';
import { watchContextNetwork } from './cdp-context';
import { loginDemo } from './demo-login';
import { CHROMIUM_ARGS, newPhoneContext, type RunningServer } from './e2e';
import { loginByPassword } from './ws-client';

/** The 消息 tab exists only on port 8008 (spec §2): the browser maps this host to the test server. */
export const MSG_ORIGIN = 'http://msg.localhost:8008';

export function msgBrowserArgs(server: RunningServer): string[] {
  return [...CHROMIUM_ARGS, `--host-resolver-rules=MAP msg.localhost 127.0.0.1:${server.port}`];
}

export interface LatencyRig {
  a: Page;
  /** B's tabs: [0] on the chat with A, then /live/hot and /message. */
  bTabs: Page[];
  ctxB: BrowserContext;
  aId: number;
  bId: number;
}

const tabBarReady = (p: Page) => p.getByRole('navigation').getByRole('link', { name: '消息' }).waitFor();

/** Logs A and B in (demo users 0 and 1), opens A's chat with B and B's three tabs. */
export async function openRig(browser: Browser, server: RunningServer): Promise<LatencyRig> {
  const a = await (await newPhoneContext(browser)).newPage();
  const ctxB = await newPhoneContext(browser);
  const b = await ctxB.newPage();
  // The ids from API logins (before the browsers log in, so theirs are the newest sessions).
  const [aId, bId] = await Promise.all(
    [DEMO_USERS[0], DEMO_USERS[1]].map(
      async (u) => (await loginByPassword(server.url, u.phone, DEMO_PASSWORD)).user.id,
    ),
  );
  await Promise.all([loginDemo(a, MSG_ORIGIN, DEMO_USERS[0].phone), loginDemo(b, MSG_ORIGIN, DEMO_USERS[1].phone)]);
  const openChat = async (p: Page, peer: number) => {
    await p.goto(`${MSG_ORIGIN}/message/chat?peer=${peer}`);
    await p.getByLabel('输入消息').waitFor();
  };
  await Promise.all([openChat(a, bId), openChat(b, aId)]);
  const bTabs = [b];
  for (const path of ['/live/hot', '/message']) {
    const t = await ctxB.newPage();
    await t.goto(`${MSG_ORIGIN}${path}`);
    await tabBarReady(t);
    bTabs.push(t);
  }
  await b.bringToFront();
  return { a, bTabs, ctxB, aId, bId };
}

type Win = Window & {
  latSent?: Record<string, number>;
  latShown?: Record<string, number>;
  latMaxRows?: Record<string, number>;
  latBadge?: { v: string; t: number }[];
};

/** A's page: every 发送 click stamps Date.now() under the text in the box. */
async function stampSends(a: Page): Promise<void> {
  await a.evaluate(() => {
    const w = window as Win;
    w.latSent = {};
    document.addEventListener(
      'click',
      (e) => {
        const btn = (e.target as Element | null)?.closest('button');
        if (btn?.textContent?.trim() !== '发送') return;
        const box = document.querySelector<HTMLTextAreaElement | HTMLInputElement>('[aria-label="输入消息"]');
        if (box?.value) w.latSent![box.value] = Date.now();
      },
      { capture: true },
    );
  });
}

/** B's chat tab: the first time a row shows each text, and the most rows seen with one text. */
async function stampRows(b: Page, prefix: string): Promise<void> {
  await b.evaluate((pre) => {
    const w = window as Win;
    w.latShown = {};
    w.latMaxRows = {};
    // No named helpers in page functions: the bench's transform would wrap them in __name().
    new MutationObserver(() => {
      const now = Date.now();
      const rows: Record<string, number> = {};
      for (const el of document.querySelectorAll('.msg-bubble__text')) {
        const text = el.textContent ?? '';
        if (text.startsWith(pre)) rows[text] = (rows[text] ?? 0) + 1;
      }
      for (const [text, n] of Object.entries(rows)) {
        w.latShown![text] ??= now;
        w.latMaxRows![text] = Math.max(w.latMaxRows![text] ?? 0, n);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, prefix);
}

/** B's other tabs: each change of the 消息 badge's value ('' when it is gone). */
async function stampBadge(t: Page): Promise<void> {
  await t.evaluate(() => {
    const w = window as Win;
    w.latBadge = [];
    const badge = 'nav.qs-tabbar a[aria-label="消息"] [data-unread]';
    let last = document.querySelector(badge)?.textContent?.trim() ?? '';
    new MutationObserver(() => {
      const v = document.querySelector(badge)?.textContent?.trim() ?? '';
      if (v !== last) w.latBadge!.push({ v, t: Date.now() });
      last = v;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

export interface LatencyRun {
  texts: string[];
  /** Page-side stamps by text: the 发送 click in A's page, the row in B's chat tab. */
  sent: Record<string, number>;
  shown: Record<string, number>;
  /** send → row in B's chat tab, ms, one per message shown. */
  toChat: number[];
  /** send → the next change of the badge to a count, per other tab, ms. */
  toBadge: number[];
  /** Messages for which some other tab's badge did not move before the next send. */
  badgeUnmoved: number;
  /** Sent but never shown in B's chat tab. */
  missing: string[];
  /** Never stamped as sent in A's page (the click did not see the text). */
  unsent: string[];
  duplicated: string[];
}

/**
 * A sends `count` messages through its page (fill 输入消息, click 发送), one every `gapMs`, then
 * waits up to `settleMs` for the last ones. Answers the latencies stamped in the pages.
 */
export async function sendAndTime(
  rig: LatencyRig,
  count: number,
  gapMs: number,
  settleMs = 3_000,
): Promise<LatencyRun> {
  const prefix = `测速${Date.now().toString(36)}-`;
  const [chat, ...others] = rig.bTabs as [Page, ...Page[]];
  await stampSends(rig.a);
  await stampRows(chat, prefix);
  for (const t of others) await stampBadge(t);
  const texts = Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
  const box = rig.a.getByLabel('输入消息');
  const send = rig.a.getByRole('button', { name: '发送' });
  for (const text of texts) {
    const next = Date.now() + gapMs;
    await box.fill(text);
    await send.click();
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
  }
  const last = texts[texts.length - 1]!;
  await chat
    .waitForFunction((k) => (window as Win).latShown?.[k] !== undefined, last, { polling: 100, timeout: settleMs })
    .catch(() => undefined);
  await new Promise((r) => setTimeout(r, 500));
  const sent = await rig.a.evaluate(() => (window as Win).latSent ?? {});
  const { shown, maxRows } = await chat.evaluate(() => ({
    shown: (window as Win).latShown ?? {},
    maxRows: (window as Win).latMaxRows ?? {},
  }));
  const badges = await Promise.all(others.map((t) => t.evaluate(() => (window as Win).latBadge ?? [])));
  const run: LatencyRun = {
    texts,
    sent,
    shown,
    toChat: [],
    toBadge: [],
    badgeUnmoved: 0,
    missing: [],
    unsent: [],
    duplicated: [],
  };
  texts.forEach((text, i) => {
    const t0 = sent[text];
    if (t0 === undefined) run.unsent.push(text);
    else if (shown[text] === undefined) run.missing.push(text);
    else run.toChat.push(shown[text]! - t0);
    if ((maxRows[text] ?? 0) > 1) run.duplicated.push(text);
    if (t0 === undefined) return;
    const until = sent[texts[i + 1] ?? ''] ?? Infinity;
    for (const changes of badges) {
      const moved = changes.find((c) => c.t >= t0 && c.t < until && c.v !== '');
      if (moved) run.toBadge.push(moved.t - t0);
      else run.badgeUnmoved++;
    }
  });
  return run;
}

export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const figures = (v: readonly number[]) =>
  `p50 ${percentile(v, 50)} ms, p95 ${percentile(v, 95)} ms, max ${v.length ? Math.max(...v) : NaN} ms (n=${v.length})`;

/** The server's open sockets (`ws_connections` on /metrics). */
export async function serverSockets(server: RunningServer): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('ws_connections '));
  return Number(line?.split(' ')[1] ?? NaN);
}

/** Waits until the server's socket count has been `n` for `steadyMs`; answers the last count read. */
export async function serverSocketsSettle(server: RunningServer, n: number, timeoutMs = 10_000, steadyMs = 1_000) {
  const deadline = Date.now() + timeoutMs;
  let since = 0;
  let count = NaN;
  while (Date.now() < deadline) {
    count = await serverSockets(server);
    if (count !== n) since = 0;
    else if (!since) since = Date.now();
    else if (Date.now() - since >= steadyMs) return count;
    await new Promise((r) => setTimeout(r, 100));
  }
  return count;
}

export interface SocketCensus {
  /** Targets of the context by type (page, shared_worker, …). */
  targets: Record<string, number>;
  /** Sockets created after the drop, by the type of target that created them. */
  created: Record<string, number>;
}

/**
 * Counts the sockets one browser context opens after `POST /_dev/ws/drop`, seen from the browser:
 * CDP on every target of the context (tests/helpers/cdp-context.ts: its tabs and the core's
 * SharedWorker) counts `Network.webSocketCreated` until the first new socket and then `watchMs`
 * more: every socket of the context was dropped at once and waits the same RECONNECT_MS plus up
 * to RECONNECT_JITTER_MS, so a second one (a tab's own) would come then.
 */
export async function socketCensus(
  browser: Browser,
  tab: Page,
  server: RunningServer,
  watchMs = RECONNECT_JITTER_MS + 1_000,
  timeoutMs = RECONNECT_MS + 15_000,
): Promise<SocketCensus> {
  const created: Record<string, number> = {};
  let first: () => void = () => undefined;
  const reconnected = new Promise<void>((resolve) => (first = resolve));
  const net = await watchContextNetwork(browser, tab, ({ target, method }) => {
    if (method !== 'Network.webSocketCreated') return;
    created[target] = (created[target] ?? 0) + 1;
    first();
  });
  try {
    const drop = (await (await fetch(`${server.url}/_dev/ws/drop`, { method: 'POST' })).json()) as { code: number };
    if (drop.code !== 200) throw new Error('dev control /_dev/ws/drop refused');
    await Promise.race([reconnected, new Promise((r) => setTimeout(r, timeoutMs))]);
    await new Promise((r) => setTimeout(r, watchMs));
  } finally {
    await net.detach();
  }
  return { targets: net.targets, created };
}

export const sum = (r: Record<string, number>) => Object.values(r).reduce((s, n) => s + n, 0);
