/**
 * Real NATS (JetStream) and PostgreSQL for the cluster tests. They never skip: with no server
 * reachable they fail, saying which one and how to start it.
 */
import crypto from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import pg from 'pg';

export const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
import { PG_TEST_URL } from './test-db';

export const PG_ADMIN_URL = PG_TEST_URL;

export async function connectNats(): Promise<NatsConnection> {
  try {
    return await connect({ servers: NATS_URL, timeout: 3_000 });
  } catch (err) {
    throw new Error(
      `集群测试需要 NATS（JetStream）：${NATS_URL} 连不上（${(err as Error).message}）。` +
        `请先启动 nats-server -js（.ci/run 会启动它），或设置 NATS_URL。`,
    );
  }
}

/**
 * Runs sharing the servers can set `CLUSTER_TEST_PREFIX` (e.g. their branch) so their streams,
 * buckets and databases are told apart from others'.
 */
const RUN_PREFIX = process.env.CLUSTER_TEST_PREFIX ? `${process.env.CLUSTER_TEST_PREFIX}_` : '';

/** A unique stream / bucket name for one test run (the services are shared by every run). */
export function uniqueName(prefix: string): string {
  return `${RUN_PREFIX}${prefix}_${crypto.randomBytes(4).toString('hex')}`;
}

/** Deletes the test's JetStream streams (KV buckets are streams named KV_<bucket>). */
export async function deleteStreams(nc: NatsConnection, names: string[]): Promise<void> {
  const jsm = await jetstreamManager(nc);
  for (const n of names)
    await jsm.streams.delete(n).catch((err: Error) => console.warn(`could not delete stream ${n}: ${err.message}`));
}

/** Creates a fresh database on the test PostgreSQL server; `drop()` removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = uniqueName('qs_cluster').toLowerCase();
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `集群测试需要 PostgreSQL：${PG_ADMIN_URL} 连不上（${(err as Error).message}）。请先启动 PostgreSQL 15，或设置 TEST_DATABASE_URL。`,
    );
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
