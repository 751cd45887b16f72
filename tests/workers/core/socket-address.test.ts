/**
 * The core's socket-address call when its server is dead (cluster mode): real HTTP servers and the
 * real fetch. A server that hangs (host gone) or refuses (process killed) costs at most
 * ADDRESS_HEDGE_MS before the gateways the last answer named are asked; before, the core asked
 * only its own server, without a timeout, and after a refusal waited the 5 s reconnect to ask it
 * again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Code,
  EMBEDDED_API_BASES,
  SystemPaths,
  embeddedUrl,
  type SocketAddress,
} from '../../../workers/protocol/index';
import { createRestClient, type FetchLike } from '../../../workers/core/rest';
import {
  ADDRESS_HEDGE_MS,
  AddressRefused,
  createAddressBook,
  type AddressBookOptions,
  ownAddressOrigin,
  restAddressAsk,
} from '../../../workers/core/socket-address';
import { RECONNECT_MS } from '../../../workers/protocol/codes';

type Mode = 'answer' | 'hang' | 'slow' | 'no-token';
interface Gw {
  origin: string;
  mode: Mode;
  asked: number;
  answer: SocketAddress;
  close(): Promise<void>;
}
const open: Gw[] = [];

async function gateway(port: number): Promise<Gw> {
  const gw: Gw = {
    origin: '',
    mode: 'answer',
    asked: 0,
    answer: { token: `t${port}`, lotteryAddress: [] },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  const hung: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== embeddedUrl(SystemPaths.socketAddress)) return res.writeHead(404).end();
    gw.asked++;
    if (gw.mode === 'hang') return void hung.push(res);
    if (gw.mode === 'slow') {
      hung.push(res);
      return void setTimeout(
        () => res.writeHead(200).end(JSON.stringify({ code: 200, msg: '', data: gw.answer })),
        3_000,
      );
    }
    const body =
      gw.mode === 'no-token'
        ? { code: Code.NO_TOKEN, msg: '登录已失效', data: null }
        : { code: 200, msg: '', data: gw.answer };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const addr = server.address() as AddressInfo;
  gw.origin = `http://127.0.0.1:${addr.port}`;
  gw.answer.lotteryAddress = [{ protocol: 'ws', host: '127.0.0.1', port: addr.port }];
  gw.close = () =>
    new Promise<void>((r) => {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      server.close(() => r());
    });
  open.push(gw);
  return gw;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((g) => g.close()));
});

/** The core's address call, as the kernel builds it: its REST client on the page's server. */
function coreAddressBook(page: Gw, opts: AddressBookOptions = {}) {
  const exceptions: number[] = [];
  const rest = createRestClient({
    fetch: globalThis.fetch as unknown as FetchLike,
    baseUrl: (f) => page.origin + EMBEDDED_API_BASES[f],
    accessToken: () => null,
    onException: (code) => exceptions.push(code),
  });
  const book = createAddressBook(restAddressAsk(rest), opts);
  // As the kernel asks: its own server first, then the gateways the last answer named.
  return { book, resolve: () => book.resolve([ownAddressOrigin(rest)]), exceptions };
}

describe('socket-address call with a dead gateway', () => {
  it('the page’s server hangs: the other gateways the last answer named are asked after ADDRESS_HEDGE_MS, well inside the 5 s reconnect', async () => {
    const [page, other] = [await gateway(0), await gateway(0)];
    page.answer.gateways = [page.origin, other.origin];
    const { book, resolve, exceptions } = coreAddressBook(page);
    expect((await resolve()).token).toBe(page.answer.token);
    expect(book.known()).toEqual([page.origin, other.origin]);

    page.mode = 'hang';
    const t0 = performance.now();
    const addr = await resolve();
    const took = performance.now() - t0;
    expect(addr.token).toBe(other.answer.token);
    expect(took).toBeGreaterThanOrEqual(ADDRESS_HEDGE_MS - 50);
    // The page's server is asked once more under its own origin, not again as a named gateway.
    expect(took).toBeLessThan(ADDRESS_HEDGE_MS + 1_500);
    expect(took).toBeLessThan(RECONNECT_MS);
    expect(page.asked).toBe(2);
    // The failure it recovered from is not shown to the user.
    expect(exceptions).toEqual([]);
  });

  it('the page’s server was killed (refused): the next gateway is asked at once', async () => {
    const [page, other] = [await gateway(0), await gateway(0)];
    page.answer.gateways = [other.origin];
    const { resolve } = coreAddressBook(page);
    await resolve();
    await page.close();
    const t0 = performance.now();
    const addr = await resolve();
    expect(addr.token).toBe(other.answer.token);
    expect(performance.now() - t0).toBeLessThan(1_000);
  });

  it('a busy gateway answering late is still taken: the call is not dropped and asked again (which only adds to its load)', async () => {
    const [page, other] = [await gateway(0), await gateway(0)];
    page.answer.gateways = [page.origin, other.origin];
    const { resolve } = coreAddressBook(page);
    await resolve();
    page.mode = 'slow';
    await other.close();
    const t0 = performance.now();
    expect((await resolve()).token).toBe(page.answer.token);
    expect(performance.now() - t0).toBeGreaterThan(2_900);
    expect(page.asked).toBe(2);
  });

  it('none answers: rejects at the give-up time (the socket then waits its 5 s), having asked each once, and says so once', async () => {
    const [page, other] = [await gateway(0), await gateway(0)];
    page.answer.gateways = [other.origin];
    const { resolve, exceptions } = coreAddressBook(page, { giveUpMs: 3_000 });
    await resolve();
    page.mode = other.mode = 'hang';
    const t0 = performance.now();
    await expect(resolve()).rejects.toThrow(/within 3000 ms/);
    expect(performance.now() - t0).toBeLessThan(4_000);
    expect([page.asked, other.asked]).toEqual([2, 1]);
    // The aborted call to the last gateway is the one reported.
    expect(exceptions).toEqual([Code.SERVER_ERROR]);
  });

  it('an answer from the server (a dead session) is not asked of every gateway', async () => {
    const [page, other] = [await gateway(0), await gateway(0)];
    page.answer.gateways = [other.origin];
    const { resolve } = coreAddressBook(page);
    await resolve();
    page.mode = 'no-token';
    await expect(resolve()).rejects.toBeInstanceOf(AddressRefused);
    expect(other.asked).toBe(0);
  });
});
