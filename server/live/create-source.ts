/**
 * Picks the live source by configuration: the simulator (embedded default) or the replay of a
 * recorded feed (`FEED_REPLAY`), storing through the repository, with `FEED_RECORD` recording
 * what is stored.
 */
import type { Config } from '../config';
import type { Db } from '../db/index';
import type { Metrics } from '../metrics';
import type { Hub } from '../ws/hub';
import { createFeed } from '../feed/create-feed';
import { recordingSink } from './recording';
import { createReplaySource } from './replay-source';
import { dbSink } from './repository';
import type { LiveSource } from './source';

export function createLiveSource(deps: {
  db: Db;
  hub: Hub;
  metrics: Metrics;
  config: Config;
  now: () => number;
}): LiveSource {
  const { config } = deps;
  const stored = dbSink(deps.db);
  const speed = config.feedSpeed > 0 ? config.feedSpeed : 1;
  const sink = config.feedRecord ? recordingSink(stored, config.feedRecord, { seed: config.feedSeed, speed }) : stored;
  if (config.feedReplay) return createReplaySource({ ...deps, sink, file: config.feedReplay });
  return createFeed({ ...deps, sink });
}
