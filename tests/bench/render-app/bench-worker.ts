/**
 * The core in a dedicated Worker, as the app runs it (SharedWorker, or a Worker in leader mode),
 * with the in-page backend stand-in beside it. The page links to it with two MessagePorts.
 */
import { createCore } from '../../../workers/core/core';
import { createCoordinator } from '../../../workers/core/coordinator';
import { createMemoryStore } from '../../../workers/core/store';
import { BenchServer, generateLoad, type LoadOptions } from './bench-server';

export const MATCH_COUNT = 1000;
const server = new BenchServer(MATCH_COUNT);
const core = createCore({
  instanceId: 'bench-core-worker',
  mode: 'leader',
  fetch: server.fetch,
  baseUrl: (family) => `${self.location.origin}${family === 'main' ? '/main' : ''}`,
  WebSocket: server.WebSocket,
  store: createMemoryStore(),
  resolveSocketUrl: async () => 'ws://bench.invalid/ws',
});
const coordinator = createCoordinator({ core });
let shown: number[] = [];

type Msg =
  | { type: 'core-link'; rpc: MessagePort; sink: MessagePort }
  | { type: 'shown'; ids: number[] }
  | { type: 'run'; opts: LoadOptions };

self.onmessage = (ev: MessageEvent<Msg>) => {
  const m = ev.data;
  if (m.type === 'core-link') coordinator.connect({ rpc: m.rpc, sink: m.sink });
  else if (m.type === 'shown') shown = m.ids;
  else if (m.type === 'run') {
    void generateLoad(
      server,
      m.opts,
      () => shown,
      (key, t) => self.postMessage({ type: 'goal', key, t }),
    ).then((events) => self.postMessage({ type: 'done', events }));
  }
};
