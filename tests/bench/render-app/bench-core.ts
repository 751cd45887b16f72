/**
 * Stands in for src/core/get-core.ts in the bench build (Vite alias): the app's real core,
 * coordinator and tab client, wired to the in-page backend stand-in instead of the network.
 * `?core=worker` (default) runs the core in a dedicated Worker as the app does; `?core=inline`
 * runs it in the tab (the app's last-resort mode, the heaviest case for the main thread).
 */
import { createCore } from '../../../workers/core/core';
import { createCoordinator } from '../../../workers/core/coordinator';
import { createMemoryStore } from '../../../workers/core/store';
import { CoreClient, type CoreHost, type CoreLink } from '../../../src/core/core-client';
import { BenchServer, generateLoad, type LoadOptions } from './bench-server';

export const MATCH_COUNT = 1000;
export const CORE_MODE = new URLSearchParams(location.search).get('core') === 'inline' ? 'inline' : 'worker';

export interface LoadDriver {
  /** Runs the load; `onGoal` gets each goal's key and absolute send time. */
  run(opts: LoadOptions, shown: () => number[], onGoal: (key: string, t: number) => void): Promise<number>;
}

function channels(connect: (rpc: MessagePort, sink: MessagePort) => void): CoreLink {
  const rpc = new MessageChannel();
  const sink = new MessageChannel();
  connect(rpc.port2, sink.port2);
  return {
    rpc: rpc.port1,
    sink: sink.port1,
    close() {
      rpc.port1.close();
      sink.port1.close();
    },
  };
}

function inlineSetup(): { host: CoreHost; driver: LoadDriver } {
  const server = new BenchServer(MATCH_COUNT);
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
  return {
    host: {
      mode: 'inline',
      connect: async () => channels((rpc, sink) => coordinator.connect({ rpc, sink })),
      onCoreChanged() {},
      dispose() {},
    },
    driver: { run: (opts, shown, onGoal) => generateLoad(server, opts, shown, onGoal) },
  };
}

function workerSetup(): { host: CoreHost; driver: LoadDriver } {
  const worker = new Worker(new URL('./bench-worker.ts', import.meta.url), { type: 'module' });
  return {
    host: {
      mode: 'leader',
      connect: async () => channels((rpc, sink) => worker.postMessage({ type: 'core-link', rpc, sink }, [rpc, sink])),
      onCoreChanged() {},
      dispose() {},
    },
    driver: {
      run(opts, shown, onGoal) {
        return new Promise((resolve) => {
          const timer = setInterval(() => worker.postMessage({ type: 'shown', ids: shown() }), 50);
          worker.onmessage = (
            ev: MessageEvent<{ type: 'goal'; key: string; t: number } | { type: 'done'; events: number }>,
          ) => {
            if (ev.data.type === 'goal') onGoal(ev.data.key, ev.data.t);
            else {
              clearInterval(timer);
              resolve(ev.data.events);
            }
          };
          worker.postMessage({ type: 'shown', ids: shown() });
          worker.postMessage({ type: 'run', opts });
        });
      },
    },
  };
}

const setup = CORE_MODE === 'inline' ? inlineSetup() : workerSetup();
export const driver = setup.driver;

let client: CoreClient | null = null;

export function getCore(): CoreClient {
  client ??= new CoreClient(setup.host, {
    tabId: 'bench-tab',
    lockName: null,
    isVisible: () => true,
    initialSession: () => ({ loggedIn: false, user: null, token: null, ready: true }),
  });
  return client;
}
