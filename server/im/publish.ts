/**
 * What the messaging calls publish on the users' inbox topics, so each of their tabs and devices
 * moves at once: a message (`im`) to every member of its conversation, and the counts it
 * changed. A message or a read marker touches one conversation, so its `counts` event is partial
 * (that conversation only); changes that reshape the list (a chat deleted, a group changed) send
 * the whole list.
 */
import type { ImMessage } from '../../workers/protocol/index';
import type { AppContext } from '../context';
import { chatCounts, conversationCounts } from './chat-list';

/** The user's whole chat list counts. */
export async function publishCounts(ctx: AppContext, userId: number): Promise<void> {
  ctx.hub.publishToUser(userId, { kind: 'counts', chats: await chatCounts(ctx.db, userId) });
}

/** One conversation's counts to the given members (all of them when none are given). */
export async function publishConversationCounts(
  ctx: AppContext,
  conversationId: string,
  userIds?: readonly number[],
): Promise<void> {
  const counts = await conversationCounts(ctx.db, conversationId, userIds);
  for (const [userId, c] of counts) ctx.hub.publishToUser(userId, { kind: 'counts', chats: [c], partial: true });
}

/**
 * A new or changed (recalled) message: `im` to every member, and the conversation's counts to
 * everyone but `actor` (the sender or recaller, whose own count did not move).
 */
export async function publishMessage(ctx: AppContext, message: ImMessage, actor: number): Promise<void> {
  // A private conversation's members are its two users (never removed): its counts are read for
  // the peer only. A group's members are whoever has a counts row: one query finds both.
  const priv = message.toUserId !== undefined;
  const counts = await conversationCounts(
    ctx.db,
    message.chatId,
    priv ? [message.fromUserId, message.toUserId!].filter((u) => u !== actor) : undefined,
  );
  const members = priv ? [message.fromUserId, message.toUserId!] : [...counts.keys()];
  for (const u of members) ctx.hub.publishToUser(u, { kind: 'im', message });
  for (const [u, c] of counts) if (u !== actor) ctx.hub.publishToUser(u, { kind: 'counts', chats: [c], partial: true });
}

/** A group changed (name, notice, members, roles): each user's tabs refresh the list and detail. */
export async function publishGroup(ctx: AppContext, groupId: number, userIds: Iterable<number>): Promise<void> {
  for (const u of new Set(userIds)) {
    ctx.hub.publishToUser(u, { kind: 'group', groupId });
    await publishCounts(ctx, u);
  }
}
