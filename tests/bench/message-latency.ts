/**
 * Message latency (issue 13, "Speed"): a message from user A reaches user B's open chat tab with
 * p95 ≤ 150 ms on loopback, with three tabs of B open and exactly one socket for B's browser.
 *
 * The real server (built client, temp PGlite, demo users), Chromium at 375×812: A in one context
 * on the chat with B; B in another context with three tabs (the chat with A, /live/hot,
 * /message). A sends `--messages` messages through its page (fill 输入消息, click 发送), one every
 * `--gap-ms`. Times are stamped in the pages (tests/helpers/message-latency.ts): the 发送 click in
 * A's page, the row's appearance in B's chat tab, each badge change in B's other two tabs.
 * B's sockets: the server's `ws_connections` with A's and B's contexts open, and CDP on every
 * target of B's context after a socket drop (which target opens a socket when the core reconnects).
 * Where the time goes (./message-legs.ts): when A's core sends the POST, and when B's SharedWorker
 * receives the frame, from CDP's network events.
 *
 *   npx tsx tests/bench/message-latency.ts [--messages 50] [--gap-ms 550] [--runs 1]
 *
 * The gap defaults to just over IM_SEND_RATE (20 messages in 10 s per sender): at a faster pace
 * the 21st message of the window is refused (发送太频繁) and never reaches B.
 *
 * 2026-11-26 on 2 shared cores (other sessions' tests running), 50 messages one every 550 ms:
 * - load 7.6: send → B's open chat tab p50 42 ms, p95 91 ms, max 97 ms; send → badge in B's
 *   other two tabs p50 46 ms, p95 110 ms, max 153 ms. Legs (p50 / p95): click → POST leaves A's
 *   core 5 / 32 ms, POST → frame at B's SharedWorker 23 / 47 ms (the server's own part, auth +
 *   insert + publish, timed once in the route: p50 ~7 ms, 4–50 ms), frame → row in B's tab
 *   13 / 23 ms. No leg dominates; nothing to fix for the 150 ms aim.
 * - load 10.1: to the chat tab p50 42 ms, p95 111 ms, max 206 ms; to the badge p50 43 ms,
 *   p95 146 ms, max 246 ms. Other runs at load 6–11: p95 136, 110, 104, 87, 76, 65 ms, and twice
 *   over the aim: 357 ms (load 10.8) and 196 ms (load 6.9; there POST → frame p95 146 ms).
 * - Where a slow POST → frame leg goes, one run with the send route timed inside the server
 *   (load 6): the route (auth + insert + publish) took p50 8 ms, max 24 ms, while its slowest
 *   legs took 35–60 ms: the rest is outside the route (Fastify's hooks and body parsing, the
 *   socket write, Chromium's network service, and the Node process and Chromium's four tabs and
 *   their workers sharing two loaded cores; not split further). Publishing `im` before the counts
 *   query (server/im/publish.ts) would save its ~1 ms: not done.
 * Every run: missing 0, duplicated 0. The badge moves for about 60% of the messages only: B's
 * open chat tab reads each one at once, so the count goes 1 then 0, and when both reach a tab in
 * one coalesced batch the 1 never shows (likely; not traced further).
 * Sockets: the server holds 2 (A's one tab, B's three tabs), and after a drop B's browser opens
 * exactly 1, in its SharedWorker (targets watched: 3 pages, 1 shared_worker, 1 service_worker).
 *
 * 2026-11-26 22:30 UTC on a quiet machine (load 1.9), 1 run of 50 messages: send → B's open chat
 * tab p50 33 ms, p95 49 ms (aim ≤ 150 ms), max 63 ms; legs p95: click → POST 8 ms, POST → frame at
 * B's SharedWorker 28 ms, frame → row 18 ms; badge in B's other tabs p95 43 ms; 0 missing, 0
 * duplicated; one socket for B's three tabs.
 */
import { launchBrowser, startServer } from '../helpers/e2e';
import {
  figures,
  msgBrowserArgs,
  openRig,
  sendAndTime,
  serverSocketsSettle,
  socketCensus,
  sum,
} from '../helpers/message-latency';
import { arg, runBench } from './scroll-figures';
import { watchLegs } from './message-legs';
import { IM_SEND_RATE } from '../../workers/protocol/api/message';

const MESSAGES = arg('messages', 50);
// The server takes at most IM_SEND_RATE.max messages per sender in any IM_SEND_RATE.windowMs
// (20 in 10 s): a steady pace under that, or the 21st message of a burst is refused (发送太频繁).
const GAP_MS = arg('gap-ms', Math.ceil(IM_SEND_RATE.windowMs / IM_SEND_RATE.max) + 50);
const RUNS = arg('runs', 1);

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await launchBrowser(msgBrowserArgs(server));
  try {
    const rig = await openRig(browser, server);
    const open = await serverSocketsSettle(server, 2);
    console.log(`server: ${open} open sockets for A's 1 tab and B's 3 tabs (aim 2: one per browser)`);
    const census = await socketCensus(browser, rig.bTabs[0]!, server);
    console.log(
      `B's browser after a drop: targets ${JSON.stringify(census.targets)}, ` +
        `sockets created ${JSON.stringify(census.created)} = ${sum(census.created)} (aim 1, in the shared_worker)`,
    );
    console.log(`server after the reconnect: ${await serverSocketsSettle(server, 2)} open sockets`);
    const legs = await watchLegs(browser, rig);
    for (let run = 1; run <= RUNS; run++) {
      const r = await sendAndTime(rig, MESSAGES, GAP_MS);
      console.log(`run ${run}: ${MESSAGES} messages, one every ${GAP_MS} ms`);
      console.log(`  send → B's open chat tab: ${figures(r.toChat)} (aim p95 ≤ 150 ms)`);
      console.log(legs.report(r));
      console.log(`  send → badge in B's other 2 tabs: ${figures(r.toBadge)}; badge did not move ${r.badgeUnmoved}×`);
      console.log(`  missing ${r.missing.length}, duplicated ${r.duplicated.length} in B's chat tab (aim 0/0)`);
      if (r.unsent.length) console.log(`  not stamped as sent in A's page: ${r.unsent.length}`);
      if (r.missing.length) console.log(`  missing: ${r.missing.join(' ')}`);
      const count = await rig.bTabs[0]!.locator('[data-message-count]').getAttribute('data-message-count');
      console.log(`  B's chat tab holds ${count} messages`);
      const failed = await rig.a.locator('[data-message-state="failed"]').allTextContents();
      if (failed.length) console.log(`  failed in A's page: ${failed.length}, first: ${failed[0]}`);
    }
    await legs.detach();
  } finally {
    await browser.close();
    await server.stop();
  }
}

runBench(main);
