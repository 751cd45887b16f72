/**
 * Ties football and basketball rooms to live matches, so the room's embedded score widget
 * shows a match that is being played. The live-score area is read through its public REST list
 * (the same contract the client uses), not its tables. A binding set by hand is kept.
 */
import type { FastifyInstance } from 'fastify';
import { LivePaths, embeddedUrl, isLive, type Sport } from '../../workers/protocol/index';
import type { Db } from '../db/index';

interface ListedMatch {
  id: number;
  s: number;
  hot?: boolean;
}

function matchesOf(body: unknown): ListedMatch[] {
  const data = (body as { code?: number; data?: unknown } | null)?.data;
  const list = Array.isArray(data)
    ? data
    : Array.isArray((data as { list?: unknown })?.list)
      ? (data as { list: unknown[] }).list
      : [];
  return list.filter(
    (m): m is ListedMatch => typeof (m as ListedMatch)?.id === 'number' && typeof (m as ListedMatch)?.s === 'number',
  );
}

export async function bindRoomMatch(
  db: Db,
  roomId: string,
  matchId: number | null,
  sport: Sport | null,
  pinned: boolean,
) {
  const row = await db
    .updateTable('vlive_rooms')
    .set({ match_id: matchId, sport, match_pinned: pinned })
    .where('id', '=', roomId)
    .returning(['id', 'match_id', 'sport'])
    .executeTakeFirst();
  return row ?? null;
}

export function createMatchBinder(app: FastifyInstance, db: Db) {
  async function liveMatches(sport: Sport): Promise<number[]> {
    const url = sport === 'zq' ? `${embeddedUrl(LivePaths.zqLive)}?platform=4` : embeddedUrl(LivePaths.lqList);
    const res = await app.inject({ method: 'GET', url });
    if (res.statusCode !== 200) return [];
    const list = matchesOf(res.json()).filter((m) => isLive(sport, m.s));
    // Hot matches first: they are the ones anchors cover.
    list.sort((a, b) => Number(Boolean(b.hot)) - Number(Boolean(a.hot)) || a.id - b.id);
    return list.map((m) => m.id);
  }

  return {
    /** Keeps each unpinned sport room on a live match; drops bindings to matches that ended. */
    async rebind(): Promise<void> {
      for (const sport of ['zq', 'lq'] as const) {
        const live = await liveMatches(sport);
        const rooms = await db
          .selectFrom('vlive_rooms')
          .select(['id', 'match_id'])
          .where('sport', '=', sport)
          .where('match_pinned', '=', false)
          .orderBy('sort')
          .execute();
        const liveSet = new Set(live);
        const taken = new Set(
          rooms.map((r) => r.match_id).filter((id): id is number => id !== null && liveSet.has(id)),
        );
        const free = live.filter((id) => !taken.has(id));
        for (const room of rooms) {
          if (room.match_id !== null && liveSet.has(room.match_id)) continue;
          // Two rooms may cover the same match when there are fewer live matches than rooms.
          const next = free.shift() ?? live[rooms.indexOf(room) % Math.max(1, live.length)] ?? null;
          if (next !== room.match_id) await bindRoomMatch(db, room.id, next, sport, false);
        }
      }
    },
  };
}
