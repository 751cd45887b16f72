/**
 * Opens the embedded PGlite database with its memory bounded (issue 27).
 *
 * Where PGlite's memory went: PostgreSQL in WebAssembly touches its whole shared memory at start,
 * and the WebAssembly memory never shrinks, so `shared_buffers` (128 MB by initdb's default) was
 * resident for good; and creating a new database runs initdb in a second PGlite instance beside
 * the first (≈ 800 MB at the peak, of which the main instance kept most). Here:
 * - the settings below are written to postgresql.conf on every start (PGlite does that for
 *   `postgresqlconf`): small shared buffers (the files sit in the OS page cache anyway, PGlite
 *   keeps them on disk), WAL buffers and maintenance memory to match;
 * - a new database is a copy of the empty cluster the build made once (dist-server/pglite-template,
 *   scripts/build-server.mjs), so initdb never runs in the server. Without a build (tests under
 *   tsx before `npm run build`) PGlite runs initdb itself, as before.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { packageRoot } from '../source-file';

/** postgresql.conf of the embedded database. */
export const PGLITE_CONF = [
  'shared_buffers = 16MB',
  'wal_buffers = 512kB',
  'temp_buffers = 4MB',
  'work_mem = 4MB',
  'maintenance_work_mem = 16MB',
];

/** The empty cluster the build leaves for new databases. */
export function pgliteTemplateDir(): string {
  return path.join(packageRoot(), 'dist-server', 'pglite-template');
}

/** The installed PGlite's version (its package.json is not in its exports). */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return (JSON.parse(fs.readFileSync(path.resolve(entry, '../../package.json'), 'utf8')) as { version: string })
    .version;
}

/** The template, when the build made one with the PGlite installed now. */
function usableTemplate(dir: string): string | null {
  const mark = path.join(dir, 'pglite-version');
  return fs.existsSync(mark) && fs.readFileSync(mark, 'utf8').trim() === pgliteVersion() ? dir : null;
}

/** Opens (creating when empty, from `template` when usable) the PGlite database in `dir`. */
export async function openPglite(dir: string, template = pgliteTemplateDir()): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  fs.mkdirSync(dir, { recursive: true });
  const from = fs.existsSync(path.join(dir, 'PG_VERSION')) ? null : usableTemplate(template);
  if (from) {
    fs.cpSync(from, dir, { recursive: true, filter: (src) => path.basename(src) !== 'pglite-version' });
  }
  return PGlite.create(dir, { postgresqlconf: PGLITE_CONF });
}
