/**
 * A browser-test file's world, by vitest hooks: the real server and Chromium started before the
 * file's tests, with what `seed` answers merged in, and closed after. Tests read its fields
 * (`world.server.url`, `world.browser`) once the file's tests run.
 *
 *   const world = useE2eWorld(async (server) => ({ chat: await seedLongChat(server.url, 10_000) }));
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer, type StartOptions } from './e2e';

export type E2eWorld<T extends object = object> = { server: RunningServer; browser: Browser } & T;

export function useE2eWorld<T extends object = object>(
  seed?: (server: RunningServer) => Promise<T>,
  opts: StartOptions = {},
): E2eWorld<T> {
  const world = {} as E2eWorld<T>;
  // A loaded 2-core machine can take minutes to start the server (migrations, seed, feed).
  beforeAll(async () => {
    world.server = await startServer(opts);
    world.browser = await launchBrowser();
    if (seed) Object.assign(world, await seed(world.server));
  }, 300_000);
  afterAll(async () => {
    await world.browser?.close();
    await world.server?.stop();
  });
  return world;
}
