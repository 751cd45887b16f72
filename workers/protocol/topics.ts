/** Topic names. Build and parse them only here. */
export type Topic = 'football' | 'basketball' | 'inbox' | 'vlive' | `match:${number}` | `room:${string}`;

export const Topics = {
  football: 'football',
  basketball: 'basketball',
  /** The logged-in user's inbox; the server maps it to the authenticated user. */
  inbox: 'inbox',
  /** The anchor room lists (every room's live/offline changes), for /vlive and the home page. */
  vlive: 'vlive',
  /** Live detail of one match (text live, stats, odds, incidents). */
  match: (matchId: number): Topic => `match:${matchId}`,
  /** A chat room: an anchor room (`room:<roomId>`) or a match chat (`room:match-<id>`). */
  room: (roomId: string | number): Topic => `room:${roomId}`,
  matchChatRoom: (matchId: number): string => `match-${matchId}`,
} as const;

export type ParsedTopic =
  | { kind: 'football' }
  | { kind: 'basketball' }
  | { kind: 'inbox' }
  | { kind: 'vlive' }
  | { kind: 'match'; matchId: number }
  | { kind: 'room'; roomId: string };

const ROOM_ID = /^[A-Za-z0-9_-]{1,40}$/;

export function parseTopic(topic: string): ParsedTopic | null {
  if (topic === 'football' || topic === 'basketball' || topic === 'inbox' || topic === 'vlive') return { kind: topic };
  if (topic.startsWith('match:')) {
    const id = Number(topic.slice(6));
    return Number.isSafeInteger(id) && id > 0 ? { kind: 'match', matchId: id } : null;
  }
  if (topic.startsWith('room:')) {
    const roomId = topic.slice(5);
    return ROOM_ID.test(roomId) ? { kind: 'room', roomId } : null;
  }
  return null;
}
