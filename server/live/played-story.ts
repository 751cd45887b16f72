/**
 * The whole story of a match of the simulated season the feed did not store (issue 32: a day
 * before its month, or after its week ahead), so its detail reads like a stored match's: the
 * incidents, text live and odds moves the feed records when it plays a match live, from the same
 * play-out of the seed (./simulator/play-out.ts) whose scorers the tables, leaders and player
 * pages count (./past-results.ts). Details drawn from the seed (lineups, opening odds, notes)
 * are produced on each read and not stored. Played on demand; only the last few are kept.
 */
import {
  STATUS_TABLE,
  textLiveNewestFirst,
  type Incident,
  type OddsType,
  type TextLiveLine,
} from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { LiveMatch, OddsMove } from './model';
import { unstoredMatch, worldSeed } from './past-results';
import { toIncident } from './publish';
import { fixturesOfDay } from './simulator/fixtures';
import { playedStory } from './simulator/play-out';
import { matchById, type StoredOddsLine } from './repository';

export interface PlayedStory {
  match: LiveMatch;
  /** Oldest first, as `incidentsOf` reads a stored match's. */
  incidents: Incident[];
  /** Newest first, as `textLiveOf` reads a stored match's. */
  texts: TextLiveLine[];
  /** Every bookmaker's moves, oldest first. */
  odds: OddsMove[];
}

/** A story is ~16–18 kB as JSON (incidents, ~70 text lines, ~100 odds moves): a fan opening matches one by one needs a few. */
const STORIES_KEPT = 12;
const stories = new Map<string, PlayedStory>();
/** The story of a match object handed out by `unstoredStory`: how the detail bodies know it is not stored. */
const storyOfMatch = new WeakMap<LiveMatch, PlayedStory>();

/** The story behind a match `unstoredStory` answered; undefined for a stored match. */
export function storyOf(m: LiveMatch): PlayedStory | undefined {
  return storyOfMatch.get(m);
}

function tell(match: LiveMatch, incidents: PlayedStory['incidents'], texts: TextLiveLine[], odds: OddsMove[]) {
  const story: PlayedStory = { match, incidents, texts: textLiveNewestFirst(texts), odds };
  storyOfMatch.set(match, story);
  return story;
}

/**
 * A match of the simulated season the feed did not store, with its story: played to its end
 * from the seed when it is over, as the 赛程 lists it (not started, nothing told) otherwise;
 * null when the id is no such match.
 */
export async function unstoredStory(db: Db, id: number): Promise<PlayedStory | null> {
  const seed = worldSeed(db);
  const listed = seed === null ? null : await unstoredMatch(db, id);
  if (seed === null || !listed) return null;
  const key = `${seed}:${id}`;
  const hit = stories.get(key);
  if (hit) {
    // Most recently used last.
    stories.delete(key);
    stories.set(key, hit);
    return hit;
  }
  let story: PlayedStory;
  if (listed.status !== STATUS_TABLE[listed.sport].finished) {
    story = tell(structuredClone(listed), [], [], []);
  } else {
    const f = fixturesOfDay(seed, listed.day).find((x) => x.id === id)!;
    const { match, out } = playedStory(seed, f);
    // An incident told again under its id replaces the first telling, as storage keeps it.
    const incidents = [...new Map(out.incidents.map((i) => [i.id, i])).values()].map(toIncident);
    const texts = out.texts.map((t) => ({
      id: t.id,
      matchId: t.matchId,
      minute: t.minute,
      ...(t.stoppage ? { stoppage: t.stoppage } : {}),
      text: t.text,
      type: t.type,
      at: t.at,
    }));
    story = tell(match, incidents, texts, out.odds);
  }
  if (stories.size >= STORIES_KEPT) stories.delete(stories.keys().next().value!);
  stories.set(key, story);
  return story;
}

/**
 * A stored match, or one of the simulated season the feed did not store (./past-results.ts) with
 * its story: what every route naming a match by its id reads (detail tabs, follow, share, tips),
 * so a match the 赛程 lists is never 比赛不存在. Null when there is no such match.
 */
export async function seasonMatchById(db: Db, id: number): Promise<LiveMatch | null> {
  return (await matchById(db, id)) ?? (await unstoredStory(db, id))?.match ?? null;
}

/** Each company's latest line of one market, as `latestOdds` reads a stored match's. */
export function storyLatestOdds(story: PlayedStory, type: OddsType): StoredOddsLine[] {
  const latest = new Map<number, StoredOddsLine>();
  for (const o of story.odds)
    if (o.type === type)
      latest.set(o.companyId, { companyId: o.companyId, left: o.left, middle: o.middle, right: o.right, at: o.at });
  return [...latest.values()].sort((a, b) => a.companyId - b.companyId);
}

/** One company's moves of one market, newest first, as `oddsMoves` reads a stored match's. */
export function storyOddsMoves(story: PlayedStory, type: OddsType, companyId: number): StoredOddsLine[] {
  return story.odds
    .filter((o) => o.type === type && o.companyId === companyId)
    .map((o) => ({ companyId, left: o.left, middle: o.middle, right: o.right, at: o.at }))
    .reverse()
    .slice(0, 300);
}
