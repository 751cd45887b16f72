/**
 * Vite build step: writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside
 * every text file of the build, so the server answers compressed files from disk by content
 * negotiation (@fastify/static `preCompressed`) and never spends CPU per request on them.
 *
 * It runs after every other plugin's closeBundle (the PWA plugin writes sw.js and the workbox
 * runtime there), so those files are compressed too. Source maps are left out: phones never
 * fetch them, and brotli 11 on the multi-MB maps would double the build time.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Extensions of text files worth compressing (images and video here are already compressed, except SVG). */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt'];

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export function compressDir(dir: string): { files: number; bytes: number; brotli: number } {
  let files = 0;
  let bytes = 0;
  let brotli = 0;
  for (const file of filesUnder(dir)) {
    if (!PRECOMPRESSED_EXTENSIONS.includes(path.extname(file))) continue;
    const body = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }));
    files += 1;
    bytes += body.length;
    brotli += br.length;
  }
  return { files, bytes, brotli };
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'qs:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const { files, bytes, brotli } = compressDir(outDir);
        this.info?.(
          `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KiB → ${(brotli / 1024).toFixed(0)} KiB brotli`,
        );
      },
    },
  };
}
