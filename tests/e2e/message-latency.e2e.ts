/**
 * Message speed with B's three tabs open (issue 13, "Speed"): demo users A and B in two browser
 * contexts at 375×812; B has the chat with A open in one tab and two other tabs elsewhere. B's
 * browser holds exactly one socket for its three tabs (counted by the server, and by CDP on every
 * target of B's context after a socket drop: the SharedWorker opens it, no tab does). Then A sends
 * 20 messages through its page at a steady pace under the send limit: each shows exactly once in
 * B's chat tab, each within 1 s of the 发送 tap (stamped in the pages; the bench,
 * tests/bench/message-latency.ts, measures the p95 against the 150 ms).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { IM_SEND_RATE } from '../../workers/protocol/api/message';
import { launchBrowser, startServer, type RunningServer } from '../helpers/e2e';
import {
  figures,
  msgBrowserArgs,
  openRig,
  percentile,
  sendAndTime,
  serverSocketsSettle,
  socketCensus,
  sum,
  type LatencyRig,
} from '../helpers/message-latency';

let server: RunningServer;
let browser: Browser;
let rig: LatencyRig;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(msgBrowserArgs(server));
  rig = await openRig(browser, server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('message speed with three tabs of B open', () => {
  it("B's browser holds exactly one socket for its three tabs", async () => {
    // A's one tab and B's three: one socket per browser, two in all.
    expect(await serverSocketsSettle(server, 2)).toBe(2);
    const census = await socketCensus(browser, rig.bTabs[0]!, server);
    expect(census.targets.page).toBe(3);
    expect(census.created).toEqual({ shared_worker: 1 });
    expect(sum(census.created)).toBe(1);
    expect(await serverSocketsSettle(server, 2)).toBe(2);
  });

  it("20 messages from A each show once in B's open chat tab, each within 1 s", async () => {
    const gap = Math.ceil(IM_SEND_RATE.windowMs / IM_SEND_RATE.max) + 50;
    const run = await sendAndTime(rig, 20, gap);
    console.info(`[message-latency.e2e] send → B's chat tab: ${figures(run.toChat)}`);
    console.info(`[message-latency.e2e] send → badge in B's other tabs: ${figures(run.toBadge)}`);
    expect(run.unsent).toEqual([]);
    expect(run.missing).toEqual([]);
    expect(run.duplicated).toEqual([]);
    expect(run.toChat).toHaveLength(20);
    expect(Math.max(...run.toChat)).toBeLessThan(1_000);
    expect(percentile(run.toChat, 95)).toBeLessThan(1_000);
    const count = rig.bTabs[0]!.locator('[data-message-count]');
    expect(await count.getAttribute('data-message-count')).toBe('20');
  });
});
