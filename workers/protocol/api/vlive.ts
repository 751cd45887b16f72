/**
 * Anchor live rooms (vlive): REST paths of the live API family (`/api/…`, mounted at the root of
 * the embedded server) and the shapes they return. GETs take query params; POSTs are
 * form-encoded. Writes that move money carry an `idemKey` so a double tap or a retry debits once.
 */
export const VlivePaths = {
  categories: '/api/live/categories', // GET → VliveCategory[]
  banners: '/api/live/banners', // GET → VliveBanner[]
  rooms: '/api/live/rooms', // GET ?type=&page=&size= → VlivePage<VliveRoom> (followed anchors first when logged in)
  hotMatches: '/api/live/hotMatches', // GET → VliveMatchRooms[]
  authors: '/api/live/authors', // GET → VliveAnchor[] (by followers)
  anchor: '/api/live/anchor/:id', // GET → VliveAnchorDetail
  room: '/api/live/room/:id', // GET → VliveRoomDetail
  video: '/api/live/video/:id', // GET → VliveVideo, or code 20001 when the room has no stream
  share: '/api/live/share/:id', // GET → VliveShare
  schedules: '/api/live/schedules', // GET ?roomId= → VliveSchedule[] (upcoming)
  reserve: '/api/live/reserve', // POST scheduleId → { reserved: 0|1 } (toggle); GET → my reserved VliveSchedule[]
  attention: '/api/live/attention', // POST anchorId → { follow: 0|1 } (toggle); GET → followed VliveAnchor[]
  history: '/api/live/history', // GET → rooms I watched (most recent first)
  chatInfo: '/api/live/chat/info/:roomId', // GET → VliveChatInfo (welcome, notice)
  chatHistory: '/api/live/chat/history/:roomId', // GET ?before= → ChatMessage[] oldest first
  gifts: '/api/live/gifts', // GET → VliveGift[]
  bag: '/api/live/bag', // GET → VliveBagItem[]
  giftSend: '/api/live/gift/send', // POST roomId, giftId, count, fromBag(0|1), idemKey → VliveGiftResult
  nobility: '/api/live/nobility', // GET → VliveNobility
  nobilityBuy: '/api/live/nobility/buy', // POST level, idemKey → VliveNobilityResult
  ranking: '/api/live/ranking/:roomId', // GET ?period=day|week|all → VliveRankRow[]
  balance: '/api/live/balance', // GET → { balance }
  replays: '/api/live/replays', // GET ?roomId=&page= → VlivePage<VliveReplay>
  replay: '/api/live/replay/:id', // GET → VliveReplay (+ url)
} as const;

/** HLS origin of the embedded server (not part of an API family). */
export const MediaPaths = {
  live: '/media/hls/:roomId/live.m3u8',
  liveSegment: '/media/hls/:roomId/:seq.ts',
  replay: '/media/vod/:replayId/index.m3u8',
  replaySegment: '/media/vod/:replayId/:index.ts',
} as const;

/** Category 0 is 推荐 (every live room, hottest first). */
export const VLIVE_RECOMMENDED = 0;
export const VLIVE_PAGE_SIZE = 12;
/** Gift sends of the same gift by the same user within this window add to a combo. */
export const GIFT_COMBO_WINDOW_MS = 5_000;

export interface VlivePage<T> {
  list: T[];
  page: number;
  /** True when another page follows. */
  next: boolean;
  total: number;
}

export interface VliveCategory {
  id: number;
  name: string;
}

export interface VliveBanner {
  id: number;
  title: string;
  image: string;
  /** In-app path the banner opens. */
  link: string;
}

export interface VliveAnchor {
  id: number;
  name: string;
  avatar: string;
  intro: string;
  followers: number;
  /** 1 when the current user follows this anchor (0 for visitors). */
  follow: 0 | 1;
  /** The anchor's room. */
  roomId: string;
  live: boolean;
}

export interface VliveRoom {
  id: string;
  title: string;
  cover: string;
  tag: string;
  heat: number;
  live: boolean;
  categoryId: number;
  anchor: { id: number; name: string; avatar: string };
  /** Tied match (the embedded score widget), or null. */
  matchId: number | null;
  sport: 'zq' | 'lq' | null;
  /** True when the room's anchor is followed by the current user. */
  followed: boolean;
  /**
   * Live on the built-in test signal, not a broadcast (no media server, no outside stream): the
   * card says 测试信号, never 直播中 (issue 31).
   */
  testSignal: boolean;
}

export interface VliveRoomDetail extends VliveRoom {
  notice: string;
  anchorDetail: VliveAnchor;
  /** Next scheduled broadcast of this room, if any. */
  nextSchedule: VliveSchedule | null;
}

export interface VliveAnchorDetail extends VliveAnchor {
  rooms: VliveRoom[];
  schedules: VliveSchedule[];
}

export interface VliveMatchRooms {
  matchId: number;
  sport: 'zq' | 'lq';
  rooms: VliveRoom[];
}

export interface VliveVideo {
  roomId: string;
  url: string;
  /** 'hls' for .m3u8 playlists. */
  kind: 'hls';
  live: boolean;
  /** True for the built-in test stream (no media server): the player labels it 测试信号. */
  test: boolean;
}

export interface VliveShare {
  title: string;
  text: string;
  /** In-app path to share. */
  path: string;
}

export interface VliveSchedule {
  id: number;
  roomId: string;
  anchorName: string;
  title: string;
  /** Unix ms. */
  startsAt: number;
  endsAt: number;
  reserved: boolean;
  reservations: number;
}

export interface VliveChatInfo {
  roomId: string;
  welcome: string;
  notice: string;
  /** Latest topic seq at the time of the call, so history and the stream join without a gap. */
  seq: number;
}

export interface VliveGift {
  id: number;
  name: string;
  icon: string;
  /** Price in 球币 per gift. */
  price: number;
  /** 'big' gifts play a full-width effect. */
  effect: 'small' | 'big';
}

export interface VliveBagItem {
  giftId: number;
  name: string;
  icon: string;
  count: number;
}

export interface VliveGiftResult {
  sendId: number;
  balance: number;
  /** Bag count of the gift after the send (when sent from the bag). */
  bagCount: number | null;
  combo: number;
  /** True when this answer is a stored result for a repeated idemKey (nothing debited again). */
  replayed: boolean;
}

export interface VliveNobleLevel {
  level: number;
  name: string;
  /** Price in 球币 for 30 days. */
  price: number;
  days: number;
  color: string;
  privileges: string[];
}

export interface VliveNobility {
  levels: VliveNobleLevel[];
  /** The current user's active level (0 none) and its expiry, unix ms. */
  mine: { level: number; expiresAt: number | null };
  balance: number;
}

export interface VliveNobilityResult {
  level: number;
  expiresAt: number;
  balance: number;
  replayed: boolean;
}

export interface VliveRankRow {
  rank: number;
  userId: number;
  nickName: string;
  avatar: string;
  nobleLevel: number;
  /** 球币 given in the period. */
  total: number;
}

export interface VliveReplay {
  id: number;
  roomId: string;
  title: string;
  cover: string;
  anchorName: string;
  /** Seconds. */
  duration: number;
  /** Unix ms the broadcast happened. */
  at: number;
  url: string;
}

/** Noble level names, shown as badges in chat (index = level). */
export const NOBLE_NAMES = ['', '骑士', '子爵', '伯爵', '侯爵', '公爵', '国王'] as const;
