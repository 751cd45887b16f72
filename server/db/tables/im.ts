import type { Generated } from 'kysely';

/** Private messaging (issue 13). */
export interface ImTables {
  im_conversations: {
    /** 'p:<lower user id>:<higher user id>' for a private conversation. */
    id: string;
    kind: 'private';
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
  };
  im_messages: {
    id: Generated<number>;
    conversation_id: string;
    seq: number;
    from_user_id: number;
    to_user_id: number;
    client_id: string;
    text: string;
    created_at: number;
    recalled_at: number | null;
  };
  im_hidden: { user_id: number; message_id: number };
  im_favourites: { user_id: number; message_id: number; created_at: number };
  im_blocks: { user_id: number; blocked_user_id: number; created_at: number };
}
