/**
 * The socket-address call when more than one gateway can answer it (cluster mode, issue 18).
 * A gateway that died does not answer: the call to it is refused, or (a host gone, a process
 * frozen) hangs. Each gateway gets ADDRESS_TIMEOUT_MS, then the next is asked at once: first the
 * origins the caller names (the page's own; the benchmark's load balancer turn), then the other
 * gateways the last answer listed (`SocketAddress.gateways`). Only when none answers does the
 * caller fall back to its reconnect wait (spec §9: 5 s). The socket's own reconnect after a drop
 * keeps the spec's 5 s plus jitter (./reconnect-policy.ts); this only decides where to ask.
 *
 * Shared by the core (./kernel.ts) and the cluster benchmarks' clients (tests/bench/cluster).
 */
import { Code } from '../protocol/codes';
import { SystemPaths, type SocketAddress } from '../protocol/api/system';
import type { RestClient } from './rest';

/** How long one gateway may take to answer the address call before the next one is asked. */
export const ADDRESS_TIMEOUT_MS = 2_000;
/** Gateways remembered from the last answer (the answer lists a few live ones). */
export const REMEMBERED_GATEWAYS = 4;

/**
 * An answer that asking another gateway would not change (the session is gone, bad input): the
 * caller stops at it instead of asking every gateway the same.
 */
export class AddressRefused extends Error {}

/** Asks the gateway at `origin` for an address; rejects (or honours `signal`) when it does not answer. */
export type AskAddress = (origin: string, signal: AbortSignal, last: boolean) => Promise<SocketAddress>;

export interface AddressBook {
  /**
   * Asks each of `first`, then each remembered gateway not among them, in turn; the first answer
   * wins and its `gateways` are remembered. Rejects with the last failure when none answered.
   */
  resolve(first: readonly string[]): Promise<SocketAddress>;
  /** The gateways the last answer named (REST origins, least loaded first). */
  known(): readonly string[];
}

export interface AddressBookOptions {
  timeoutMs?: number;
  onFailure?: (origin: string, err: unknown) => void;
}

/** One ask, given up after `ms` even when `ask` ignores its signal. */
function withTimeout(ask: AskAddress, origin: string, ms: number, last: boolean): Promise<SocketAddress> {
  const ctl = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`address call to ${origin} timed out after ${ms} ms`);
      ctl.abort(err);
      reject(err);
    }, ms);
  });
  return Promise.race([ask(origin, ctl.signal, last), timedOut]).finally(() => clearTimeout(timer));
}

export function createAddressBook(ask: AskAddress, opts: AddressBookOptions = {}): AddressBook {
  const timeoutMs = opts.timeoutMs ?? ADDRESS_TIMEOUT_MS;
  let remembered: string[] = [];
  return {
    async resolve(first) {
      const order = [...new Set([...first, ...remembered])];
      let lastErr: unknown = new Error('no gateway to ask for a socket address');
      for (let i = 0; i < order.length; i++) {
        try {
          const addr = await withTimeout(ask, order[i], timeoutMs, i === order.length - 1);
          if (addr.gateways?.length) remembered = addr.gateways.slice(0, REMEMBERED_GATEWAYS);
          return addr;
        } catch (err) {
          if (err instanceof AddressRefused) throw err;
          lastErr = err;
          opts.onFailure?.(order[i], err);
        }
      }
      throw lastErr;
    },
    known: () => remembered,
  };
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
