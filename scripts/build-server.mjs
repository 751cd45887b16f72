// Compiles the server to dist-server/ with esbuild (part of `npm run build`; `npm start` runs the
// result with plain node, no tsx or esbuild at run time). Entries: main.js (`npm start`),
// cluster/main.js (`npm run gateway` / `feed`), ops/cli.js (`npm run ops`); code they share goes
// into chunk-*.js. Packages stay external (node_modules is read at run time). Files the server
// reads beside its sources are found from the package root (server/source-file.ts), so nothing is
// copied. A metafile lists every input, so ensure-build can tell when the bundle is stale.
//
// It also leaves dist-server/pglite-template/: an empty PGlite cluster, made once per PGlite
// version, which the server copies for a new embedded database instead of running initdb itself
// (server/db/pglite-open.ts: initdb is the ≈ 800 MB peak of a first start).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const SERVER_OUT = 'dist-server';
export const SERVER_ENTRIES = ['server/main.ts', 'server/cluster/main.ts', 'server/ops/cli.ts'];
const TEMPLATE = path.join(SERVER_OUT, 'pglite-template');
/** Same name in server/db/pglite-open.ts. */
const TEMPLATE_MARK = 'pglite-version';

/** The installed PGlite's version (its package.json is not in its exports). */
export function pgliteVersion() {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return JSON.parse(fs.readFileSync(path.resolve(entry, '../../package.json'), 'utf8')).version;
}

export function templateStale() {
  const mark = path.join(TEMPLATE, TEMPLATE_MARK);
  return !fs.existsSync(mark) || fs.readFileSync(mark, 'utf8').trim() !== pgliteVersion();
}

export async function buildServer() {
  for (const e of fs.existsSync(SERVER_OUT) ? fs.readdirSync(SERVER_OUT) : []) {
    if (e !== 'pglite-template') fs.rmSync(path.join(SERVER_OUT, e), { recursive: true, force: true });
  }
  const result = await build({
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_OUT,
    outbase: 'server',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    // Minified: V8 keeps every module's source text for as long as the process runs (a third of
    // the idle heap was source strings); names are kept for errors and stack traces.
    minify: true,
    keepNames: true,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  fs.writeFileSync(path.join(SERVER_OUT, 'meta.json'), JSON.stringify(result.metafile));
}

export async function buildPgliteTemplate() {
  const { PGlite } = await import('@electric-sql/pglite');
  const tmp = `${TEMPLATE}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const pg = await PGlite.create(tmp);
  await pg.close();
  fs.writeFileSync(path.join(tmp, TEMPLATE_MARK), pgliteVersion());
  fs.rmSync(TEMPLATE, { recursive: true, force: true });
  fs.renameSync(tmp, TEMPLATE);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.error('building the server…');
  await buildServer();
  if (templateStale()) {
    console.error('making the empty embedded database…');
    await buildPgliteTemplate();
  }
}
