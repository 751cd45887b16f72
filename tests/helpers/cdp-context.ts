/**
 * CDP on every target of one browser context (its tabs, iframes and workers, the core's
 * SharedWorker included), for browser tests and benches that must see what a worker does on the
 * network. Playwright does not list shared workers, so a browser-level CDP session attaches to
 * each target (not flattened: its messages travel through `Target.sendMessageToTarget`) and
 * enables Network there. Only the targets present when it is called are watched.
 */
import type { Browser, Page } from 'playwright-core';

/** Target types that can open sockets or requests (not the browser's own UI targets). */
const NETWORK_TARGETS = new Set(['page', 'iframe', 'worker', 'shared_worker', 'service_worker']);

export interface NetworkEvent {
  /** The target's type: page, shared_worker, … */
  target: string;
  method: string;
  params: Record<string, unknown>;
}

export interface ContextNetwork {
  /** Targets watched, by type. */
  targets: Record<string, number>;
  detach(): Promise<void>;
}

/** Calls `onEvent` for every Network event of the context of `tab` until `detach`. */
export async function watchContextNetwork(
  browser: Browser,
  tab: Page,
  onEvent: (e: NetworkEvent) => void,
): Promise<ContextNetwork> {
  const own = await tab.context().newCDPSession(tab);
  const { targetInfo } = await own.send('Target.getTargetInfo');
  await own.detach();
  const cdp = await browser.newBrowserCDPSession();
  const typeOf = new Map<string, string>();
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const target = typeOf.get(sessionId);
    if (!target || !message.startsWith('{"method":"Network.')) return;
    const { method, params } = JSON.parse(message) as { method: string; params: Record<string, unknown> };
    onEvent({ target, method, params });
  });
  const targets: Record<string, number> = {};
  const { targetInfos } = await cdp.send('Target.getTargets');
  for (const t of targetInfos) {
    if (t.browserContextId !== targetInfo.browserContextId || !NETWORK_TARGETS.has(t.type)) continue;
    targets[t.type] = (targets[t.type] ?? 0) + 1;
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false });
    typeOf.set(sessionId, t.type);
    const enable = JSON.stringify({ id: 1, method: 'Network.enable' });
    await cdp.send('Target.sendMessageToTarget', { sessionId, message: enable });
  }
  return { targets, detach: () => cdp.detach() };
}
