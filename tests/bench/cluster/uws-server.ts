/**
 * The uWS side of tests/bench/gateway-vs-uws.ts, in its own process: µWebSockets.js (the native
 * binary of `@trufflesuite/uws-js-unofficial`, loaded directly: the package's entry falls back to
 * a JS shim on any load error, which would measure the shim) answering the same client
 * (./clients.ts) as a gateway does, and taking the same events the same way: a NATS subscription
 * on the cluster stream's republished subject of `football`. Each message is already the EVENT
 * frame a socket gets, and goes out with uWS's own pub/sub (`app.publish`: framed once, written
 * to every subscriber), which is what uWS offers for fan-out.
 *
 * What it speaks of the protocol: the socket-address call (POST, an envelope naming this server),
 * HELLO on open, SUBSCRIBE → SUBSCRIBED, heartbeats. Nothing else: no auth, resume or replay.
 *
 *   argv: <natsUrl> <subject>; prints { port } on IPC once listening.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import {
  Frame,
  HEARTBEAT_MS,
  HEARTBEAT_TEXT,
  PROTOCOL_VERSION,
  SERVER_IDLE_TIMEOUT_MS,
  SystemPaths,
  embeddedUrl,
} from '../../../workers/protocol/index';

interface UwsSocket {
  send(msg: string | ArrayBuffer | Uint8Array, isBinary?: boolean): number;
  subscribe(topic: string): boolean;
}
interface UwsResponse {
  onAborted(cb: () => void): UwsResponse;
  onData(cb: (chunk: ArrayBuffer, last: boolean) => void): UwsResponse;
  writeHeader(k: string, v: string): UwsResponse;
  end(body?: string): UwsResponse;
  cork(cb: () => void): UwsResponse;
}
interface UwsApp {
  ws(pattern: string, behavior: Record<string, unknown>): UwsApp;
  post(pattern: string, handler: (res: UwsResponse) => void): UwsApp;
  listen(host: string, port: number, cb: (token: unknown) => void): UwsApp;
  publish(topic: string, msg: Uint8Array, isBinary: boolean): boolean;
  numSubscribers(topic: string): number;
}
interface Uws {
  App(): UwsApp;
  us_socket_local_port(token: unknown): number;
}

/** The package's native binary for this platform and Node ABI; throws rather than fall back. */
function loadNativeUws(): Uws {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@trufflesuite/uws-js-unofficial/package.json'));
  const file = path.join(dir, 'binaries', `uws_${process.platform}_${process.arch}_${process.versions.modules}.node`);
  const uws = require(file) as Uws;
  // The shim's App is a JS function; the binary's is native code.
  if (!/\[native code\]/.test(String(uws.App))) throw new Error(`${file} is not the native uWS`);
  return uws;
}

async function main() {
  const [natsUrl, subject] = process.argv.slice(2);
  const uws = loadNativeUws();
  const app = uws.App();
  const serverId = `uws-${process.pid}`;
  const hello = JSON.stringify({
    code: Frame.HELLO,
    data: { serverId, version: PROTOCOL_VERSION, heartbeatMs: HEARTBEAT_MS, idleTimeoutMs: SERVER_IDLE_TIMEOUT_MS },
  });
  let seq = 0;
  let port = 0;

  app.ws(SystemPaths.socket, {
    compression: 0,
    maxPayloadLength: 16 * 1024,
    idleTimeout: Math.round(SERVER_IDLE_TIMEOUT_MS / 1000),
    // As the gateway's 1 MB before a socket is skipped.
    maxBackpressure: 1024 * 1024,
    open(ws: UwsSocket) {
      ws.send(hello, false);
    },
    message(ws: UwsSocket, msg: ArrayBuffer) {
      const text = Buffer.from(msg).toString('utf8');
      if (text === HEARTBEAT_TEXT) return;
      const f = JSON.parse(text) as { code: number; data: { topics: Array<{ topic: string }> } };
      if (f.code !== Frame.SUBSCRIBE) return;
      for (const { topic } of f.data.topics) {
        ws.subscribe(topic);
        ws.send(JSON.stringify({ code: Frame.SUBSCRIBED, data: { topic, seq, replayed: 0 } }), false);
      }
    },
  });
  app.post(embeddedUrl(SystemPaths.socketAddress), (res) => {
    res.onAborted(() => undefined);
    res.onData((_chunk, last) => {
      if (!last) return;
      res.cork(() => {
        res.writeHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            code: 200,
            msg: 'ok',
            data: { token: 'uws', lotteryAddress: [{ protocol: 'ws', host: '127.0.0.1', port }] },
          }),
        );
      });
    });
  });

  const nc = await connect({ servers: natsUrl, name: serverId });
  nc.subscribe(subject, {
    callback: (err, m) => {
      if (err) return;
      seq++;
      app.publish('football', m.data, false);
    },
  });
  await nc.flush();

  await new Promise<void>((resolve, reject) =>
    app.listen('127.0.0.1', 0, (token) => {
      if (!token) return reject(new Error('uWS did not listen'));
      port = uws.us_socket_local_port(token);
      resolve();
    }),
  );
  process.send?.({ port });
  process.on('message', (m: { stop?: true }) => {
    if (m.stop) process.exit(0);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
