import type { Generated } from 'kysely';

/** Anchor live rooms (issue 6). Money columns are integers in 球币. */
export interface VliveTables {
  vlive_categories: { id: number; name: string; sort: number };
  vlive_banners: { id: Generated<number>; title: string; image: string; link: string; sort: number };
  vlive_anchors: {
    id: Generated<number>;
    name: string;
    avatar: string;
    intro: string;
    followers: Generated<number>;
    /** Coins earned from gifts: the sum of the anchor's vlive_anchor_earnings rows. */
    earnings: Generated<number>;
  };
  vlive_rooms: {
    id: string;
    anchor_id: number;
    category_id: number;
    title: string;
    cover: string;
    tag: string;
    heat: Generated<number>;
    live: boolean;
    /** Streams only during its schedules (otherwise always live). */
    scheduled_only: Generated<boolean>;
    /** null: the embedded HLS origin; '' : no stream (video call answers 20001); else any URL. */
    stream_url: string | null;
    match_id: number | null;
    /** A binding set by hand (dev control) is kept; others follow the live matches. */
    match_pinned: Generated<boolean>;
    sport: 'zq' | 'lq' | null;
    notice: string;
    welcome: string;
    sort: number;
  };
  vlive_schedules: {
    id: Generated<number>;
    room_id: string;
    title: string;
    starts_at: number;
    ends_at: number;
    /** Set when reservers were told that it started. */
    notified_at: number | null;
    /** Set when the broadcast ended (and its replay was made). */
    ended_at: number | null;
  };
  vlive_follows: { user_id: number; anchor_id: number; at: number };
  vlive_reservations: { user_id: number; schedule_id: number; at: number };
  vlive_gifts: { id: number; name: string; icon: string; price: number; effect: 'small' | 'big'; sort: number };
  vlive_bags: { user_id: number; gift_id: number; count: number };
  vlive_gift_sends: {
    id: Generated<number>;
    user_id: number;
    room_id: string;
    gift_id: number;
    count: number;
    total: number;
    from_bag: boolean;
    combo: number;
    at: number;
  };
  /** One row per (user, idemKey): a repeated key returns `result` and writes nothing. */
  vlive_idempotency: { user_id: number; key: string; scope: string; result: unknown; at: number };
  vlive_balance_log: {
    id: Generated<number>;
    user_id: number;
    delta: number;
    balance: number;
    reason: string;
    ref: string;
    at: number;
  };
  vlive_noble_levels: { level: number; name: string; price: number; days: number; color: string; privileges: string[] };
  vlive_user_nobility: { user_id: number; level: number; expires_at: number };
  vlive_replays: {
    id: Generated<number>;
    room_id: string;
    title: string;
    cover: string;
    duration: number;
    at: number;
    /** null: the embedded VOD playlist; else any URL. */
    url: string | null;
  };
  vlive_chat_messages: {
    id: string;
    room_id: string;
    user_id: number;
    client_id: string;
    nick_name: string;
    avatar: string;
    noble_level: number;
    text: string;
    kind: 'text' | 'welcome' | 'notice' | 'gift';
    at: number;
  };
  vlive_watch_history: { user_id: number; room_id: string; at: number };
}
