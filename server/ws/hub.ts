/**
 * The socket hub's contract (implementation: ./create-hub.ts). See ./README.md.
 */
import type { FastifyInstance } from 'fastify';
import type { ChatMessage, ChatSendFrame, InboxEvent, Topic, TopicEvent } from '../../workers/protocol/index';

export interface ChatResult {
  ok: boolean;
  msg: string;
  message?: ChatMessage;
}

/** Handles a CHAT_SEND frame for an authenticated user (the room chat service sets it). */
export type ChatHandler = (userId: number, frame: ChatSendFrame['data']) => Promise<ChatResult>;

export interface Hub {
  /** Registers the WebSocket endpoint (SystemPaths.socket) on the app. */
  register(app: FastifyInstance): void;
  /** Publishes on a topic: next seq, kept in the replay window, fanned out. Returns the seq. */
  publish(topic: Topic, event: TopicEvent): number;
  /**
   * Publishes a stored row's event and resolves once it is on the topic for good: at once in one
   * process, when the stream has stored it in a cluster (false if that failed). `resend`: the row
   * was stored before, perhaps by a gateway that died before publishing it; in a cluster it is
   * published again under the row's id (the stream drops it if the first publication was stored),
   * in one process not at all (that process published it).
   */
  publishStored(topic: Topic, event: TopicEvent, rowId: string, resend: boolean): Promise<boolean>;
  /**
   * Publishes on one user's inbox (wire topic 'inbox', per-user seq and replay window). `publish`
   * refuses 'inbox' because it has no user.
   */
  publishToUser(userId: number, event: InboxEvent): number;
  /**
   * Signs a short-lived connect token (the `?token=` of the socket URL) for a visitor
   * (`userId: null`) or a user; `group` subscribes the socket to that topic on connect.
   */
  issueSocketToken(opts: { userId: number | null; group?: Topic }): string;
  /**
   * Current seq of a topic (0 when nothing was published). In a cluster, for a topic no client of
   * this gateway follows, the bus is asked (the stream's last stored seq).
   */
  seq(topic: Topic): Promise<number>;
  /** Sets who answers chat frames. */
  onChat(handler: ChatHandler): void;
  /** Closes every socket (dev control `POST /_dev/ws/drop`). Returns how many were closed. */
  dropAll(): number;
  /**
   * Closes the sockets of one user (logout, password reset or change). `keepToken`: sockets
   * authenticated with this access token stay (the device that changed the password).
   */
  dropUser(userId: number, opts?: { keepToken?: string }): void;
  /**
   * Drain (cluster gateway on SIGTERM): refuses new sockets and closes every open one with
   * `SocketClose.MOVE`, so clients fetch another gateway's address at once. Returns how many.
   */
  drain(): number;
  connectionCount(): number;
  /** Sockets subscribed to a topic in this process (an anchor room's viewers). */
  subscriberCount(topic: Topic): number;
  /** Sockets per topic held here whose name starts with `prefix` (only topics with any). */
  subscriberCounts(prefix: string): Record<string, number>;
  /** Topics held in memory (subscribed, or with events still replayable). */
  topicCount(): number;
  /** This process instance's id, sent in HELLO. */
  readonly serverId: string;
  close(): Promise<void>;
}
