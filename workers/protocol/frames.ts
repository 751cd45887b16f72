/**
 * Socket frames. JSON text frames, except the heartbeat which is the bare text '0'.
 * Client frames are validated by the server with `clientFrameSchema`; server frames are typed.
 */
import { z } from 'zod';
import { hasControlChars } from './field-rules';
import { Frame, SocketReason } from './codes';
import type { Topic } from './topics';
import type { ListEvent, MatchEvent } from './live';
import type { ChatMessage, InboxEvent, RoomEvent } from './chat';

export const MAX_FRAME_BYTES = 8 * 1024;
// Kept in codes.ts (zod-free) so the core and the views can read them without bundling zod;
// re-exported here.
import { MAX_CHAT_LENGTH, MAX_TOPICS_PER_SOCKET } from './codes';
export { MAX_CHAT_LENGTH, MAX_TOPICS_PER_SOCKET };

const topicString = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\x21-\x7e]+$/);
const token = z.string().min(1).max(256);

export const authFrameSchema = z.object({
  code: z.literal(Frame.AUTH),
  data: z.object({ accessToken: token }),
});

/** Longest `serverId` a client may send back (HELLO's serverId must fit). */
export const SERVER_ID_MAX = 64;

export const subscribeFrameSchema = z.object({
  code: z.literal(Frame.SUBSCRIBE),
  accessToken: token.optional(),
  data: z.object({
    /** Server instance the `since` values were seen on; another instance means a snapshot. */
    serverId: z.string().max(SERVER_ID_MAX).optional(),
    topics: z
      .array(z.object({ topic: topicString, since: z.number().int().nonnegative().optional() }))
      .min(1)
      .max(MAX_TOPICS_PER_SOCKET),
  }),
});

export const unsubscribeFrameSchema = z.object({
  code: z.literal(Frame.UNSUBSCRIBE),
  accessToken: token.optional(),
  data: z.object({ topics: z.array(topicString).min(1).max(MAX_TOPICS_PER_SOCKET) }),
});

export const chatSendFrameSchema = z.object({
  code: z.literal(Frame.CHAT_SEND),
  accessToken: token.optional(),
  data: z.object({
    roomId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
    // No control characters: a NUL would fail in the database after the socket acked nothing.
    text: z
      .string()
      .min(1)
      .max(MAX_CHAT_LENGTH)
      .refine((v) => !hasControlChars(v)),
    /** Client-chosen id: a resend of the same id is delivered once. */
    clientId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[\x21-\x7e]+$/),
  }),
});

export const clientFrameSchema = z.discriminatedUnion('code', [
  authFrameSchema,
  subscribeFrameSchema,
  unsubscribeFrameSchema,
  chatSendFrameSchema,
]);

export type AuthFrame = z.infer<typeof authFrameSchema>;
export type SubscribeFrame = z.infer<typeof subscribeFrameSchema>;
export type UnsubscribeFrame = z.infer<typeof unsubscribeFrameSchema>;
export type ChatSendFrame = z.infer<typeof chatSendFrameSchema>;
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** What an EVENT frame carries, by topic kind. */
export type TopicEvent = ListEvent | MatchEvent | RoomEvent | InboxEvent;

export type ServerFrame =
  | {
      code: typeof Frame.HELLO;
      data: { serverId: string; version: number; heartbeatMs: number; idleTimeoutMs: number };
    }
  | { code: typeof Frame.PING; data: { at: number } }
  | {
      code: typeof Frame.AUTH_RESULT;
      data: { ok: boolean; userId: number | null; reason?: SocketReason };
    }
  /** Subscription confirmed; `replayed` frames with seq > since follow (already sent before this). */
  | { code: typeof Frame.SUBSCRIBED; data: { topic: Topic; seq: number; replayed: number } }
  | { code: typeof Frame.EVENT; topic: Topic; seq: number; data: TopicEvent }
  /** The gap cannot be replayed: fetch a snapshot over REST, then continue from `seq`. */
  | { code: typeof Frame.SNAPSHOT_REQUIRED; data: { topic: Topic; seq: number } }
  | {
      code: typeof Frame.CHAT_ACK;
      data: { clientId: string; ok: boolean; msg: string; message?: ChatMessage };
    }
  | { code: typeof Frame.ERROR; data: { reason: SocketReason; msg: string } };

export function encodeFrame(frame: ServerFrame | ClientFrame): string {
  return JSON.stringify(frame);
}
