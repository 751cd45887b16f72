/**
 * Files the server reads that live beside its sources (the sensitive-word list, the HLS test
 * clip…). They are found from the package root, the first folder above this module holding a
 * package.json: the same folder whether the server runs from its sources (`npm run dev`, tests
 * under tsx) or from the bundle the build writes to dist-server/ (`npm start`), whose chunks sit
 * elsewhere than the modules they were made from, so `new URL('./x', import.meta.url)` would miss.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null = null;

/** The package root (cached; looked up on first use, never at import). */
export function packageRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return (root = dir);
}

/** `server/<rel>` in the package, e.g. `sourceFile('news/sensitive-words.txt')`. */
export function sourceFile(rel: string): string {
  return path.join(packageRoot(), 'server', rel);
}
