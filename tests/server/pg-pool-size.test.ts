/**
 * PG_POOL_MAX: how many PostgreSQL connections the process keeps at most. Parsed strictly; on
 * PostgreSQL the pool really stops at it: concurrent queries share that many
 * server backends.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openStorage } from '../../server/db/index';
import { createTestStorage } from '../helpers/test-db';

const env = (v: Record<string, string>) => v as NodeJS.ProcessEnv;

describe('PG_POOL_MAX', () => {
  it('defaults to 10, takes a whole number of 1 or more, and refuses anything else', () => {
    expect(loadConfig(env({})).pgPoolMax).toBe(10);
    expect(loadConfig(env({ PG_POOL_MAX: '32' })).pgPoolMax).toBe(32);
    for (const bad of ['0', '-3', '2.5', 'many'])
      expect(() => loadConfig(env({ PG_POOL_MAX: bad }))).toThrow(/PG_POOL_MAX/);
  });

  it('limits the connections concurrent queries use', async () => {
    const ts = await createTestStorage('postgres');
    const backends = async (pgPoolMax: number) => {
      const storage = await openStorage({ ...ts.config, pgPoolMax });
      const pids = await Promise.all(
        [...Array(6).keys()].map(async () => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.2)`.execute(
            storage.db,
          );
          return rows[0]!.pid;
        }),
      );
      await storage.close();
      return new Set(pids).size;
    };
    try {
      expect(await backends(2)).toBe(2);
      expect(await backends(6)).toBe(6);
    } finally {
      await ts.cleanup();
    }
  });
});
