/**
 * In cluster mode only the feed leader talks to the provider (issue 26, point 5). A provider
 * source reads some things on demand, when a fan opens a page: a match's lineup
 * (`produceDetail`), a team's squad (`produceSquad`), the box score of a basketball game whose
 * 统计 tab is open (`watch`). On a gateway or a standby feed those reads would spend a budget of
 * their own against the same plan (the provider counts calls per key, not per process), and they
 * would find nothing anyway: the provider's ids are known only where the feed started and loaded
 * its catalogue. So every other process forwards them to the leader over NATS
 * (./leader-controls.ts); the leader makes the call within its budget and stores what it read;
 * the asking process answers from the body it gets back (and stores a detail, as the embedded
 * server does).
 *
 * A demo source (the simulator, a replay) calls no one: its details are drawn from the seed
 * wherever they are asked for, so it is left as it is.
 */
import { z } from 'zod';
import { Code, ok } from '../../workers/protocol/index';
import { idField } from '../../workers/protocol/fields';
import type { Db } from '../db/index';
import { parseInput } from '../http/reply';
import { matchById } from '../live/repository';
import { isDemoSource, type DetailBodies, type DetailKind, type LiveSource } from '../live/source';
import type { LeaderControls } from './leader-controls';

/**
 * How long a fan's page waits for a leader to answer a forwarded read before it is served
 * without it (a cold start or a takeover: 0.3–1.7 s measured). The next opening asks again.
 */
export const PROVIDER_WAIT_MS = 3_000;

const DETAIL_KINDS = ['lineup', 'injuries', 'intel', 'odds-open:1', 'odds-open:2', 'odds-open:3'] as const;
const detailSchema = z.object({ matchId: idField('比赛编号'), kind: z.enum(DETAIL_KINDS) });
const squadSchema = z.object({ teamId: idField('球队编号') });
const watchSchema = z.object({ matchId: idField('比赛编号') });

/** No provider source reads `recent` (only the simulator's 情报 does, and it is not forwarded). */
const NO_RECENT = { recent: { home: [], away: [] } };

/**
 * The source as a cluster process uses it: the leader's own reads run here, every other
 * process's go to the leader. Registers the leader's handlers on `controls`.
 */
export function leaderOnlyCalls(
  feed: LiveSource,
  o: { db: Db; controls: LeaderControls; isLeader(): boolean; log?: (line: string) => void },
): LiveSource {
  if (isDemoSource(feed.kind)) return feed;
  const { controls } = o;
  const log = o.log ?? ((line: string) => console.warn(line));

  controls.handle('provider-detail', async (body) => {
    const { matchId, kind } = parseInput(detailSchema, body);
    const m = await matchById(o.db, matchId);
    return ok(m ? await feed.produceDetail(m, kind, NO_RECENT) : null);
  });
  controls.handle('provider-squad', async (body) => {
    await feed.produceSquad?.(parseInput(squadSchema, body).teamId);
    return ok(null);
  });
  controls.handle('provider-watch', async (body) => {
    const m = await matchById(o.db, parseInput(watchSchema, body).matchId);
    if (m) feed.watch?.(m);
    return ok(null);
  });

  const forwarded: Pick<LiveSource, 'produceDetail' | 'produceSquad' | 'watch'> = {
    async produceDetail<K extends DetailKind>(
      m: Parameters<LiveSource['produceDetail']>[0],
      kind: K,
      inputs: Parameters<LiveSource['produceDetail']>[2],
    ): Promise<DetailBodies[K] | null> {
      if (o.isLeader()) return feed.produceDetail(m, kind, inputs);
      const answer = await controls.run('provider-detail', { matchId: m.id, kind }, { waitMs: PROVIDER_WAIT_MS });
      if (answer.code !== Code.OK) {
        log(`provider detail ${kind} of match ${m.id} not read: ${answer.msg}`);
        return null;
      }
      return answer.data as DetailBodies[K] | null;
    },
    async produceSquad(teamId: number): Promise<void> {
      if (o.isLeader()) return feed.produceSquad?.(teamId);
      const answer = await controls.run('provider-squad', { teamId }, { waitMs: PROVIDER_WAIT_MS });
      if (answer.code !== Code.OK) log(`provider squad of team ${teamId} not read: ${answer.msg}`);
    },
    watch(m) {
      if (o.isLeader()) return feed.watch?.(m);
      // A fan's 统计 tab asks again while it stays open: a lost one costs one refresh at most.
      void controls
        .run('provider-watch', { matchId: m.id }, { waitMs: PROVIDER_WAIT_MS })
        .catch((err: unknown) => log(`provider watch of match ${m.id} not sent: ${(err as Error).message}`));
    },
  };
  // Everything else (start, health, the sink, dev events) is the source's own, unchanged; a
  // source without squads or watched games (Nami pushes its box scores) has none forwarded either.
  const wrapped = Object.create(feed) as LiveSource;
  wrapped.produceDetail = forwarded.produceDetail;
  if (feed.produceSquad) wrapped.produceSquad = forwarded.produceSquad;
  if (feed.watch) wrapped.watch = forwarded.watch;
  return wrapped;
}
