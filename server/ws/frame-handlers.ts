/**
 * What each client frame does (AUTH, SUBSCRIBE, UNSUBSCRIBE, CHAT_SEND), given a connection and
 * the hub's parts. Frames arrive here already size-checked, rate-limited and schema-validated,
 * and in order per socket (./create-hub.ts queues them).
 */
import type { WebSocket } from 'ws';
import {
  Frame,
  SocketReason,
  parseTopic,
  type ChatSendFrame,
  type ClientFrame,
  type ServerFrame,
  type SubscribeFrame,
  type Topic,
} from '../../workers/protocol/index';
import type { RateLimiter } from '../limits/rate-limit';
import type { FanOut, Sink } from './fan-out';
import type { ChatHandler } from './hub';
import type { TopicRegistry, TopicState } from './topic-registry';

const UNAVAILABLE_CHAT_MSG = '聊天暂不可用';

export interface Conn extends Sink {
  readonly id: number;
  readonly ws: WebSocket;
  visitorId: string;
  /** User the connect token was issued to; the auth frame may not switch to another user. */
  boundUserId: number | null;
  userId: number | null;
  /** The access token this socket authenticated with (a password change keeps its own device). */
  accessToken: string | null;
  topics: Map<string, TopicState<Conn>>;
  lastInboundAt: number;
  queue: Promise<void>;
  closed: boolean;
}

export interface HandlerContext {
  registry: TopicRegistry<Conn>;
  fanOut: FanOut<Conn>;
  /** Per socket: topics it may bring into existence (a DB look-up each); refills slowly. */
  topicCreations: RateLimiter;
  maxTopics: number;
  serverId: string;
  now: () => number;
  authenticate: (token: string) => Promise<number | null>;
  chatHandler: () => ChatHandler | null;
  sendControl(c: Conn, frame: ServerFrame): void;
  sendError(c: Conn, reason: SocketReason, msg: string): void;
  /** Writes replayed frames (already serialized) to one socket. */
  sendReplay(c: Conn, frames: Buffer[]): void;
  /** Events of this tick go out before a new subscriber joins (its seq already counts them). */
  flushTopic(t: TopicState<Conn>): void;
  /** Cluster mode: follow the topic on the bus and load its history before answering. */
  joinTopic: ((t: TopicState<Conn>) => Promise<void>) | null;
  log(msg: string, err?: unknown): void;
}

export function createFrameHandlers(hc: HandlerContext) {
  function leave(c: Conn, key: string): void {
    const t = c.topics.get(key);
    if (!t) return;
    t.subs.delete(c);
    c.topics.delete(key);
    hc.fanOut.leave(c, t);
    hc.registry.release(t);
  }

  function setUser(c: Conn, userId: number | null, token: string | null): void {
    c.accessToken = userId === null ? null : token;
    if (c.userId === userId) return;
    // The inbox follows the user: a new identity must not keep reading the old one's.
    for (const [key, t] of [...c.topics]) if (t.wire === 'inbox') leave(c, key);
    c.userId = userId;
  }

  async function authenticate(c: Conn, token: string): Promise<boolean> {
    let userId: number | null = null;
    try {
      userId = await hc.authenticate(token);
    } catch (err) {
      hc.log('authenticate failed', err);
    }
    if (c.closed) return false;
    if (userId === null || (c.boundUserId !== null && c.boundUserId !== userId)) {
      setUser(c, null, null);
      hc.sendControl(c, {
        code: Frame.AUTH_RESULT,
        data: { ok: false, userId: null, reason: SocketReason.AUTH_FAILED },
      });
      return false;
    }
    setUser(c, userId, token);
    hc.sendControl(c, { code: Frame.AUTH_RESULT, data: { ok: true, userId } });
    return true;
  }

  function subscribeOne(c: Conn, t: TopicState<Conn>, since: number | undefined, sameServer: boolean): void {
    // Pinned: with no subscriber yet, the flush's release would free the topic (in a cluster, stop
    // following it on the bus) under the subscriber about to be added.
    t.pins++;
    hc.flushTopic(t);
    t.pins--;
    t.subs.add(c);
    c.topics.set(t.key, t);
    hc.fanOut.leave(c, t);
    if (since === undefined) {
      hc.sendControl(c, { code: Frame.SUBSCRIBED, data: { topic: t.wire, seq: t.seq, replayed: 0 } });
      return;
    }
    const missed = sameServer ? t.log.after(since, t.seq, hc.now()) : null;
    if (!missed) {
      hc.sendControl(c, { code: Frame.SNAPSHOT_REQUIRED, data: { topic: t.wire, seq: t.seq } });
      return;
    }
    hc.sendReplay(
      c,
      missed.map((m) => m.frame),
    );
    hc.sendControl(c, { code: Frame.SUBSCRIBED, data: { topic: t.wire, seq: t.seq, replayed: missed.length } });
  }

  async function handleSubscribe(c: Conn, data: SubscribeFrame['data']): Promise<void> {
    // Resolve names first (a look-up may wait for the database), then apply all or nothing.
    const wanted = new Map<string, { key: string; wire: Topic; since: number | undefined }>();
    for (const item of data.topics) {
      const parsed = parseTopic(item.topic);
      if (!parsed) {
        hc.sendError(c, SocketReason.UNKNOWN_TOPIC, `未知的订阅主题: ${item.topic}`);
        continue;
      }
      if (parsed.kind === 'inbox') {
        if (c.userId === null) {
          hc.sendError(c, SocketReason.AUTH_REQUIRED, '请先登录');
          continue;
        }
        const key = `inbox#${c.userId}`;
        wanted.set(key, { key, wire: 'inbox', since: item.since });
        continue;
      }
      const wire = item.topic as Topic;
      if (c.topics.has(wire) || hc.registry.get(wire)) {
        wanted.set(wire, { key: wire, wire, since: item.since });
        continue;
      }
      // A name the registry does not hold costs a look-up and maybe a new topic: capped per socket.
      if (!hc.topicCreations.take(c.id, hc.now())) {
        hc.sendError(c, SocketReason.TOO_MANY_TOPICS, '订阅的新主题太多，请稍后再试');
        continue;
      }
      let known = false;
      try {
        known = await hc.registry.exists(wire, parsed);
      } catch (err) {
        hc.log('topic look-up failed', err);
      }
      if (c.closed) return;
      if (!known) {
        hc.sendError(c, SocketReason.UNKNOWN_TOPIC, `未知的订阅主题: ${item.topic}`);
        continue;
      }
      wanted.set(wire, { key: wire, wire, since: item.since });
    }
    let added = 0;
    for (const key of wanted.keys()) if (!c.topics.has(key)) added++;
    if (c.topics.size + added > hc.maxTopics) {
      hc.sendError(c, SocketReason.TOO_MANY_TOPICS, `每个连接最多订阅 ${hc.maxTopics} 个主题`);
      return;
    }
    const sameServer = data.serverId === hc.serverId;
    const topics = [...wanted.values()].map((w) => ({ ...w, t: hc.registry.ensure(w.key, w.wire) }));
    if (hc.joinTopic) {
      const join = hc.joinTopic;
      const joined = await Promise.allSettled(topics.map((w) => join(w.t)));
      for (const r of joined) if (r.status === 'rejected') hc.log('topic join failed', r.reason);
      if (c.closed) {
        for (const w of topics) hc.registry.release(w.t);
        return;
      }
    }
    for (const w of topics) subscribeOne(c, w.t, w.since, sameServer);
  }

  function handleUnsubscribe(c: Conn, list: string[]): void {
    for (const topic of list) leave(c, topic === 'inbox' ? `inbox#${c.userId}` : topic);
  }

  async function handleChat(c: Conn, data: ChatSendFrame['data']): Promise<void> {
    const clientId = data.clientId;
    if (c.userId === null) {
      hc.sendControl(c, { code: Frame.CHAT_ACK, data: { clientId, ok: false, msg: '请先登录' } });
      return;
    }
    const handler = hc.chatHandler();
    if (!handler) {
      hc.sendControl(c, { code: Frame.CHAT_ACK, data: { clientId, ok: false, msg: UNAVAILABLE_CHAT_MSG } });
      return;
    }
    try {
      const res = await handler(c.userId, data);
      hc.sendControl(c, { code: Frame.CHAT_ACK, data: { clientId, ok: res.ok, msg: res.msg, message: res.message } });
    } catch (err) {
      hc.log('chat handler failed', err);
      hc.sendControl(c, { code: Frame.CHAT_ACK, data: { clientId, ok: false, msg: '发送失败，请稍后再试' } });
    }
  }

  return {
    leave,
    subscribeOne,
    async handleFrame(c: Conn, frame: ClientFrame): Promise<void> {
      if (c.closed) return;
      if (frame.code === Frame.AUTH) {
        await authenticate(c, frame.data.accessToken);
        return;
      }
      // "Later sends add the token" (spec §4): a frame carrying a token authenticates a visitor socket.
      if (frame.accessToken && c.userId === null) await authenticate(c, frame.accessToken);
      if (c.closed) return;
      switch (frame.code) {
        case Frame.SUBSCRIBE:
          await handleSubscribe(c, frame.data);
          return;
        case Frame.UNSUBSCRIBE:
          handleUnsubscribe(c, frame.data.topics);
          return;
        case Frame.CHAT_SEND:
          await handleChat(c, frame.data);
          return;
      }
    },
  };
}
