import type { Generated } from 'kysely';

/** Private messaging (issue 13). */
export interface ImTables {
  im_conversations: {
    /** 'p:<lower user id>:<higher user id>' for a private conversation. */
    id: string;
    kind: 'private' | 'group';
    last_seq: Generated<number>;
    last_at: number;
    created_at: number;
  };
  im_members: {
    conversation_id: string;
    user_id: number;
    /** Highest seq this member has read. */
    read_seq: Generated<number>;
    /** Messages up to this seq are gone for this member (chat deleted from the list). */
    cleared_seq: Generated<number>;
    pinned: Generated<boolean>;
    role: Generated<'owner' | 'admin' | 'member'>;
    muted_until: number | null;
    joined_at: Generated<number>;
    /** 消息免打扰: unread still counted per chat, but the chat has messageStatus 1. */
    muted: Generated<boolean>;
  };
  im_messages: {
    id: Generated<number>;
    conversation_id: string;
    seq: number;
    from_user_id: number;
    /** Null for a group message. */
    to_user_id: number | null;
    client_id: string;
    text: string;
    created_at: number;
    recalled_at: number | null;
    /** JSON: `{ image }` or `{ match }` (ImMessage); null for text. */
    attachment: Generated<string | null>;
  };
  im_hidden: { user_id: number; message_id: number };
  im_favourites: { user_id: number; message_id: number; created_at: number };
  im_groups: {
    id: Generated<number>;
    conversation_id: string;
    name: string;
    notice: Generated<string>;
    owner_id: number;
    mute_all: Generated<boolean>;
    invite_code: string;
    created_at: number;
    dissolved_at: number | null;
  };
  im_mass: { id: Generated<number>; user_id: number; text: string; recipient_count: number; created_at: number };
  im_settings: { user_id: number; who_may_message: 'everyone' | 'following' };
  im_blocks: { user_id: number; blocked_user_id: number; created_at: number };
  /** A group's invitation waiting for (or declined by) someone who accepts only people they follow. */
  im_group_invitations: {
    group_id: number;
    user_id: number;
    inviter_id: number;
    created_at: number;
    declined_at: number | null;
  };
  /** /message/note: a user's own notes. */
  im_notes: { id: Generated<number>; user_id: number; text: string; created_at: number; updated_at: number };
}
