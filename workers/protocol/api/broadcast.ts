/**
 * Real broadcasts (issue 17): the anchor console (live API), the media server's HTTP callbacks
 * (nginx-rtmp `on_publish`, `on_update`, `on_publish_done`, form-encoded), the HLS the media
 * server writes and the recordings made into replays, both served by the app.
 */
export const BroadcastPaths = {
  /** GET → AnchorConsole (anchor role only). */
  console: '/api/live/console',
  /** POST → AnchorConsole with a new stream key (the old one is refused from now on). */
  consoleKey: '/api/live/console/key',
  /**
   * POST title, categoryId, coverId? (an UploadedImage.id of the anchor's, from the user area's
   * picture upload) → AnchorConsole.
   */
  consoleRoom: '/api/live/console/room',
  onPublish: '/media/rtmp/on_publish',
  onUpdate: '/media/rtmp/on_update',
  onPublishDone: '/media/rtmp/on_publish_done',
  /**
   * One broadcast's HLS (issue 31: every publish has its own id, so no player or cache can mix
   * two broadcasts of a room): playlist `index.m3u8` and its `.ts` fragments (the source
   * rendition), and with a bitrate ladder the master playlist `master.m3u8` the player gets.
   * Once the broadcast ended its playlists carry EXT-X-ENDLIST (players play out the end), and a
   * minute later they are gone: its replay has its own URL.
   */
  hls: '/media/rtmp/:roomId/:broadcastId/:file',
  /** With a bitrate ladder: one rendition (`src` or a rung's height) listed by `master.m3u8`. */
  hlsRendition: '/media/rtmp/:roomId/:broadcastId/:rung/:file',
  /** A finished broadcast's recording (VOD playlist and fragments). */
  recording: '/media/recordings/:id/:file',
  /** Operator: POST JSON { userId, roomId } → grants the anchor role for that room. */
  opsAnchor: '/ops/vlive/anchor',
} as const;

export interface AnchorConsole {
  roomId: string;
  title: string;
  categoryId: number;
  cover: string;
  /** RTMP address to push to (OBS: 服务器), null when no media server is configured. */
  ingestUrl: string | null;
  streamKey: string;
  live: boolean;
  /** Unix ms the media server's publish marked the room live (null when not broadcasting). */
  liveSince: number | null;
  /** Sockets watching the room now (its chat and gifts topic). */
  viewers: number;
  /** The push as the media server reports it (on_publish / on_update / the fragments it writes). */
  push: PushState;
  /** Coins earned from gifts (the anchor's share), in total, per broadcast and per China day. */
  earnings: AnchorEarnings;
}

/**
 * idle: nothing pushed; starting: publish accepted, no fragment written yet; live: fragments
 * arriving; stalled: the push is open but no fragment for a few seconds (the encoder or network).
 */
export type PushStateKind = 'idle' | 'starting' | 'live' | 'stalled';

export interface PushState {
  state: PushStateKind;
  broadcastId: number | null;
  /** Seconds of video the media server has written for this broadcast. */
  seconds: number;
  /** Unix ms of the newest fragment (null before the first). */
  lastFragmentAt: number | null;
}

export interface AnchorEarnings {
  /** Coins earned in all (the anchor account's earnings). */
  total: number;
  /** The percentage of each coin gift that goes to the anchor (ANCHOR_GIFT_SHARE_PCT). */
  sharePct: number;
  /** Newest first, at most 20; gifts outside a broadcast are under broadcastId null. */
  byBroadcast: Array<{ broadcastId: number | null; startedAt: number | null; coins: number; gifts: number }>;
  /** China days, newest first, at most 14. */
  byDay: Array<{ day: string; coins: number; gifts: number }>;
}

/** A room cover: at least this many pixels, and wider than tall (the cards are 16:9). */
export const COVER_MIN_WIDTH = 320;
export const COVER_MIN_HEIGHT = 180;
