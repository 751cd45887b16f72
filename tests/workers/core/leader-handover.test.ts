/**
 * Leader mode's handover as the tab client sees it: a tab asks for the core while another tab
 * holds the leader lock, then takes the lock itself. Its host then answers the pending ask with a
 * link into the worker it just started, and also says the core changed (which asks again). The
 * worker answers nothing until its script has loaded. Both asks must end in one link that the
 * tab keeps, served as soon as the worker runs, not after a hello times out (CI saw the row's
 * goal missing for 5 s in core.e2e's leader case).
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Endpoint } from 'comlink';
import { startTestServer, type TestServer } from '../../helpers/ws-client';
import { CoreHarness, channelLink } from '../helpers/core-harness';
import { CoreClient, type CoreHost, type CoreLink } from '../../../src/core/core-client';

/** How long the new leader's worker takes to load its script (messages wait meanwhile). */
const WORKER_LOAD_MS = 400;
/** The leader host asks for the leader this often (hosts.ts). */
const ASK_EVERY_MS = 150;

let srv: TestServer;
let h: CoreHarness | null = null;

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});
afterEach(async () => {
  await h?.dispose();
  h = null;
});

it('a tab that takes the leader lock while asking is served once its worker runs, on one link', async () => {
  h = new CoreHarness(srv.base);
  const harness = h;
  let leaderAt = 0;
  let changed: (() => void) | null = null;
  const links: { closed: boolean }[] = [];
  /** A link into the new worker: its ends are served once the worker's script has loaded. */
  const workerLink = (): CoreLink => {
    const { link, worker } = channelLink();
    const state = { closed: false };
    links.push(state);
    setTimeout(
      () =>
        harness.coordinator.connect({
          rpc: worker.rpc as unknown as Endpoint,
          sink: worker.sink as unknown as Endpoint,
        }),
      Math.max(0, leaderAt + WORKER_LOAD_MS - Date.now()),
    );
    return {
      ...link,
      close() {
        state.closed = true;
        link.close();
      },
    };
  };
  const host: CoreHost = {
    mode: 'leader',
    // As hosts.ts: until this tab leads, ask the relay every 150 ms (nobody answers here).
    connect: () =>
      new Promise<CoreLink>((resolve) => {
        const ask = () => {
          if (!leaderAt) return;
          clearInterval(timer);
          resolve(workerLink());
        };
        const timer = setInterval(ask, ASK_EVERY_MS);
        ask();
      }),
    onCoreChanged(cb) {
      changed = cb;
    },
    dispose() {},
  };
  const tab = new CoreClient(host, { tabId: 'waiting', lockName: null, isVisible: () => true, pingEveryMs: 60_000 });
  await new Promise((r) => setTimeout(r, 500));
  // The lock passes to this tab: the worker starts, the host says the core changed.
  leaderAt = Date.now();
  changed!();
  await tab.getSettings();
  const served = Date.now() - leaderAt;
  expect(served).toBeLessThan(WORKER_LOAD_MS + 1_000);
  await tab.subscribe({ kind: 'match', id: 9006, sport: 'zq' }, () => undefined);
  // One link said hello for the tab (the other ask's link was closed unused).
  expect(harness.coordinator.tabStats().filter((t) => t.tabId === 'waiting')).toHaveLength(1);
  expect(harness.coordinator.subscriptionCount()).toBe(1);
  // The tab keeps exactly one open link, and nothing replaces it later.
  await new Promise((r) => setTimeout(r, 3_000));
  expect(links.filter((l) => !l.closed)).toHaveLength(1);
  expect(harness.coordinator.subscriptionCount()).toBe(1);
  await tab.dispose();
});
