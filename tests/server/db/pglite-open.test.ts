/**
 * The embedded database's memory bounds and first start (issue 27, server/db/pglite-open.ts): a
 * new data folder is a copy of the build's empty cluster (made here the way the build makes it),
 * not a second initdb; an existing one is opened as it is; either way PostgreSQL runs with the
 * small shared buffers written to postgresql.conf on every start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, PGLITE_CONF, pgliteVersion } from '../../../server/db/pglite-open';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-pglite-open-'));
const template = path.join(tmp, 'template');

beforeAll(async () => {
  // The build's template, with one table more so a copy can be told from a fresh initdb.
  const pg = await PGlite.create(template);
  await pg.exec('create table made_in_template (x int)');
  await pg.close();
  fs.writeFileSync(path.join(template, 'pglite-version'), pgliteVersion());
}, 180_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const setting = async (pg: PGlite, name: string) =>
  (await pg.query<{ v: string }>(`select current_setting('${name}') as v`)).rows[0]!.v;

describe('openPglite', () => {
  it('copies the template into a new folder and bounds shared memory', async () => {
    const dir = path.join(tmp, 'fresh');
    const pg = await openPglite(dir, template);
    try {
      const { rows } = await pg.query(`select 1 from pg_tables where tablename = 'made_in_template'`);
      expect(rows).toHaveLength(1);
      expect(await setting(pg, 'shared_buffers')).toBe('16MB');
      expect(await setting(pg, 'maintenance_work_mem')).toBe('16MB');
      expect(fs.existsSync(path.join(dir, 'pglite-version'))).toBe(false);
      await pg.exec('create table kept (x int); insert into kept values (7)');
    } finally {
      await pg.close();
    }
    // Reopened: the data stays, the template is not copied over it.
    const again = await openPglite(dir, template);
    try {
      expect((await again.query<{ x: number }>('select x from kept')).rows).toEqual([{ x: 7 }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('writes the bounded settings to postgresql.conf', () => {
    const conf = fs.readFileSync(path.join(tmp, 'fresh', 'postgresql.conf'), 'utf8');
    for (const line of PGLITE_CONF) expect(conf).toContain(line);
  });
});
