/**
 * The chat list (spec §3 chat list items, issue 13): my conversations with their unread counts.
 * The whole list answers `GET chat/list` and the rare changes (a chat deleted, a group changed);
 * a message or a read marker changes one conversation, so its `counts` event carries only that
 * conversation's count, computed for all of its members in one query.
 */
import { sql } from 'kysely';
import type { ChatCount } from '../../workers/protocol/index';
import {
  CHAT_STATUS_COUNTED,
  GROUP_CHAT_CODE,
  PRIVATE_CHAT_CODE,
  type ChatListItem,
} from '../../workers/protocol/api/message';
import { CHAT_STATUS_MUTED } from '../../workers/protocol/api/message-people';
import type { Db } from '../db/index';
import { toMessage, type MessageRow } from './message-rows';

interface ListRow {
  stranger: boolean;
  conversation_id: string;
  kind: 'private' | 'group';
  group_id: number | null;
  member_count: string | null;
  read_seq: number;
  pinned: boolean;
  muted: boolean;
  last_seq: number;
  last_at: number;
  peer_id: number;
  peer_nick: string;
  peer_portrait: string;
  unread: string;
}

/** My conversations with their unread counts, pinned first then by last message (no last line). */
async function listRows(db: Db, userId: number): Promise<ListRow[]> {
  const { rows } = await sql<ListRow>`
    select mem.conversation_id, mem.read_seq, mem.pinned, mem.muted, c.last_seq, c.last_at, c.kind,
      coalesce(pu.id, 0) as peer_id, coalesce(pu.nick_name, g.name) as peer_nick,
      coalesce(pu.portrait, '') as peer_portrait, g.id as group_id,
      (c.kind = 'private'
        and not exists (select 1 from community_follows f where f.user_id = ${userId} and f.followee_id = pu.id)
        and not exists (select 1 from im_messages mm where mm.conversation_id = mem.conversation_id
          and mm.from_user_id = ${userId})) as stranger,
      (case when g.id is null then null
        else (select count(*) from im_members gm where gm.conversation_id = mem.conversation_id) end) as member_count,
      (select count(*) from im_messages m
        where m.conversation_id = mem.conversation_id and m.seq > greatest(mem.read_seq, mem.cleared_seq)
          and m.from_user_id <> ${userId} and m.recalled_at is null
          and not exists (select 1 from im_hidden h where h.message_id = m.id and h.user_id = ${userId})
      ) as unread
    from im_members mem
    join im_conversations c on c.id = mem.conversation_id
    left join im_members pm on c.kind = 'private' and pm.conversation_id = mem.conversation_id
      and pm.user_id <> ${userId}
    left join users pu on pu.id = pm.user_id
    left join im_groups g on c.kind = 'group' and g.conversation_id = mem.conversation_id
    where mem.user_id = ${userId} and (c.last_seq > mem.cleared_seq or (c.kind = 'group' and c.last_seq = 0))
      and (c.kind = 'group' or pu.id is not null)
    order by mem.pinned desc, c.last_at desc
  `.execute(db);
  return rows;
}

/** My conversations with their unread counts and last lines: pinned first, then by last message. */
export async function chatList(db: Db, userId: number): Promise<ChatListItem[]> {
  const rows = await listRows(db, userId);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.conversation_id);
  const { rows: lastRows } = await sql<MessageRow>`
    select distinct on (m.conversation_id) m.id, m.conversation_id, m.seq, m.from_user_id, m.to_user_id,
      m.client_id, m.text, m.created_at, m.recalled_at, m.attachment, u.nick_name, u.portrait
    from im_messages m
    join users u on u.id = m.from_user_id
    join im_members mem on mem.conversation_id = m.conversation_id and mem.user_id = ${userId}
    where m.conversation_id in (${sql.join(ids)}) and m.seq > mem.cleared_seq
      and not exists (select 1 from im_hidden h where h.message_id = m.id and h.user_id = ${userId})
    order by m.conversation_id, m.seq desc
  `.execute(db);
  const last = new Map(lastRows.map((r) => [r.conversation_id, toMessage(r)]));
  return rows.map((r) => {
    const item: ChatListItem = {
      code: r.kind === 'group' ? GROUP_CHAT_CODE : PRIVATE_CHAT_CODE,
      messageStatus: r.muted ? CHAT_STATUS_MUTED : CHAT_STATUS_COUNTED,
      count: Number(r.unread),
      conversationId: r.conversation_id,
      peer: { id: Number(r.peer_id), nickName: r.peer_nick, avatar: r.peer_portrait },
      pinned: Boolean(r.pinned),
      lastSeq: Number(r.last_seq),
      readSeq: Number(r.read_seq),
      last: last.get(r.conversation_id) ?? null,
    };
    if (r.group_id !== null) item.group = { id: Number(r.group_id), memberCount: Number(r.member_count) };
    if (r.stranger) item.stranger = true;
    return item;
  });
}

/** The `counts` event payload: the spec's shape plus each conversation's read marker and pin. */
export async function chatCounts(db: Db, userId: number): Promise<ChatCount[]> {
  // Published on every message: the list query without the last lines.
  return (await listRows(db, userId)).map((r) => ({
    code: r.kind === 'group' ? GROUP_CHAT_CODE : PRIVATE_CHAT_CODE,
    messageStatus: r.muted ? CHAT_STATUS_MUTED : CHAT_STATUS_COUNTED,
    count: Number(r.unread),
    conversationId: r.conversation_id,
    readSeq: Number(r.read_seq),
    pinned: Boolean(r.pinned),
  }));
}

/**
 * One conversation's `counts` entry for each of its members (or the ones given): what a message,
 * a recall or a read marker changes, without recomputing anybody's whole list.
 */
export async function conversationCounts(
  db: Db,
  conversationId: string,
  userIds?: readonly number[],
): Promise<Map<number, ChatCount>> {
  if (userIds && userIds.length === 0) return new Map();
  const { rows } = await sql<{
    user_id: number;
    read_seq: number;
    pinned: boolean;
    muted: boolean;
    kind: string;
    unread: string;
  }>`
    select mem.user_id, mem.read_seq, mem.pinned, mem.muted, c.kind,
      (select count(*) from im_messages m
        where m.conversation_id = mem.conversation_id and m.seq > greatest(mem.read_seq, mem.cleared_seq)
          and m.from_user_id <> mem.user_id and m.recalled_at is null
          and not exists (select 1 from im_hidden h where h.message_id = m.id and h.user_id = mem.user_id)
      ) as unread
    from im_members mem
    join im_conversations c on c.id = mem.conversation_id
    where mem.conversation_id = ${conversationId}
      ${userIds ? sql`and mem.user_id in (${sql.join([...userIds])})` : sql``}
  `.execute(db);
  return new Map(
    rows.map((r) => [
      Number(r.user_id),
      {
        code: r.kind === 'group' ? GROUP_CHAT_CODE : PRIVATE_CHAT_CODE,
        messageStatus: r.muted ? CHAT_STATUS_MUTED : CHAT_STATUS_COUNTED,
        count: Number(r.unread),
        conversationId,
        readSeq: Number(r.read_seq),
        pinned: Boolean(r.pinned),
      },
    ]),
  );
}
