/**
 * Who may open a socket (issue 33: one address opened 3,000 sockets with one anonymous connect
 * token, replayable for its 10 minutes). Two rules, checked at connect:
 * - a connect token opens one socket: its nonce is claimed, and a replay is closed with
 *   SocketClose.BAD_TOKEN (the core fetches a fresh address before every connect anyway);
 * - one client address holds at most `maxPerAddress` sockets (0: no cap), closing the rest with
 *   SocketClose.TOO_MANY_SOCKETS.
 * This is the one-process form; a cluster shares both through NATS KV (server/cluster/socket-admission.ts).
 */
export interface SocketAdmission {
  /** Claims a token's nonce until the token expires: false when it was claimed before (a replay). */
  claimToken(nonce: string, expiresAt: number): boolean | Promise<boolean>;
  /** Takes one of the address's socket slots: false when it holds the cap already. */
  acquire(address: string): boolean | Promise<boolean>;
  /** Gives back a slot taken by `acquire` (the socket closed). */
  release(address: string): void;
}

export function createLocalAdmission(opts: { maxPerAddress: number; now: () => number }): SocketAdmission {
  const claimed = new Map<string, number>();
  const perAddress = new Map<string, number>();
  let sweptAt = 0;
  return {
    claimToken(nonce, expiresAt) {
      const at = opts.now();
      // Expired nonces can go: their tokens fail verification before they get here.
      if (at - sweptAt > 60_000) {
        sweptAt = at;
        for (const [n, exp] of claimed) if (exp < at) claimed.delete(n);
      }
      if (claimed.has(nonce)) return false;
      claimed.set(nonce, expiresAt);
      return true;
    },
    acquire(address) {
      const n = perAddress.get(address) ?? 0;
      if (opts.maxPerAddress > 0 && n >= opts.maxPerAddress) return false;
      perAddress.set(address, n + 1);
      return true;
    },
    release(address) {
      const n = (perAddress.get(address) ?? 0) - 1;
      if (n > 0) perAddress.set(address, n);
      else perAddress.delete(address);
    },
  };
}
