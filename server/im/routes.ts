/**
 * The messaging area (issue 13): /imapi reads and /imserver writes of spec §7 for private
 * conversations. Every change is published on the users' inbox topics (`im`, `counts`) so each
 * of their tabs and devices moves at once; the inbox topic's own seq and replay cover a socket
 * gap, and `GET messages?afterSeq=` covers anything older.
 */
import { z } from 'zod';
import { embeddedUrl, ok } from '../../workers/protocol/index';
import { IM_PAGE_MAX, MessagePaths as P } from '../../workers/protocol/api/message';
import type { AppContext, AreaPlugin } from '../context';
import { parseInput } from '../http/reply';
import { requireUserId } from '../user/auth';
import {
  blockedUsers,
  chatCounts,
  chatList,
  clearChat,
  favourites,
  hideForMe,
  markRead,
  messagesAfter,
  recall,
  sendPrivate,
  setBlocked,
  setFavourite,
  setPinned,
} from './store';
import { clientIdField, conversationIdField, messageIdField, messageText, onOff, seqField, userIdField } from './text';

const u = (path: string) => embeddedUrl(path);

const sendBody = z.object({ toUserId: userIdField, text: messageText, clientId: clientIdField });
const listQuery = z.object({
  conversationId: conversationIdField,
  afterSeq: seqField.default(0),
  limit: z.coerce.number().int().min(1, '条数不正确').max(IM_PAGE_MAX, '条数不正确').default(IM_PAGE_MAX),
});
const readBody = z.object({ conversationId: conversationIdField, seq: seqField });
const messageBody = z.object({ messageId: messageIdField });
const favourBody = z.object({ messageId: messageIdField, on: onOff });
const chatBody = z.object({ conversationId: conversationIdField });
const pinBody = z.object({ conversationId: conversationIdField, on: onOff });
const blockBody = z.object({ userId: userIdField, on: onOff });

async function publishCounts(ctx: AppContext, userId: number): Promise<void> {
  ctx.hub.publishToUser(userId, { kind: 'counts', chats: await chatCounts(ctx.db, userId) });
}

export const imArea: AreaPlugin = (app, ctx) => {
  const { db } = ctx;

  app.get(u(P.chatList), async (req) => ok(await chatList(db, await requireUserId(ctx, req))));

  app.get(u(P.messages), async (req) => {
    const userId = await requireUserId(ctx, req);
    const q = parseInput(listQuery, req.query);
    return ok(await messagesAfter(db, userId, q.conversationId, q.afterSeq, q.limit));
  });

  app.post(u(P.send), async (req) => {
    const from = await requireUserId(ctx, req);
    const body = parseInput(sendBody, req.body);
    const sent = await sendPrivate(db, {
      from,
      to: body.toUserId,
      text: body.text,
      clientId: body.clientId,
      now: ctx.now(),
    });
    if (!sent.replayed) {
      ctx.hub.publishToUser(body.toUserId, { kind: 'im', message: sent.message });
      ctx.hub.publishToUser(from, { kind: 'im', message: sent.message });
      await publishCounts(ctx, body.toUserId);
    }
    return ok(sent, sent.replayed ? '消息已发送' : '发送成功');
  });

  app.post(u(P.read), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(readBody, req.body);
    const readSeq = await markRead(db, userId, body.conversationId, body.seq);
    await publishCounts(ctx, userId);
    return ok({ conversationId: body.conversationId, readSeq });
  });

  app.post(u(P.recall), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { messageId } = parseInput(messageBody, req.body);
    const message = await recall(db, userId, messageId, ctx.now());
    const peer = message.toUserId!;
    ctx.hub.publishToUser(peer, { kind: 'im', message });
    ctx.hub.publishToUser(userId, { kind: 'im', message });
    await publishCounts(ctx, peer);
    return ok(message, '已撤回');
  });

  app.post(u(P.deleteForMe), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { messageId } = parseInput(messageBody, req.body);
    await hideForMe(db, userId, messageId);
    await publishCounts(ctx, userId);
    return ok({ deleted: 1 as const }, '已删除');
  });

  app.post(u(P.favour), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(favourBody, req.body);
    await setFavourite(db, userId, body.messageId, body.on === 1, ctx.now());
    return ok({ favourite: body.on }, body.on ? '已收藏' : '已取消收藏');
  });

  app.get(u(P.favourites), async (req) => ok(await favourites(db, await requireUserId(ctx, req))));

  app.post(u(P.pin), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(pinBody, req.body);
    await setPinned(db, userId, body.conversationId, body.on === 1);
    await publishCounts(ctx, userId);
    return ok({ pinned: body.on }, body.on ? '已置顶' : '已取消置顶');
  });

  app.post(u(P.deleteChat), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { conversationId } = parseInput(chatBody, req.body);
    await clearChat(db, userId, conversationId);
    await publishCounts(ctx, userId);
    return ok({ deleted: 1 as const }, '已删除');
  });

  app.post(u(P.block), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(blockBody, req.body);
    await setBlocked(db, userId, body.userId, body.on === 1, ctx.now());
    return ok({ blocked: body.on }, body.on ? '已拉黑' : '已解除拉黑');
  });

  app.get(u(P.blocks), async (req) => ok(await blockedUsers(db, await requireUserId(ctx, req))));
};
