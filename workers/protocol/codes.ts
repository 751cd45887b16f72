/** REST envelope and socket codes. No code is a bare number anywhere else. */
export const PROTOCOL_VERSION = 1;

export const Code = {
  /** The only success code (spec §8). */
  OK: 200,
  /** Generic validation failure at the edge: bad or missing fields. */
  BAD_INPUT: 4000,
  /** Business rule refused (nothing written). */
  REFUSED: 4001,
  /** Not a member (any more) of the group asked about: its history, members and sending are refused. */
  NOT_MEMBER: 4003,
  /** Not found. */
  NOT_FOUND: 4004,
  /** Too many requests. */
  RATE_LIMITED: 4029,
  /** Password login needs a solved 滑动验证 first (UserPaths.slide → UserPaths.vertoken). */
  SLIDE_REQUIRED: 4030,
  /** Server fault. */
  SERVER_ERROR: 5000,
  /** No token, or an expired/invalid token: the client logs out (spec §8). */
  NO_TOKEN: 10010,
  /** Video list: no video for this match/room (spec §8). */
  NO_VIDEO: 20001,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Codes counted by the unread total (spec §3 messageCountList). */
export const MESSAGE_COUNT_CODES = [10000, 10001, 10027, 10036, 10035, 10031, 10024, 10039, 10022, 10025] as const;

/** Socket frame codes. 10014 is the auth frame of spec §4. */
export const Frame = {
  AUTH: 10014,
  SUBSCRIBE: 11001,
  UNSUBSCRIBE: 11002,
  CHAT_SEND: 11003,
  HELLO: 12000,
  AUTH_RESULT: 12001,
  SUBSCRIBED: 12002,
  EVENT: 12003,
  SNAPSHOT_REQUIRED: 12004,
  CHAT_ACK: 12005,
  ERROR: 12006,
  /** Server keep-alive every SERVER_PING_MS, so the core's dead-man timer sees traffic. */
  PING: 12007,
} as const;
export type FrameCode = (typeof Frame)[keyof typeof Frame];

/** Why the server refused something on the socket. */
export const SocketReason = {
  BAD_FRAME: 'bad_frame',
  FRAME_TOO_LARGE: 'frame_too_large',
  TOO_MANY_TOPICS: 'too_many_topics',
  RATE_LIMITED: 'rate_limited',
  AUTH_REQUIRED: 'auth_required',
  AUTH_FAILED: 'auth_failed',
  UNKNOWN_TOPIC: 'unknown_topic',
  SLOW_CONSUMER: 'slow_consumer',
} as const;
export type SocketReason = (typeof SocketReason)[keyof typeof SocketReason];

/** WebSocket close codes the server uses (4000–4999 are application codes). */
export const SocketClose = {
  /** The connect token (`?token=`) is missing, forged or expired: fetch a new address, then reconnect. */
  BAD_TOKEN: 4001,
  /** Dropped on purpose (dev control `POST /_dev/ws/drop`, server shutdown of one socket). */
  DROPPED: 4002,
  /** Nothing (not even a heartbeat) arrived for SERVER_IDLE_TIMEOUT_MS. */
  IDLE: 4003,
  /** The send buffer stayed over its bound: reconnect and resume (or re-fetch snapshots). */
  SLOW_CONSUMER: 4004,
  /** Far over the inbound message rate. */
  RATE_LIMITED: 4008,
  /**
   * The client's address already holds the most sockets the server allows one address
   * (WS_MAX_PER_ADDRESS): reconnect later, as after any drop.
   */
  TOO_MANY_SOCKETS: 4009,
  /** The user logged out (or changed password): reconnect as a visitor with a new address. */
  LOGGED_OUT: 4010,
  /**
   * The server is going away on purpose (a cluster gateway draining, a restart): fetch a new
   * address and reconnect at once, no 5 s wait (resume makes the move lossless).
   */
  MOVE: 4011,
} as const;
export type SocketClose = (typeof SocketClose)[keyof typeof SocketClose];

/** Topics one socket may hold (SUBSCRIBE beyond it is refused). Also exported by frames.ts. */
export const MAX_TOPICS_PER_SOCKET = 200;
/** Longest chat message (characters); the server's frame schema enforces it (frames.ts). */
export const MAX_CHAT_LENGTH = 200;

/** The heartbeat is the bare text '0' (spec §4), sent after this much outbound idleness. */
export const HEARTBEAT_TEXT = '0';
export const HEARTBEAT_MS = 10_000;
export const RECONNECT_MS = 5_000;
/**
 * Spread of reconnects after an unannounced drop: at most half a second, so a tab is back (address
 * call, connect, resume) within 6 s of the drop (issue 18).
 */
export const RECONNECT_JITTER_MS = 500;
/** The server closes a socket that sent nothing (not even a heartbeat) for this long. */
export const SERVER_IDLE_TIMEOUT_MS = 35_000;
/** The core reconnects when nothing at all arrived for this long (the server pings every 15 s). */
export const CLIENT_DEAD_MS = 40_000;
export const SERVER_PING_MS = 15_000;
