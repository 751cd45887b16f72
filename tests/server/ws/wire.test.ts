/**
 * Pre-built frames written to a socket's handle (server/ws/wire.ts): with a real ws server and a
 * client on loopback, frames written directly and frames sent by ws itself arrive whole and in
 * order, and bytes queued in libuv (a client that stopped reading) count as pending, so the
 * hub's backpressure sees a slow socket although the stream itself has nothing queued.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { rawSocketOf, rawWriterOf, textFrame } from '../../../server/ws/wire';

const servers: WebSocketServer[] = [];
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.terminate();
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

async function pair(): Promise<{ server: WebSocket; client: WebSocket }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  servers.push(wss);
  await once(wss, 'listening');
  const port = (wss.address() as AddressInfo).port;
  const accepted = once(wss, 'connection') as Promise<[WebSocket]>;
  const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
  clients.push(client);
  await once(client, 'open');
  const [server] = await accepted;
  return { server, client };
}

describe('rawWriterOf', () => {
  it("interleaves direct writes with ws sends, in order, gathers a lagging socket's frames, and counts what libuv holds as pending", async () => {
    const { server, client } = await pair();
    const writer = rawWriterOf(server);
    expect(writer).not.toBeNull();
    const raw = rawSocketOf(server)!;

    // Writes handed to libuv (each is a syscall or a queued libuv write), on this socket's handle.
    const handle = (raw as unknown as { _handle: Record<string, (...a: unknown[]) => number> })._handle;
    let handleWrites = 0;
    for (const name of ['writeBuffer', 'writev', 'writeUtf8String', 'writeLatin1String']) {
      const original = handle[name];
      handle[name] = function (this: unknown, ...a: unknown[]) {
        handleWrites++;
        return original.apply(this, a);
      };
    }

    const got: string[] = [];
    client.on('message', (d: Buffer) => got.push(d.toString()));
    // The client stops reading: the kernel's buffers fill and the rest waits in the server's libuv queue.
    (client as unknown as { _socket: { pause(): void } })._socket.pause();

    const big = 'x'.repeat(60_000);
    const expected: string[] = [];
    for (let i = 0; i < 200; i++) {
      const text = `${i}:${big}`;
      expected.push(text);
      writer!.write(textFrame(Buffer.from(text)));
      if (i % 50 === 49) {
        // ws's own sends (control frames, HELLO) share the socket and must stay in place.
        const own = `own-${i}`;
        expected.push(own);
        server.send(own);
      }
    }
    await new Promise((r) => setTimeout(r, 100));
    // 12 MB cannot all be in the kernel: the remainder is pending, though the stream's own queue
    // held only ws's sends.
    expect(writer!.pending()).toBeGreaterThan(1_000_000);
    expect(writer!.pending()).toBeGreaterThan(raw.writableLength);

    (client as unknown as { _socket: { resume(): void } })._socket.resume();
    const deadline = Date.now() + 20_000;
    while (got.length < expected.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(got.length).toBe(expected.length);
    expect(got).toEqual(expected);
    expect(writer!.pending()).toBe(0);
    // A client that stopped reading gets its frames gathered (one writev per completed write), not
    // one libuv write per frame.
    expect(handleWrites).toBeLessThan(expected.length / 2);

    // A close after direct writes still closes cleanly (the close frame follows the frames).
    writer!.write(textFrame(Buffer.from('last')));
    const closed = once(client, 'close') as Promise<[number, Buffer]>;
    server.close(4011, 'move');
    const [code] = await closed;
    expect(code).toBe(4011);
    expect(got[got.length - 1]).toBe('last');
  }, 60_000);

  it('is null for a socket with permessage-deflate (its frames differ)', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: true });
    servers.push(wss);
    await once(wss, 'listening');
    const port = (wss.address() as AddressInfo).port;
    const accepted = once(wss, 'connection') as Promise<[WebSocket]>;
    const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: true });
    clients.push(client);
    await once(client, 'open');
    const [server] = await accepted;
    expect(rawWriterOf(server)).toBeNull();
  });
});
