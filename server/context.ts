/**
 * What every area plugin receives. The hub, feed and SMS sender are factories in their own
 * folders; tests build an AppContext with real parts on temp storage and an ephemeral port.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db, Storage } from './db/index';
import type { Metrics } from './metrics';
import type { Hub } from './ws/hub';
import type { LiveSource } from './live/source';
import type { SmsSender } from './accounts/sms';
import type { GatewayRegistry } from './cluster/gateways';

export interface AppContext {
  config: Config;
  storage: Storage;
  db: Db;
  metrics: Metrics;
  hub: Hub;
  /** The live data source (simulator, or a recorded feed replayed). */
  feed: LiveSource;
  sms: SmsSender;
  /** Unix ms; injectable so tests control time. */
  now: () => number;
  /** Cluster mode: live gateways, for the socket-address call (absent: this process's own address). */
  gateways?: GatewayRegistry;
  /** Cluster mode: limits are shared through PostgreSQL (server/limits/shared-rate-limit.ts). */
  clustered?: boolean;
  /** Whether this process runs the areas' background jobs (server/jobs.ts); absent: it does. */
  runsJobs?: () => boolean;
}

/** An area registers its routes (and may subscribe to the hub or feed). */
export type AreaPlugin = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
