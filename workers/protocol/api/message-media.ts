/**
 * Picture and match-card messages (issue 13): what they send, shared by the server and the core.
 * Both are ordinary messages (seq, client id, recall, favourite) whose text is a readable stand-in
 * (the chat list's last line, search) and which carry `image` or `match` (ImMessage).
 */

export const MessageMediaPaths = {
  /**
   * POST multipart: `file` (PNG / JPG / WebP), `clientId`, and `toUserId` or `groupId` → SendResult.
   * The picture is sniffed, bounded and re-encoded without its metadata, like every upload.
   */
  image: '/imserver/message/image',
  /** POST matchId, sport (zq|lq), clientId, and toUserId or groupId → SendResult. */
  match: '/imserver/message/match',
} as const;

/** The text of a picture message. */
export const IM_IMAGE_TEXT = '[图片]';
/** The text of a match-card message. */
export const imMatchText = (home: string, away: string) => `[比赛] ${home} vs ${away}`;
/** Pictures one user may send in an hour (each is also a message under IM_SEND_RATE). */
export const IM_IMAGE_HOURLY = 60;
/** Smallest and largest side of a chat picture, in pixels. */
export const IM_IMAGE_MIN_SIDE = 16;
export const IM_IMAGE_MAX_SIDE = 8192;
