/**
 * Socket admission (issue 33, security 3) on a real server with real `ws` clients: a connect token
 * opens one socket (a replay is closed with BAD_TOKEN, so the core fetches a fresh address), and
 * one client address holds at most WS_MAX_PER_ADDRESS sockets (the next is closed with
 * TOO_MANY_SOCKETS; a closed socket gives its slot back).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Frame, SocketClose } from '../../../workers/protocol/index';
import { loadConfig } from '../../../server/config';
import { TestSocket, socketUrl, startTestServer, type TestServer } from '../../helpers/ws-client';

const CAP = 3;
let srv: TestServer;
const open: TestSocket[] = [];

beforeAll(async () => {
  srv = await startTestServer({
    config: { limits: { ...loadConfig({} as NodeJS.ProcessEnv).limits, socketsPerAddress: CAP } },
  });
}, 180_000);
afterAll(async () => {
  for (const s of open) s.close();
  await srv?.close();
}, 180_000);

async function connectWith(url: string): Promise<TestSocket> {
  const s = await TestSocket.open(url);
  open.push(s);
  return s;
}

describe('socket admission', () => {
  it('WS_MAX_PER_ADDRESS: 200 by default, 0 for no cap, anything else refused at start', () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).limits.socketsPerAddress).toBe(200);
    expect(loadConfig({ WS_MAX_PER_ADDRESS: '0' } as NodeJS.ProcessEnv).limits.socketsPerAddress).toBe(0);
    expect(() => loadConfig({ WS_MAX_PER_ADDRESS: '-1' } as NodeJS.ProcessEnv)).toThrow(/WS_MAX_PER_ADDRESS/);
  });

  it('a connect token opens one socket; the same token again is closed with BAD_TOKEN', async () => {
    const url = await socketUrl(srv.base);
    const first = await connectWith(url);
    await first.next((f) => f.code === Frame.HELLO);
    const replay = await connectWith(url);
    expect((await replay.closed).code).toBe(SocketClose.BAD_TOKEN);
    expect(replay.frames.some((f) => f.code === Frame.HELLO)).toBe(false);
    // The first socket is untouched, and a fresh address connects as usual.
    first.send('0');
    const fresh = await connectWith(await socketUrl(srv.base));
    await fresh.next((f) => f.code === Frame.HELLO);
    first.close();
    fresh.close();
    await Promise.all([first.closed, fresh.closed]);
  });

  it('one address holds at most the cap; parallel connects past it are closed, a freed slot is reused', async () => {
    // Give the server a moment to see the previous test's sockets close.
    await expect.poll(() => srv.built.ctx.hub.connectionCount(), { timeout: 5_000 }).toBe(0);
    const urls = await Promise.all(Array.from({ length: CAP + 5 }, () => socketUrl(srv.base)));
    const socks = await Promise.all(urls.map(connectWith));
    const outcomes = await Promise.all(
      socks.map((s) =>
        Promise.race([
          s.next((f) => f.code === Frame.HELLO, 5_000).then(() => 'open' as const),
          s.closed.then((c) => c.code),
        ]),
      ),
    );
    expect(outcomes.filter((o) => o === 'open')).toHaveLength(CAP);
    expect(outcomes.filter((o) => o === SocketClose.TOO_MANY_SOCKETS)).toHaveLength(5);
    expect(srv.built.ctx.hub.connectionCount()).toBe(CAP);
    const kept = socks.filter((_, i) => outcomes[i] === 'open');
    kept[0]!.close();
    await kept[0]!.closed;
    await expect.poll(() => srv.built.ctx.hub.connectionCount(), { timeout: 5_000 }).toBe(CAP - 1);
    const again = await connectWith(await socketUrl(srv.base));
    await again.next((f) => f.code === Frame.HELLO);
  });
});
