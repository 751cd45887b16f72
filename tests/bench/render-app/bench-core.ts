/**
 * Stands in for src/core/get-core.ts in the bench build (Vite alias): the app's real core,
 * coordinator and tab client, wired in this page to the in-page BenchServer instead of the
 * network. The core runs in the tab (the app's 'inline' mode), the heaviest case for the main
 * thread: in the app it runs in a SharedWorker.
 */
import { createCore } from '../../../workers/core/core';
import { createCoordinator } from '../../../workers/core/coordinator';
import { createMemoryStore } from '../../../workers/core/store';
import { CoreClient, type CoreHost, type CoreLink } from '../../../src/core/core-client';
import { BenchServer } from './bench-server';

export const MATCH_COUNT = 1000;
export const server = new BenchServer(MATCH_COUNT);

const core = createCore({
  instanceId: 'bench-core',
  mode: 'inline',
  fetch: server.fetch,
  baseUrl: (family) => `${location.origin}${family === 'main' ? '/main' : ''}`,
  WebSocket: server.WebSocket,
  store: createMemoryStore(),
  resolveSocketUrl: async () => 'ws://bench.invalid/ws',
});
const coordinator = createCoordinator({ core });

const host: CoreHost = {
  mode: 'inline',
  async connect(): Promise<CoreLink> {
    const rpc = new MessageChannel();
    const sink = new MessageChannel();
    coordinator.connect({ rpc: rpc.port2, sink: sink.port2 });
    return {
      rpc: rpc.port1,
      sink: sink.port1,
      close() {
        rpc.port1.close();
        sink.port1.close();
      },
    };
  },
  onCoreChanged() {},
  dispose() {},
};

let client: CoreClient | null = null;

export function getCore(): CoreClient {
  client ??= new CoreClient(host, {
    tabId: 'bench-tab',
    lockName: null,
    isVisible: () => true,
    initialSession: () => ({ loggedIn: false, user: null, token: null, ready: true }),
  });
  return client;
}
