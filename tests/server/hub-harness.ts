/**
 * The socket hub's test server (tests/server/hub*.test.ts): a real server (buildServer on PGlite,
 * port 0) and real `ws` clients. Short timeouts are injected through BuildOptions.hub; `clock`
 * moves the server's time.
 */
import { afterAll, beforeAll } from 'vitest';
import { Frame, SystemPaths, type RoomEvent, type ServerFrame } from '../../workers/protocol/index';
import { TestSocket, startTestServer, type TestServer } from '../helpers/ws-client';

/** Starting a server creates and migrates a fresh database: slow when the machine is busy. */
export const START_MS = 180_000;

export const notice = (text: string): RoomEvent => ({ kind: 'notice', text, at: 0 });
export const isEvent = (topic: string) => (f: ServerFrame) => f.code === Frame.EVENT && f.topic === topic;
export const isCode = (code: number) => (f: ServerFrame) => f.code === code;

export async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}${SystemPaths.metrics}`)).text();
  const line = text.split('\n').find((l) => l.startsWith(name + ' ') || l.startsWith(name + '{'));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** The server's clock runs this far ahead of Date.now(). */
export const clock = { offset: 0 };
const hubServer = { srv: null as unknown as TestServer };
/** The file's server (started by useHubServer). */
export const srv = (): TestServer => hubServer.srv;
/** Sockets closed after the file's tests. */
export const openSockets: TestSocket[] = [];

export async function connect(opts: { token?: string; group?: string } = {}) {
  const c = await TestSocket.connect(hubServer.srv.base, opts);
  openSockets.push(c.sock);
  return c;
}

/** Starts the file's server before its tests and closes it (and every socket opened) after. */
export function useHubServer(): void {
  beforeAll(async () => {
    hubServer.srv = await startTestServer({
      // Behind a proxy (TRUST_PROXY): the forwarded-proto address test relies on it.
      config: { trustProxy: true },
      now: () => Date.now() + clock.offset,
      hub: {
        sweepMs: 50,
        replayMaxEvents: 20,
        replayWindowMs: 60_000,
        maxMessagesPerSecond: 20,
        maxBufferedBytes: 64 * 1024,
        slowDropMs: 60_000,
      },
    });
  }, START_MS);
  afterAll(async () => {
    for (const s of openSockets.splice(0)) s.close();
    await hubServer.srv.close();
  }, START_MS);
}
