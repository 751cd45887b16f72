/**
 * The messaging area (issue 13): /imapi reads and /imserver writes of spec §7 for private
 * conversations. Every change is published on the users' inbox topics (`im`, `counts`) so each
 * of their tabs and devices moves at once; the inbox topic's own seq and replay cover a socket
 * gap, and `GET messages?afterSeq=` covers anything older; `beforeSeq=` pages back through history.
 */
import { z } from 'zod';
import { embeddedUrl, ok } from '../../workers/protocol/index';
import { IM_PAGE_MAX, MessagePaths as P } from '../../workers/protocol/api/message';
import type { AreaPlugin } from '../context';
import { parseInput } from '../http/reply';
import { requireUserId } from '../user/auth';
import { chatList } from './chat-list';
import {
  clearChat,
  favourites,
  hideForMe,
  markRead,
  messagesPage,
  recall,
  sendPrivate,
  setFavourite,
  setPinned,
} from './store';
import { blockedUsers, setBlocked, setWhoMayMessage, whoMayMessage } from './privacy';
import { followersOf, massHistory, sendMass } from './mass';
import { createGroup, dissolveGroup, leaveGroup, myGroups, sendGroup, updateGroup } from './groups';
import { answerInvitation, inviteToGroup, joinGroup, myInvitations } from './group-invitations';
import { conversationMemberIds, groupDetail } from './group-members';
import { muteInGroup, removeFromGroup, setAdmin, setMuteAll } from './group-moderation';
import { dropRecalledPicture } from './media-routes';
import { publishConversationCounts, publishCounts, publishGroup, publishMessage } from './publish';
import {
  clientIdField,
  conversationIdField,
  groupIdField,
  groupName,
  groupNotice,
  inviteCodeField,
  messageIdField,
  messageText,
  muteMinutes,
  onOff,
  seqField,
  userIdField,
  userIdList,
} from './text';

const u = (path: string) => embeddedUrl(path);

const sendBody = z.object({ toUserId: userIdField, text: messageText, clientId: clientIdField });
const listQuery = z
  .object({
    conversationId: conversationIdField,
    afterSeq: seqField.default(0),
    beforeSeq: seqField.optional(),
    limit: z.coerce.number().int().min(1, '条数不正确').max(IM_PAGE_MAX, '条数不正确').default(IM_PAGE_MAX),
  })
  .refine((q) => q.beforeSeq === undefined || q.beforeSeq > q.afterSeq, {
    message: '序号范围不正确',
    path: ['beforeSeq'],
  });
const readBody = z.object({ conversationId: conversationIdField, seq: seqField });
const messageBody = z.object({ messageId: messageIdField });
const favourBody = z.object({ messageId: messageIdField, on: onOff });
const chatBody = z.object({ conversationId: conversationIdField });
const pinBody = z.object({ conversationId: conversationIdField, on: onOff });
const blockBody = z.object({ userId: userIdField, on: onOff });
const massBody = z.object({ userIds: userIdList, text: messageText });
const privacyBody = z.object({
  whoMayMessage: z.enum(['everyone', 'following'], { error: '请选择谁可以给我发消息' }),
});
const groupQuery = z.object({ groupId: groupIdField, code: inviteCodeField.optional() });
const groupBody = z.object({ groupId: groupIdField });
const createBody = z.object({ name: groupName, memberIds: userIdList.default([]) });
const updateBody = z.object({ groupId: groupIdField, name: groupName.optional(), notice: groupNotice.optional() });
const inviteBody = z.object({ groupId: groupIdField, userIds: userIdList });
const joinBody = z.object({ groupId: groupIdField, code: inviteCodeField });
const answerBody = z.object({ groupId: groupIdField, accept: onOff });
const memberBody = z.object({ groupId: groupIdField, userId: userIdField });
const muteBody = z.object({ groupId: groupIdField, userId: userIdField, minutes: muteMinutes });
const muteAllBody = z.object({ groupId: groupIdField, on: onOff });
const adminBody = z.object({ groupId: groupIdField, userId: userIdField, on: onOff });
const groupSendBody = z.object({ groupId: groupIdField, text: messageText, clientId: clientIdField });

export const imArea: AreaPlugin = (app, ctx) => {
  const { db } = ctx;

  app.get(u(P.chatList), async (req) => ok(await chatList(db, await requireUserId(ctx, req))));

  app.get(u(P.messages), async (req) => {
    const userId = await requireUserId(ctx, req);
    const q = parseInput(listQuery, req.query);
    return ok(await messagesPage(db, userId, q.conversationId, q));
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
    if (!sent.replayed) await publishMessage(ctx, sent.message, from);
    return ok(sent, sent.replayed ? '消息已发送' : '发送成功');
  });

  app.post(u(P.read), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(readBody, req.body);
    const readSeq = await markRead(db, userId, body.conversationId, body.seq);
    await publishConversationCounts(ctx, body.conversationId, [userId]);
    return ok({ conversationId: body.conversationId, readSeq });
  });

  app.post(u(P.recall), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { messageId } = parseInput(messageBody, req.body);
    const message = await recall(db, userId, messageId, ctx.now());
    await dropRecalledPicture(ctx, messageId);
    await publishMessage(ctx, message, userId);
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
    await publishConversationCounts(ctx, body.conversationId, [userId]);
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

  app.get(u(P.followers), async (req) => ok(await followersOf(db, await requireUserId(ctx, req))));
  app.get(u(P.massHistory), async (req) => ok(await massHistory(db, await requireUserId(ctx, req))));

  app.post(u(P.mass), async (req) => {
    const from = await requireUserId(ctx, req);
    const body = parseInput(massBody, req.body);
    const { result, messages } = await sendMass(db, { from, userIds: body.userIds, text: body.text, now: ctx.now() });
    for (const m of messages) await publishMessage(ctx, m, from);
    return ok(result, `已群发给 ${result.sent} 人`);
  });

  app.get(u(P.privacy), async (req) => ok({ whoMayMessage: await whoMayMessage(db, await requireUserId(ctx, req)) }));

  app.post(u(P.setPrivacy), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(privacyBody, req.body);
    await setWhoMayMessage(db, userId, body.whoMayMessage);
    return ok({ whoMayMessage: body.whoMayMessage }, '已保存');
  });

  // --- groups ------------------------------------------------------------------------------------
  app.get(u(P.groupList), async (req) => ok(await myGroups(db, await requireUserId(ctx, req))));

  app.get(u(P.groupDetail), async (req) => {
    const userId = await requireUserId(ctx, req);
    const q = parseInput(groupQuery, req.query);
    return ok(await groupDetail(db, userId, q.groupId, q.code));
  });

  app.post(u(P.groupCreate), async (req) => {
    const ownerId = await requireUserId(ctx, req);
    const body = parseInput(createBody, req.body);
    const detail = await createGroup(db, { ownerId, name: body.name, memberIds: body.memberIds, now: ctx.now() });
    // The people asked see the invitation in their group list at once.
    await publishGroup(ctx, detail.id, [...detail.members.map((m) => m.id), ...(detail.asked ?? [])]);
    return ok(
      detail,
      detail.asked?.length ? `群聊已创建，已向 ${detail.asked.length} 人发出邀请，对方同意后入群` : '群聊已创建',
    );
  });

  app.post(u(P.groupUpdate), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(updateBody, req.body);
    const detail = await updateGroup(db, userId, body.groupId, { name: body.name, notice: body.notice });
    await publishGroup(
      ctx,
      detail.id,
      detail.members.map((m) => m.id),
    );
    return ok(detail, '已保存');
  });

  app.post(u(P.groupInvite), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(inviteBody, req.body);
    const { detail, added } = await inviteToGroup(db, userId, body.groupId, body.userIds, ctx.now());
    await publishGroup(ctx, detail.id, [...detail.members.map((m) => m.id), ...(detail.asked ?? [])]);
    return ok(
      detail,
      detail.asked?.length
        ? `${added.length ? `已邀请 ${added.length} 人，` : ''}已向 ${detail.asked.length} 人发出邀请，对方同意后入群`
        : '已邀请',
    );
  });

  app.get(u(P.groupInvitations), async (req) => ok(await myInvitations(db, await requireUserId(ctx, req))));

  app.post(u(P.groupInvitationAnswer), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(answerBody, req.body);
    const detail = await answerInvitation(db, userId, body.groupId, body.accept === 1, ctx.now());
    if (!detail) {
      await publishGroup(ctx, body.groupId, [userId]);
      return ok({ declined: 1 as const }, '已拒绝邀请');
    }
    await publishGroup(
      ctx,
      detail.id,
      detail.members.map((m) => m.id),
    );
    return ok(detail, '已加入群聊');
  });

  app.post(u(P.groupJoin), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(joinBody, req.body);
    const detail = await joinGroup(db, userId, body.groupId, body.code, ctx.now());
    await publishGroup(
      ctx,
      detail.id,
      detail.members.map((m) => m.id),
    );
    return ok(detail, '已加入群聊');
  });

  app.post(u(P.groupLeave), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { groupId } = parseInput(groupBody, req.body);
    const conversationId = await leaveGroup(db, userId, groupId);
    await publishGroup(ctx, groupId, [userId, ...(await conversationMemberIds(db, conversationId))]);
    return ok({ left: 1 as const }, '已退出群聊');
  });

  app.post(u(P.groupDissolve), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { groupId } = parseInput(groupBody, req.body);
    const members = await dissolveGroup(db, userId, groupId, ctx.now());
    await publishGroup(ctx, groupId, members);
    return ok({ dissolved: 1 as const }, '群聊已解散');
  });

  app.post(u(P.groupRemove), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(memberBody, req.body);
    const detail = await removeFromGroup(db, userId, body.groupId, body.userId);
    await publishGroup(ctx, detail.id, [body.userId, ...detail.members.map((m) => m.id)]);
    return ok(detail, '已移出群聊');
  });

  app.post(u(P.groupMute), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(muteBody, req.body);
    const detail = await muteInGroup(db, userId, body.groupId, body.userId, body.minutes, ctx.now());
    await publishGroup(
      ctx,
      detail.id,
      detail.members.map((m) => m.id),
    );
    return ok(detail, body.minutes > 0 ? '已禁言' : '已解除禁言');
  });

  app.post(u(P.groupMuteAll), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(muteAllBody, req.body);
    const detail = await setMuteAll(db, userId, body.groupId, body.on === 1);
    await publishGroup(
      ctx,
      detail.id,
      detail.members.map((m) => m.id),
    );
    return ok(detail, body.on ? '已开启全员禁言' : '已关闭全员禁言');
  });

  app.post(u(P.groupAdmin), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(adminBody, req.body);
    const detail = await setAdmin(db, userId, body.groupId, body.userId, body.on === 1);
    await publishGroup(
      ctx,
      detail.id,
      detail.members.map((m) => m.id),
    );
    return ok(detail, body.on ? '已设为管理员' : '已取消管理员');
  });

  app.post(u(P.groupSend), async (req) => {
    const from = await requireUserId(ctx, req);
    const body = parseInput(groupSendBody, req.body);
    const sent = await sendGroup(db, {
      from,
      groupId: body.groupId,
      text: body.text,
      clientId: body.clientId,
      now: ctx.now(),
    });
    if (!sent.replayed) await publishMessage(ctx, sent.message, from);
    return ok(sent, sent.replayed ? '消息已发送' : '发送成功');
  });
};
