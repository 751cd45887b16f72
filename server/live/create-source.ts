/**
 * Picks the live source by configuration (`LIVE_SOURCE`): the simulator (embedded default), the
 * replay of a recorded feed (`FEED_REPLAY`), or a real provider (纳米数据 `nami`, api-sports
 * `apisports`) feeding the
 * ingest path; all store through the repository, with `FEED_RECORD` recording what is stored.
 */
import type { Config } from '../config';
import type { Db } from '../db/index';
import type { Metrics } from '../metrics';
import type { Hub } from '../ws/hub';
import { createFeed } from './simulator/create-feed';
import { simulatedWorld } from './past-results';
import { APISPORTS_STATUS } from './apisports/status';
import { createApiSportsSource } from './apisports/source';
import { loadStoredCatalogue } from './catalogue';
import { createIngest } from './ingest';
import { createDetailIngest } from './ingest-details';
import { resolveName, seedNames } from './names';
import { NAMI_STATUS } from './nami/status';
import { createNamiSource } from './nami/source';
import { tablesFollow } from './provider-standings';
import { recordingSink } from './replay/recording';
import { createReplaySource } from './replay/replay-source';
import { dbSink } from './repository';
import type { LiveSink, LiveSource } from './source';

export interface LiveSourceDeps {
  db: Db;
  hub: Hub;
  metrics: Metrics;
  config: Config;
  now: () => number;
}

export function createLiveSource(deps: LiveSourceDeps): LiveSource {
  const { config } = deps;
  const stored = dbSink(deps.db);
  const speed = config.feedSpeed > 0 ? config.feedSpeed : 1;
  const sink = config.feedRecord ? recordingSink(stored, config.feedRecord, { seed: config.feedSeed, speed }) : stored;
  const kind = config.liveSource?.kind ?? (config.feedReplay ? 'replay' : 'simulator');
  // A provider's league tables follow its scores into the stored table (reports, ChatGPT read it).
  if (kind === 'nami') return createNamiLiveSource(deps, tablesFollow(sink, deps.db));
  if (kind === 'apisports') return createApiSportsLiveSource(deps, tablesFollow(sink, deps.db));
  // The simulator's matches (or a recording of them): tables count the season's earlier rounds too.
  simulatedWorld(deps.db, config.feedSeed);
  if (config.feedReplay) return createReplaySource({ ...deps, sink, file: config.feedReplay });
  return createFeed({ ...deps, sink });
}

function providerIngest(deps: LiveSourceDeps, sink: LiveSink) {
  return createIngest({
    db: deps.db,
    hub: deps.hub,
    metrics: deps.metrics,
    sink,
    now: deps.now,
    seed: deps.config.feedSeed,
    staleAfterMs: deps.config.liveSource.staleAfterMs,
    statusTables: { nami: NAMI_STATUS, apisports: APISPORTS_STATUS },
    names: (provider, sport, kind, id, name) => resolveName(deps.db, provider, sport, kind, id, name, deps.now()),
  });
}

function detailIngest(deps: LiveSourceDeps, sink: LiveSink) {
  return createDetailIngest({
    db: deps.db,
    hub: deps.hub,
    sink,
    now: deps.now,
    seed: deps.config.feedSeed,
    names: (provider, sport, kind, id, name) => resolveName(deps.db, provider, sport, kind, id, name, deps.now()),
  });
}

function createNamiLiveSource(deps: LiveSourceDeps, sink: LiveSink): LiveSource {
  const nami = deps.config.liveSource.nami;
  if (!nami) throw new Error('LIVE_SOURCE=nami needs NAMI_USER and NAMI_SECRET');
  return createNamiSource({
    config: nami,
    ingest: providerIngest(deps, sink),
    details: detailIngest(deps, sink),
    sink,
    now: deps.now,
    timers: deps.config.feed,
    prepare: async () => {
      await seedNames(deps.db);
      await loadStoredCatalogue(deps.db);
    },
  });
}

function createApiSportsLiveSource(deps: LiveSourceDeps, sink: LiveSink): LiveSource {
  const config = deps.config.liveSource.apisports;
  if (!config) throw new Error('LIVE_SOURCE=apisports needs APISPORTS_KEY');
  return createApiSportsSource({
    config,
    ingest: providerIngest(deps, sink),
    details: detailIngest(deps, sink),
    sink,
    now: deps.now,
    timers: deps.config.feed,
    prepare: async () => {
      await seedNames(deps.db);
      await loadStoredCatalogue(deps.db);
    },
  });
}
