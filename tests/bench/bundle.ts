/**
 * What the client build puts in front of a page (issue 29: initial JS ≤ 90 KB gzip), read from the
 * built files, no browser: run `npm run build` first.
 *
 * 1. Per main page: the scripts its HTML loads before any code runs (the entry and its static
 *    imports, plus the route's area and page chunks the server preloads: server/route-preloads.ts),
 *    each at gzip -9 as tests/e2e/first-view.e2e.ts and lighthouse.ts count them. What a page loads
 *    later (the core's client after hydration, a tab when opened) is in the first-view test.
 * 2. Per chunk those pages load: the modules in it, from its source map (each mapped byte of the
 *    minified file goes to the module it came from; node_modules grouped by package), with each
 *    module's share of the chunk's gzip size (an estimate: gzip works across module borders).
 *
 *   npx tsx tests/bench/bundle.ts [--top 12] [--chunk index] [--files]
 *   DIST_DIR=/path/to/another/build npx tsx tests/bench/bundle.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chunkAreaOf, matchRoute, REDIRECTS } from '../../workers/protocol/routes';
import {
  areaFiles,
  entryKey,
  routePageFiles,
  staticClosure,
  withPage,
  type ViteManifest,
} from '../../server/route-preloads';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}
const TOP = Number(argValue('top') ?? 12);
const ONLY_CHUNK = argValue('chunk');
/** node_modules by file rather than by package (which build of a package came in). */
const BY_FILE = process.argv.includes('--files');
const DIST = path.resolve(process.env.DIST_DIR ?? path.join(import.meta.dirname, '../../dist'));

/** The main pages of issue 29 with a fixed path (a match detail and an article stand for theirs). */
const PAGES: ReadonlyArray<[string, string]> = [
  ['/live/hot', '/live/hot'],
  ['/live/zq', '/live/zq'],
  ['/live/lq', '/live/lq'],
  ['/vlive/0', '/vlive/0'],
  ['/news/1002', '/news/1002'],
  ['/database', '/database'],
  ['/proposal/rank', '/proposal/rank'],
  ['/user', '/user'],
  ['a match detail', '/live/zq/detail/1'],
  ['an article', '/news/1002/1'],
  ['/community/list', '/community/list'],
];

const kb = (n: number) => (n / 1024).toFixed(1);
const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** One line's segments of a source map's `mappings`: [generated column, source index | -1]. */
function decodeLine(line: string, state: { source: number }): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let col = 0;
  for (const seg of line.split(',')) {
    if (!seg) continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const ch of seg) {
      const digit = B64.indexOf(ch);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    col += fields[0]!;
    if (fields.length >= 4) {
      state.source += fields[1]!;
      out.push([col, state.source]);
    } else out.push([col, -1]);
  }
  return out;
}

/** A module's display name: `pkg:name` for node_modules, the repository path otherwise. */
function moduleName(source: string): string {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (nm) return BY_FILE ? `pkg:${source.slice(nm.index + 'node_modules/'.length)}` : `pkg:${nm[1]}`;
  const repo = /(?:^|\/)((?:src|workers|server|vite|\0)[^]*)$/.exec(source.replace(/^(\.\.\/)+/, ''));
  return repo ? repo[1]! : source;
}

/** Minified bytes of a chunk by module, from its source map. */
function chunkModules(file: string): Map<string, number> {
  const code = fs.readFileSync(path.join(DIST, file), 'utf8');
  const mapFile = path.join(DIST, `${file}.map`);
  const sizes = new Map<string, number>();
  if (!fs.existsSync(mapFile)) {
    sizes.set('(no source map)', code.length);
    return sizes;
  }
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  const mapLines = map.mappings.split(';');
  const state = { source: 0 };
  const add = (name: string, n: number) => sizes.set(name, (sizes.get(name) ?? 0) + n);
  lines.forEach((text, i) => {
    const segs = decodeLine(mapLines[i] ?? '', state);
    const bytes = Buffer.byteLength(text) + 1;
    if (segs.length === 0) return add('(unmapped)', bytes);
    // Columns count UTF-16 units; a chunk's Chinese strings make bytes and units differ, so each
    // segment's share of the line is taken in units and scaled to the line's bytes.
    const scale = bytes / (text.length + 1);
    add('(unmapped)', segs[0]![0] * scale);
    segs.forEach(([col, src], j) => {
      const end = j + 1 < segs.length ? segs[j + 1]![0] : text.length + 1;
      add(src >= 0 ? moduleName(map.sources[src]!) : '(unmapped)', (end - col) * scale);
    });
  });
  return sizes;
}

function pageScripts(manifest: ViteManifest, url: string): string[] {
  const files = areaFiles(manifest);
  const pages = routePageFiles(manifest, files);
  const target = REDIRECTS.find((r) => r.from === url)?.to ?? url;
  const route = matchRoute(target);
  const entry = staticClosure(manifest, entryKey(manifest)).js;
  const own = route ? withPage(files.get(chunkAreaOf(route)), pages.get(route.name)) : undefined;
  return [...entry, ...(own?.js ?? [])];
}

function main(): void {
  const manifestFile = path.join(DIST, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`no build in ${DIST}: run npm run build first`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
  const used = new Set<string>();
  console.log(`Scripts a page's HTML loads before anything runs (gzip -9), ${DIST}\n`);
  console.log('| page | JS gzip KB | files |');
  console.log('| --- | ---: | --- |');
  for (const [label, url] of PAGES) {
    const scripts = pageScripts(manifest, url);
    scripts.forEach((s) => used.add(s));
    const total = scripts.reduce((n, s) => n + gzipSize(s), 0);
    const list = scripts.map((s) => `${path.basename(s).replace(/-[\w-]{8}\.js$/, '')} ${kb(gzipSize(s))}`);
    console.log(`| ${label} | ${kb(total)} | ${list.join(', ')} |`);
  }
  for (const file of [...used].sort((a, b) => gzipSize(b) - gzipSize(a))) {
    if (ONLY_CHUNK && !path.basename(file).startsWith(ONLY_CHUNK)) continue;
    const modules = chunkModules(file);
    const total = [...modules.values()].reduce((a, b) => a + b, 0);
    const gz = gzipSize(file);
    console.log(`\n${file}: ${kb(total)} KB minified, ${kb(gz)} KB gzip`);
    const rows = [...modules].sort((a, b) => b[1] - a[1]);
    for (const [name, bytes] of rows.slice(0, TOP))
      console.log(`  ${kb(bytes).padStart(7)} KB  ~${kb((bytes / total) * gz).padStart(5)} KB gz  ${name}`);
    if (rows.length > TOP) {
      const rest = rows.slice(TOP).reduce((n, [, b]) => n + b, 0);
      console.log(
        `  ${kb(rest).padStart(7)} KB  ~${kb((rest / total) * gz).padStart(5)} KB gz  ${rows.length - TOP} more`,
      );
    }
  }
}

main();
