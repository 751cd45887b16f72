/**
 * Real storage for tests: PGlite in a fresh temp dir (default), or a fresh database on the
 * PostgreSQL server at PG_TEST_URL when `engine: 'postgres'`. The storage tests run on both engines
 * and never skip: with no PostgreSQL reachable they fail, saying how to start it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { openStorage, type Storage } from '../../server/db/index';
import { loadConfig, type Config } from '../../server/config';

export type Engine = 'pglite' | 'postgres';

/** The PostgreSQL server the tests make their temp databases on (`.ci/run` starts PostgreSQL 15 there). */
export const PG_TEST_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

/** Both storage engines: every storage test runs on each. */
export const ENGINES: readonly Engine[] = ['pglite', 'postgres'];

/** A connected admin client on PG_TEST_URL, or an error that says which server and how to start it. */
export async function connectTestPostgres(): Promise<import('pg').Client> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: PG_TEST_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `存储测试需要 PostgreSQL：${PG_TEST_URL} 连不上（${(err as Error).message}）。` +
        `请先启动 PostgreSQL 15（.ci/run 会启动它），或设置 TEST_DATABASE_URL。`,
    );
  }
  return client;
}

export interface TestStorage {
  storage: Storage;
  dataDir: string;
  config: Config;
  cleanup(): Promise<void>;
}

export async function createTestStorage(
  engine: Engine = 'pglite',
  overrides: Partial<Config> = {},
): Promise<TestStorage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-test-'));
  let databaseUrl: string | null = null;
  let dropDb: (() => Promise<void>) | null = null;
  if (engine === 'postgres') {
    const admin = PG_TEST_URL;
    // TEST_DB_PREFIX names the temp databases (e.g. one's own prefix on a shared server).
    const prefix = /^[a-z][a-z0-9_]{0,40}$/.test(process.env.TEST_DB_PREFIX ?? '')
      ? process.env.TEST_DB_PREFIX
      : 'qs_test';
    const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
    const client = await connectTestPostgres();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      const c = await connectTestPostgres();
      // pg's Pool.end() resolves before its clients have finished closing; forcing the drop while
      // one is still open would kill it mid-close (an unhandled 57P01). Wait for them to go first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({ NODE_ENV: 'test' } as NodeJS.ProcessEnv, {
    dataDir,
    databaseUrl,
    devControl: true,
    feed: false,
    // Every test calls from 127.0.0.1: per-address limits are lifted here, and the abuse tests
    // (tests/server/abuse.test.ts) set the production ones.
    limits: {
      ...loadConfig({} as NodeJS.ProcessEnv).limits,
      smsPerAddressPerHour: 100_000,
      smsPerHour: 100_000,
      loginFreePerAddress: 100_000,
      passwordIvPerMinute: 100_000,
      socketsPerAddress: 0,
    },
    ...overrides,
  });
  const storage = await openStorage(config);
  const ts: TestStorage = {
    storage,
    dataDir,
    config,
    async cleanup() {
      // The storage in use now (a test may have reopened it on the same directory).
      await ts.storage.close();
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ts;
}
