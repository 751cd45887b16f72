/**
 * Serves the client: Vite as middleware in development (one process, one port, hot reload),
 * the built files in production (hashed assets cached for a year, index.html never cached).
 * Any other GET answers the app: 200 for a path in the route table, 404 for the rest, so the
 * app renders its error page and crawlers see the right status.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NON_APP_PREFIXES, REDIRECTS, chunkAreaOf, isKnownPath, matchRoute } from '../workers/protocol/index';
import { VlivePaths, type VliveBanner } from '../workers/protocol/api/vlive';
import { HEADLINE_TYPE, NewsPaths, type NewsBanner } from '../workers/protocol/api/news';
import { embeddedUrl } from '../workers/protocol/api/paths';
import type { Config } from './config';
import { API_NOT_FOUND } from './http/reply';
import {
  areaFiles,
  entryKey,
  htmlWithPreloads,
  routePageFiles,
  staticClosure,
  withPage,
  type ViteManifest,
} from './route-preloads';
import { createPageRenderer, ssrRouteOf } from './ssr/page-render';
import { cssReader, pageFrame, pageRoot } from './ssr/page-html';

function appStatus(url: string): number {
  return isKnownPath(url) ? 200 : 404;
}

function isAppRequest(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url;
  return !NON_APP_PREFIXES.some((p) => url.startsWith(p));
}

export async function registerClient(app: FastifyInstance, config: Config): Promise<() => Promise<void>> {
  if (config.mode === 'development') {
    const { createServer } = await import('vite');
    const middie = await import('@fastify/middie');
    await app.register(middie.default);
    const vite = await createServer({
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'custom',
    });
    app.use(vite.middlewares);
    app.setNotFoundHandler(async (req, reply) => {
      if (!isAppRequest(req)) return notFound(reply);
      const template = fs.readFileSync(path.resolve('index.html'), 'utf8');
      const html = await vite.transformIndexHtml(req.url, template);
      return reply.status(appStatus(req.url)).type('text/html').header('cache-control', 'no-cache').send(html);
    });
    return () => vite.close();
  }

  const indexFile = path.join(config.distDir, 'index.html');
  if (!fs.existsSync(indexFile)) throw new Error(`no build found at ${config.distDir}: run npm run build`);
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const htmlFor = routeHtml(config.distDir, indexHtml);
  const leadImage = leadImageResolver(app);
  // Issue 29: the main routes' first screen is rendered here (dist-ssr/, built beside dist/).
  const renderer = await createPageRenderer(app, `${config.distDir.replace(/[\\/]+$/, '')}-ssr`);
  const readCss = cssReader(config.distDir);
  const fastifyStatic = await import('@fastify/static');
  await app.register(fastifyStatic.default, {
    root: config.distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz beside each text file (scripts/vite-precompress.ts): sent as
    // the client's Accept-Encoding allows, with Vary: Accept-Encoding; the plain file otherwise.
    preCompressed: true,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
    },
  });
  // Files in dist/ (including the service worker and manifest) are served as files; wildcard:false
  // registers each file at start, so the fallback below sees only app paths and unknown files.
  app.setNotFoundHandler(async (req, reply) => {
    if (!isAppRequest(req)) return notFound(reply);
    const page = htmlFor(req.url, await leadImage(req.url));
    // The not-found handler is no route, so @fastify/compress never sees it: the page's copies
    // are compressed once, here, and picked by Accept-Encoding.
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    reply
      .status(appStatus(req.url))
      .type('text/html')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (renderer && ssrRouteOf(req.url)) {
      // Streamed: the head (scripts, preloads, inline CSS) leaves at once, so the browser fetches
      // the app while the page renders; then the page (or, if the render failed, the plain app).
      const { head, tail } = pageFrame(page.text, page.css, readCss);
      const out = streamEncoder(encoding);
      out.write(head);
      if (out instanceof zlib.Gzip || out instanceof zlib.BrotliCompress) out.flush();
      void renderer.render(req).then((rendered) => out.end(pageRoot(rendered) + tail));
      return reply.send(out);
    }
    return reply.send(encoding ? page.html[encoding] : page.html.identity);
  });
  return async () => {};
}

interface EncodedHtml {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** A page rendered for one answer, compressed as it streams (fast settings: it is per answer). */
function streamEncoder(encoding: 'br' | 'gzip' | null): Writable & NodeJS.ReadableStream {
  if (encoding === 'br') return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return zlib.createGzip({ level: 6 });
  return new PassThrough();
}

function encoded(html: string): EncodedHtml {
  const identity = Buffer.from(html);
  return {
    identity,
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

/** br if the client takes it, else gzip, else none (a `;q=0` refuses). */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * index.html with the route's own area chunks preloaded (server/route-preloads.ts), one copy per
 * area, built and compressed on first use. Without a manifest (an older build) it is index.html
 * as built.
 */
interface RouteHtml {
  /** The route's index.html, as text. */
  text: string;
  html: EncodedHtml;
  /** The CSS its first screen needs: the entry's, then the area's. */
  css: string[];
}

function routeHtml(distDir: string, indexHtml: string): (url: string, leadImage: string | null) => RouteHtml {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest)
    : null;
  const files = manifest ? areaFiles(manifest) : null;
  const pages = manifest && files ? routePageFiles(manifest, files) : null;
  const entryCss = manifest ? staticClosure(manifest, entryKey(manifest)).css : [];
  const byArea = new Map<string, RouteHtml>();
  return (url, leadImage) => {
    const clean = url.split(/[?#]/)[0] || '/';
    // '/' and '/news' answer the app, which redirects: preload where it lands.
    const target = REDIRECTS.find((r) => r.from === clean || r.from + '/' === clean)?.to ?? clean;
    const route = isKnownPath(target) ? matchRoute(target) : null;
    const area = files && route ? chunkAreaOf(route) : undefined;
    const page = route ? pages?.get(route.name) : undefined;
    const key = `${area ?? ''} ${page ? route?.name : ''} ${leadImage ?? ''}`;
    let html = byArea.get(key);
    if (html === undefined) {
      const own = withPage(area && files?.get(area), page);
      const text = files ? htmlWithPreloads(indexHtml, own, files, leadImage) : indexHtml;
      html = { text, html: encoded(text), css: [...entryCss, ...(own?.css ?? [])] };
      byArea.set(key, html);
    }
    return html;
  };
}

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ code: 4004, msg: API_NOT_FOUND, data: null });
}

/**
 * Pages whose largest paint is an image the server can name before any script runs: the home
 * page's first banner. Its HTML preloads it (fetchpriority high), so it downloads while the
 * scripts do, instead of after them and the banner list. Asked of the app's own API (in process)
 * and kept for a minute.
 */
const LEAD_IMAGES: ReadonlyArray<{
  path: RegExp;
  /** The API answer the image is picked from, for the page's path (its match). */
  api: (m: RegExpExecArray) => string;
  pick: (data: unknown) => string | undefined;
}> = [
  { path: /^\/(vlive(\/0)?\/?)?$/, api: () => VlivePaths.banners, pick: (d) => (d as VliveBanner[])[0]?.image },
  // A news column (and /news, which lands on 头条): its carousel's first cover. Without it the
  // cover was found only in the rendered body, after the page's scripts had been fetched.
  {
    path: /^\/news(?:\/(\d{1,9}))?\/?$/,
    api: (m) => `${embeddedUrl(NewsPaths.banners)}?type=${m[1] ?? HEADLINE_TYPE}`,
    pick: (d) => (d as NewsBanner[])[0]?.cover,
  },
];
const LEAD_IMAGE_TTL_MS = 60_000;

function leadImageResolver(app: FastifyInstance): (url: string) => Promise<string | null> {
  const cache = new Map<string, { at: number; image: string | null }>();
  return async (url) => {
    const clean = url.split(/[?#]/)[0] || '/';
    const found = LEAD_IMAGES.map((l) => ({ lead: l, match: l.path.exec(clean) })).find((f) => f.match);
    if (!found?.match) return null;
    const { lead, match } = found;
    const api = lead.api(match);
    const hit = cache.get(api);
    if (hit && Date.now() - hit.at < LEAD_IMAGE_TTL_MS) return hit.image;
    let image: string | null = null;
    try {
      const res = await app.inject({ method: 'GET', url: api });
      const body = res.json<{ code: number; data: unknown }>();
      const picked = body.code === 200 ? lead.pick(body.data) : undefined;
      // Only a same-origin path goes into the page.
      image = typeof picked === 'string' && /^\/[\w\-./]+$/.test(picked) ? picked : null;
    } catch {
      image = null;
    }
    cache.set(api, { at: Date.now(), image });
    return image;
  };
}
