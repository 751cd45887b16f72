/**
 * Where a room's video comes from, and the match video call (spec §7, code 20001 when none): a
 * match plays the stream of the live anchor room bound to it (by the match binder or pinned by
 * an operator), the hottest when several are. Rooms without a broadcast of their own play the
 * built-in test stream, which the answer marks as such (`test`) so the player can say so.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Code, LivePaths, embeddedUrl, fail, ok, type MatchVideo } from '../../workers/protocol/index';
import type { AppContext } from '../context';
import { BizError, parseInput } from '../http/reply';
import { liveUrl } from '../media/routes';
import { unstoredMatch } from '../live/past-results';

/** The stream a room plays: an outside stream (VLIVE_STREAM_URLS), its broadcast, or the test stream. */
export function roomStream(
  overrides: ReadonlyMap<string, string>,
  roomId: string,
  streamUrl: string | null,
): { url: string; test: boolean } {
  const override = overrides.get(roomId);
  if (override) return { url: override, test: false };
  if (streamUrl !== null) return { url: streamUrl, test: false };
  return { url: liveUrl(roomId), test: true };
}

export function registerMatchVideo(app: FastifyInstance, ctx: AppContext, overrides: ReadonlyMap<string, string>) {
  const { db } = ctx;
  app.get(embeddedUrl(LivePaths.video), async (req) => {
    const { id } = parseInput(
      z.object({
        id: z.coerce
          .number()
          .int()
          .min(1)
          .max(2 ** 31 - 1),
      }),
      req.params,
    );
    const room = await db
      .selectFrom('vlive_rooms')
      .select(['id', 'stream_url', 'cover'])
      .where('match_id', '=', id)
      .where('live', '=', true)
      .orderBy('heat', 'desc')
      .orderBy('sort')
      .executeTakeFirst();
    if (room) {
      const s = roomStream(overrides, room.id, room.stream_url);
      return ok<MatchVideo>({ url: s.url, roomId: room.id, cover: room.cover, test: s.test });
    }
    const match = await db.selectFrom('live_matches').select('id').where('id', '=', id).executeTakeFirst();
    // A match of the season the feed did not store (played out from the seed) has no video either.
    if (!match && !(await unstoredMatch(db, id))) throw new BizError(Code.NOT_FOUND, '比赛不存在');
    return fail(Code.NO_VIDEO, '暂无直播视频');
  });
}
