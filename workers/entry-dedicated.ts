/**
 * Dedicated Worker entry (leader mode, where SharedWorker is missing): wiring only. The leader
 * tab runs this and relays the other tabs' links to it.
 */
import { startBrowserCoordinator } from './core/browser-core';
import { isLinkRequest } from './core/port-api';

const coordinator = startBrowserCoordinator('leader');

self.onmessage = (ev: MessageEvent) => {
  if (isLinkRequest(ev.data)) coordinator.connect({ rpc: ev.data.rpc, sink: ev.data.sink });
};
