/**
 * Serves the client: Vite as middleware in development (one process, one port, hot reload),
 * the built files in production (hashed assets cached for a year, index.html never cached).
 * Any other GET answers the app: 200 for a path in the route table, 404 for the rest, so the
 * app renders its error page and crawlers see the right status.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NON_APP_PREFIXES, isKnownPath } from '../workers/protocol/index';
import type { Config } from './config';

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
  const indexHtml = fs.readFileSync(indexFile);
  const fastifyStatic = await import('@fastify/static');
  await app.register(fastifyStatic.default, {
    root: config.distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
    },
  });
  // Files in dist/ (including the service worker and manifest) are served as files; wildcard:false
  // registers each file at start, so the fallback below sees only app paths and unknown files.
  app.setNotFoundHandler((req, reply) => {
    if (!isAppRequest(req)) return notFound(reply);
    return reply.status(appStatus(req.url)).type('text/html').header('cache-control', 'no-cache').send(indexHtml);
  });
  return async () => {};
}

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ code: 4004, msg: '接口不存在', data: null });
}
