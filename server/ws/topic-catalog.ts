/**
 * Which match and room topics exist: a match the live tables hold, an anchor room, or a match's
 * chat room (`room:match-<id>`). The hub asks before it creates a topic for a subscriber, so a
 * made-up name costs one bounded look-up and no memory.
 */
import { Topics, type ParsedTopic } from '../../workers/protocol/index';
import type { Db } from '../db/index';

/** Ids are PostgreSQL `int`: a larger number names nothing (and must not reach the query). */
const MAX_INT = 2 ** 31 - 1;
const MATCH_CHAT = new RegExp(`^${Topics.matchChatRoom(0).replace(/0$/, '')}(\\d{1,10})$`);

async function matchExists(db: Db, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT) return false;
  return Boolean(await db.selectFrom('live_matches').select('id').where('id', '=', id).executeTakeFirst());
}

export function createTopicCatalog(db: Db): (topic: ParsedTopic) => Promise<boolean> {
  return async (topic) => {
    if (topic.kind === 'match') return matchExists(db, topic.matchId);
    if (topic.kind !== 'room') return false;
    const chat = MATCH_CHAT.exec(topic.roomId);
    if (chat) return matchExists(db, Number(chat[1]));
    return Boolean(await db.selectFrom('vlive_rooms').select('id').where('id', '=', topic.roomId).executeTakeFirst());
  };
}
