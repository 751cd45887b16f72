/**
 * `npm run bench`: runs every benchmark in this folder, one after another (they compete for the
 * same cores, so never in parallel), each in its own process with its default arguments.
 *
 * A benchmark is any `tests/bench/*.ts` file except this one and `*.child.ts` (processes a
 * benchmark starts itself). Folders here hold a benchmark's helpers and are not run.
 *
 * `npm run bench -- chatgpt` runs only the benchmarks whose file name contains one of the words;
 * options after the words go to each benchmark run (`npm run bench -- nami-push --seconds 30`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('--'));
const words = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
const benches = fs
  .readdirSync(here, { withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts') && e.name !== 'run-all.ts' && !e.name.endsWith('.child.ts'))
  .map((e) => e.name)
  .filter((name) => words.length === 0 || words.some((w) => name.includes(w)))
  .sort();

const failed: string[] = [];
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, name), ...options], { stdio: 'inherit' });
  if (res.status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
