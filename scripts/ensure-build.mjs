// Builds the client when dist/ is missing or older than the sources (`--force` always builds).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const force = process.argv.includes('--force');
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

const stale =
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

if (stale) {
  console.log('building the client…');
  execSync('npx vite build', { stdio: 'inherit' });
  execSync('npx vite build --ssr src/entry-server.tsx', { stdio: 'inherit' });
}
