/**
 * When the core's socket tries again (spec §7, §9). A close the server announced (drain 4011,
 * shutdown 1001) means "move now": the client reconnects within MOVE_JITTER_MS. Any other drop
 * keeps the spec's RECONNECT_MS plus up to RECONNECT_JITTER_MS, so a failed gateway's clients
 * do not all come back in one instant. A failed address call or constructor retries after
 * RECONNECT_MS, and a dead socket (no inbound frame for CLIENT_DEAD_MS) is replaced at once.
 */
import { RECONNECT_JITTER_MS, RECONNECT_MS, SocketClose } from '../protocol/codes';

/** WebSocket "going away": the server shut down on purpose. */
export const SERVER_GOING_AWAY = 1001;
/** Spread of an announced move, so a drained gateway's clients do not all arrive in one instant. */
export const MOVE_JITTER_MS = 250;

export interface ReconnectPolicyDeps {
  /** 0..1. */
  random: () => number;
  reconnectMs?: number;
}

export interface ReconnectPolicy {
  /** Delay after the socket closed with `code` (undefined: an error, not a close frame). */
  afterDrop(code: number | undefined): number;
  /** Delay after the address call or the socket constructor failed. */
  afterInitFailure(): number;
  /** Delay after the dead-man timer gave up on a silent socket. */
  afterSilence(): number;
}

/** The server closed on purpose and expects the client to move elsewhere at once. */
export function isAnnouncedClose(code: number | undefined): boolean {
  return code === SocketClose.MOVE || code === SERVER_GOING_AWAY;
}

export function createReconnectPolicy(deps: ReconnectPolicyDeps): ReconnectPolicy {
  const reconnectMs = deps.reconnectMs ?? RECONNECT_MS;
  return {
    afterDrop(code) {
      if (isAnnouncedClose(code)) return Math.floor(deps.random() * MOVE_JITTER_MS);
      return reconnectMs + Math.floor(deps.random() * RECONNECT_JITTER_MS);
    },
    afterInitFailure() {
      return reconnectMs;
    },
    afterSilence() {
      return 0;
    },
  };
}
