import type { Generated } from 'kysely';

/** Real broadcasts (issue 17). */
export interface BroadcastTables {
  /** A user with the anchor role, and the room they broadcast to (granted by the operator). */
  vlive_anchor_users: { user_id: number; room_id: string; at: number };
  /** The one valid stream key of a room (a reset replaces it: the old key is refused at once). */
  vlive_stream_keys: { room_id: string; stream_key: string; created_at: number };
  /** One row per publish the media server authorised. */
  vlive_broadcasts: {
    id: Generated<number>;
    room_id: string;
    started_at: number;
    ended_at: number | null;
    replay_id: number | null;
  };
}
