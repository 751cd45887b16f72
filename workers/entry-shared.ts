/**
 * SharedWorker entry: wiring only. One core for every tab of the profile.
 * Must not import src/ or React (house rule 1).
 */
import { startBrowserCoordinator } from './core/browser-core';
import { isLinkRequest } from './core/port-api';

const coordinator = startBrowserCoordinator('shared');

(self as unknown as { onconnect: (e: MessageEvent) => void }).onconnect = (e: MessageEvent) => {
  const port = e.ports[0];
  port.onmessage = (ev: MessageEvent) => {
    if (isLinkRequest(ev.data)) coordinator.connect({ rpc: ev.data.rpc, sink: ev.data.sink });
  };
  port.start();
};
