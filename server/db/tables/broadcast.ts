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
    /** The name nginx writes this broadcast's HLS under (`b<id>-<random>`; null before issue 31). */
    stream_name: string | null;
    /** The key the push used (nginx's done/update callbacks name it, not the renamed stream). */
    push_key: string | null;
  };
  /** An anchor's share of one coin gift, written in the gift's own transaction (append-only). */
  vlive_anchor_earnings: {
    id: Generated<number>;
    anchor_id: number;
    room_id: string;
    broadcast_id: number | null;
    gift_send_id: number;
    gift_coins: number;
    share_pct: number;
    coins: number;
    at: number;
  };
}
