/**
 * One area on a Fastify for `inject` (no socket, no hub): the error envelope, form bodies, and a
 * context of the test's storage, clock and config (with the test's overrides).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { installErrorHandler } from '../../server/http/reply';
import type { AppContext, AreaPlugin } from '../../server/context';
import type { Config } from '../../server/config';
import type { TestStorage } from './test-db';

export async function areaApp(
  area: AreaPlugin,
  ts: TestStorage,
  now: () => number,
  config: Partial<Config> = {},
): Promise<FastifyInstance> {
  const ctx = {
    config: { ...ts.config, ...config },
    storage: ts.storage,
    db: ts.storage.db,
    now,
  } as unknown as AppContext;
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  await app.register(formbody);
  await area(app, ctx);
  await app.ready();
  return app;
}
