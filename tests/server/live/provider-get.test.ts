/**
 * A provider GET whose keep-alive connection is closed under it (the provider's idle timeout
 * meeting our next poll) goes out once more on a fresh connection; other failures are not retried.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closedUnder, providerGet } from '../../../server/live/provider-get';

let server: http.Server | null = null;

afterEach(async () => {
  const s = server;
  server = null;
  if (!s) return;
  s.closeAllConnections();
  await new Promise((r) => s.close(r));
});

/** The answered connection is back in fetch's pool (it is returned a moment after the body ends). */
const pooled = () => new Promise((r) => setTimeout(r, 50));

/** A server that answers the first request of each connection and drops the connection on its second. */
async function closingServer(): Promise<{ url: string; requests: () => number }> {
  const seen = new WeakMap<Socket, number>();
  let requests = 0;
  server = http.createServer((req, res) => {
    requests++;
    const n = (seen.get(req.socket) ?? 0) + 1;
    seen.set(req.socket, n);
    if (n > 1) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' }).end('{"ok":true}');
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`, requests: () => requests };
}

describe('providerGet', () => {
  it('sends a request again on a fresh connection when its keep-alive connection is closed under it', async () => {
    const s = await closingServer();
    expect(await (await providerGet(s.url)).json()).toEqual({ ok: true });
    await pooled();
    // The second request goes out on the same kept-alive connection, which the server drops.
    const again = await providerGet(s.url);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true });
    expect(s.requests()).toBe(3);
  });

  it('a plain fetch fails there (what the retry is for)', async () => {
    const s = await closingServer();
    await (await fetch(s.url)).json();
    await pooled();
    const err = await fetch(s.url).then(
      () => null,
      (e: unknown) => e,
    );
    expect(closedUnder(err)).toBe(true);
  });

  it('does not retry a refused connection or an error status', async () => {
    server = http.createServer((_req, res) => res.writeHead(500).end('down'));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
    expect((await providerGet(url)).status).toBe(500);
    const port = (server.address() as AddressInfo).port;
    server.closeAllConnections();
    await new Promise((r) => server!.close(r));
    server = null;
    const refused = await providerGet(`http://127.0.0.1:${port}/x`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(TypeError);
    expect(closedUnder(refused)).toBe(false);
  });
});
