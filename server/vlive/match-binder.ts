/**
 * Ties football and basketball rooms to live matches, so the room's embedded score widget
 * shows a match that is being played. The live-score area is read through its public REST list
 * (the same contract the client uses), not its tables. A binding set by hand is kept.
 */
import type { FastifyInstance } from 'fastify';
import { LivePaths, embeddedUrl, isLive, type Sport } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { ALL_LEAGUES } from '../seed/leagues';

/** League names by sport: a room tag that is one of them binds only that league's matches. */
const LEAGUE_NAMES: Record<Sport, string[]> = {
  zq: ALL_LEAGUES.filter((l) => l.sport === 'zq').map((l) => l.name),
  lq: ALL_LEAGUES.filter((l) => l.sport === 'lq').map((l) => l.name),
};

interface ListedMatch {
  id: number;
  s: number;
  hot?: boolean;
  leagueName?: string;
}

interface LiveMatch {
  id: number;
  leagueName: string;
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
  async function liveMatches(sport: Sport): Promise<LiveMatch[]> {
    const url = sport === 'zq' ? `${embeddedUrl(LivePaths.zqLive)}?platform=4` : embeddedUrl(LivePaths.lqList);
    const res = await app.inject({ method: 'GET', url });
    if (res.statusCode !== 200) return [];
    const list = matchesOf(res.json()).filter((m) => isLive(sport, m.s));
    // Hot matches first: they are the ones anchors cover.
    list.sort((a, b) => Number(Boolean(b.hot)) - Number(Boolean(a.hot)) || a.id - b.id);
    return list.map((m) => ({ id: m.id, leagueName: m.leagueName ?? '' }));
  }

  return {
    /**
     * Keeps each unpinned sport room on a live match; drops bindings to matches that ended. A
     * room tagged with a league (英超, NBA…) shows only that league's matches, or none: a room
     * titled 英超焦点战 must not show a 日职联 match. A room with another tag (战术, 街球) takes
     * any live match of its sport.
     */
    async rebind(): Promise<void> {
      for (const sport of ['zq', 'lq'] as const) {
        const live = await liveMatches(sport);
        const leagues = new Set(LEAGUE_NAMES[sport]);
        const rooms = await db
          .selectFrom('vlive_rooms')
          .select(['id', 'match_id', 'tag'])
          .where('sport', '=', sport)
          .where('match_pinned', '=', false)
          .orderBy('sort')
          .execute();
        const fits = (room: { tag: string }) => (m: LiveMatch) => !leagues.has(room.tag) || m.leagueName === room.tag;
        const taken = new Set<number>();
        for (const room of rooms) {
          const current = live.find((m) => m.id === room.match_id);
          if (current && fits(room)(current)) taken.add(current.id);
        }
        for (const room of rooms) {
          const current = live.find((m) => m.id === room.match_id);
          if (current && fits(room)(current)) continue;
          const candidates = live.filter(fits(room));
          // Two rooms may cover the same match when there are fewer live matches than rooms.
          const next = candidates.find((m) => !taken.has(m.id)) ?? candidates[0] ?? null;
          if (next) taken.add(next.id);
          const nextId = next?.id ?? null;
          if (nextId !== room.match_id) await bindRoomMatch(db, room.id, nextId, sport, false);
        }
      }
    },
  };
}
