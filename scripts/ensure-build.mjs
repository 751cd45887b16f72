// Builds the client when dist/ is missing or older than the sources, and the server (dist-server/,
// scripts/build-server.mjs) when it is missing or older than any file it was compiled from, and the
// empty embedded database new data folders start from when PGlite's version changed.
// `--force` always builds both; `--server` looks at the server only (`npm run ops`, `npm run feed`).
// Progress goes to stderr, so a command's own output stays clean.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildPgliteTemplate, buildServer, SERVER_OUT, templateStale } from './build-server.mjs';

const force = process.argv.includes('--force');
const serverOnly = process.argv.includes('--server');
const built = path.resolve('dist/index.html');
// The server's render of the first screen (issue 29), built beside the client.
const builtSsr = path.resolve('dist-ssr/entry-server.js');

function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const mtime = (f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : Infinity);

const clientStale =
  force ||
  !fs.existsSync(built) ||
  !fs.existsSync(builtSsr) ||
  Math.max(
    newest('src'),
    newest('workers'),
    newest('public'),
    fs.statSync('index.html').mtimeMs,
    fs.statSync('vite.config.ts').mtimeMs,
  ) > fs.statSync(built).mtimeMs;

/** Stale when the metafile is missing, or an input (or package.json, or this build) is newer, or gone. */
function serverStale() {
  const metaFile = path.join(SERVER_OUT, 'meta.json');
  if (force || !fs.existsSync(metaFile)) return true;
  const builtAt = fs.statSync(metaFile).mtimeMs;
  const inputs = Object.keys(JSON.parse(fs.readFileSync(metaFile, 'utf8')).inputs);
  return [...inputs, 'package.json', 'scripts/build-server.mjs'].some((f) => mtime(f) > builtAt);
}

if (!serverOnly && clientStale) {
  console.error('building the client…');
  execSync('npx vite build', { stdio: ['ignore', process.stderr, 'inherit'] });
  execSync('npx vite build --ssr src/entry-server.tsx', { stdio: ['ignore', process.stderr, 'inherit'] });
}
if (serverStale()) {
  console.error('building the server…');
  await buildServer();
}
if (templateStale()) {
  console.error('making the empty embedded database…');
  await buildPgliteTemplate();
}
