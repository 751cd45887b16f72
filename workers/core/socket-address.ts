/**
 * The socket-address call when more than one gateway can answer it (cluster mode, issue 18).
 * A gateway that died does not answer: the call to it is refused, or (a host gone, a process
 * frozen) hangs. The call goes first to the origins the caller names (the page's own; the
 * benchmark's load-balancer turn), then to the other gateways the last answer listed
 * (`SocketAddress.gateways`): the next one is asked at once when one fails, and alongside when
 * one has not answered within ADDRESS_HEDGE_MS. A slow gateway is not given up on (a busy
 * survivor taking a dead one's clients answers late; dropping its calls and asking again would
 * only add to its load): the first answer wins, and only after ADDRESS_GIVE_UP_MS, or when every
 * gateway failed, does the caller fall back to its reconnect wait (spec §9: 5 s). The socket's
 * own reconnect after a drop keeps the spec's 5 s plus jitter (./reconnect-policy.ts); this only
 * decides where to ask.
 *
 * Shared by the core (./kernel.ts) and the cluster benchmarks' clients (tests/bench/cluster).
 */
import { Code } from '../protocol/codes';
import { SystemPaths, type SocketAddress } from '../protocol/api/system';
import type { RestClient } from './rest';

/** How long one gateway has to answer before the next one is asked as well. */
export const ADDRESS_HEDGE_MS = 2_000;
/** How long the address call waits for any answer before it counts as failed. */
export const ADDRESS_GIVE_UP_MS = 15_000;
/** Gateways remembered from the last answer (the answer lists a few live ones). */
export const REMEMBERED_GATEWAYS = 4;

/**
 * An answer that asking another gateway would not change (the session is gone, bad input): the
 * caller stops at it instead of asking every gateway the same.
 */
export class AddressRefused extends Error {}

/** Asks the gateway at `origin` for an address; gives up when `signal` aborts. */
export type AskAddress = (origin: string, signal: AbortSignal, last: boolean) => Promise<SocketAddress>;

export interface AddressBook {
  /**
   * Asks `first`, then each remembered gateway not among them (see above); the first answer wins
   * and its `gateways` are remembered. Rejects with the last failure when none answered.
   */
  resolve(first: readonly string[]): Promise<SocketAddress>;
  /** The gateways the last answer named (REST origins, least loaded first). */
  known(): readonly string[];
}

export interface AddressBookOptions {
  hedgeMs?: number;
  giveUpMs?: number;
  onFailure?: (origin: string, err: unknown) => void;
}

export function createAddressBook(ask: AskAddress, opts: AddressBookOptions = {}): AddressBook {
  const hedgeMs = opts.hedgeMs ?? ADDRESS_HEDGE_MS;
  const giveUpMs = opts.giveUpMs ?? ADDRESS_GIVE_UP_MS;
  let remembered: string[] = [];

  function resolve(first: readonly string[]): Promise<SocketAddress> {
    const order = [...new Set([...first, ...remembered])];
    const ctl = new AbortController();
    return new Promise<SocketAddress>((done, fail) => {
      let next = 0;
      let inFlight = 0;
      let settled = false;
      let lastErr: unknown = new Error('no gateway to ask for a socket address');
      let hedge: ReturnType<typeof setTimeout> | undefined;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(hedge);
        clearTimeout(giveUp);
        ctl.abort(new Error('address call settled'));
        fn();
      };
      const giveUp = setTimeout(() => {
        lastErr = new Error(`no gateway answered the address call within ${giveUpMs} ms`);
        finish(() => fail(lastErr));
      }, giveUpMs);
      const askNext = () => {
        clearTimeout(hedge);
        if (settled) return;
        if (next >= order.length) {
          if (inFlight === 0) finish(() => fail(lastErr));
          return;
        }
        const origin = order[next++];
        inFlight++;
        hedge = setTimeout(askNext, hedgeMs);
        ask(origin, ctl.signal, next === order.length).then(
          (addr) => {
            if (addr.gateways?.length) remembered = addr.gateways.slice(0, REMEMBERED_GATEWAYS);
            finish(() => done(addr));
          },
          (err: unknown) => {
            inFlight--;
            if (settled) return;
            opts.onFailure?.(origin, err);
            if (err instanceof AddressRefused) return finish(() => fail(err));
            lastErr = err;
            askNext();
          },
        );
      };
      askNext();
    });
  }

  return { resolve, known: () => remembered };
}

/** The origin the REST client sends the address call to (the page's own server, or its API host). */
export function ownAddressOrigin(rest: RestClient): string {
  return new URL(rest.urlOf({ path: SystemPaths.socketAddress, method: 'POST' })).origin;
}

/**
 * The core's ask: the address call through its REST client, to its configured server for
 * `ownAddressOrigin(rest)` and to another gateway's embedded mount otherwise. A network failure,
 * a timeout or a 5xx moves on to the next gateway; any other answer (a dead session, a limit)
 * would be the same from every gateway. Only the last one asked reports a network failure to the
 * user.
 */
export function restAddressAsk(rest: RestClient): AskAddress {
  const own = ownAddressOrigin(rest);
  return async (origin, signal, last) => {
    const req = { path: SystemPaths.socketAddress, method: 'POST' as const, silent: !last };
    const env = await rest.request<SocketAddress>(req, { origin: origin === own ? undefined : origin, signal });
    if (env.code === Code.OK) return env.data;
    const msg = `socket address: ${env.code} ${env.msg}`;
    const unanswered = env.code === Code.SERVER_ERROR || (env.code >= 500 && env.code < 600);
    throw unanswered ? new Error(msg) : new AddressRefused(msg);
  };
}
