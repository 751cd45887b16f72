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
   * The media server's HLS of a room: playlist `index.m3u8` and its `.ts` fragments (the source
   * rendition), and with a bitrate ladder the master playlist `master.m3u8` the player gets.
   */
  hls: '/media/rtmp/:roomId/:file',
  /** With a bitrate ladder: one rendition (`src` or a rung's height) listed by `master.m3u8`. */
  hlsRendition: '/media/rtmp/:roomId/:rung/:file',
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
}

/** A room cover: at least this many pixels, and wider than tall (the cards are 16:9). */
export const COVER_MIN_WIDTH = 320;
export const COVER_MIN_HEIGHT = 180;
