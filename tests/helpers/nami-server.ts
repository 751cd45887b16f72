/**
 * The world of the Nami adapter's server tests: a fake 纳米数据 (./fake-nami.ts) and a server whose
 * live source is the 纳米数据 adapter against it, on PGlite; with the basic data most of those tests
 * share (英超 and two of its clubs) and their fixture as the diary gives it.
 *
 *   ({ nami, ts, server } = await startNamiWorld({ ...eplNames(), matches: { zq: [eplMatch(id, kick, 1)] } }, opts));
 *   afterAll(() => stopNamiWorld({ server, ts, nami }));
 */
import { buildServer, type BuiltServer } from '../../server/app';
import type { NamiMatch, NamiNamed } from '../../server/live/nami/formats';
import { createTestStorage, type TestStorage } from './test-db';
import { FAKE_NAMI_SECRET, FAKE_NAMI_USER, startFakeNami, until, type FakeNami, type FakeNamiWorld } from './fake-nami';

export interface NamiServerOptions {
  now: () => number;
  /** How long a silent push waits before the adapter polls instead (ms). */
  pushStallMs: number;
  pollMs: number;
  /** Wait until the adapter's push is connected to the fake's broker. */
  pushConnected?: boolean;
}

export interface NamiWorld {
  nami: FakeNami;
  ts: TestStorage;
  server: BuiltServer;
}

/** 英超 (82) with 阿森纳 (19) and 切尔西 (25), as the fake's basic data (fresh objects each call). */
export const eplNames = (): Pick<FakeNamiWorld, 'competitions' | 'teams'> => ({
  competitions: { zq: [{ id: 82, name: '英格兰超级联赛', short_name: '英超' }] },
  teams: { zq: eplClubs() },
});

/** 英超's clubs of eplNames(), for a test that adds one. */
export const eplClubs = (): Array<NamiNamed & { competition_id: number }> => [
  { id: 19, competition_id: 82, name: '阿森纳', short_name: '阿森纳' },
  { id: 25, competition_id: 82, name: '切尔西', short_name: '切尔西' },
];

/** 阿森纳 v 切尔西 (season 1) as the diary gives it: kick-off `kick` (unix s), `status`, 0-0. */
export const eplMatch = (id: number, kick: number, status: number): NamiMatch & { neutral: number; note: string } => ({
  id,
  season_id: 1,
  competition_id: 82,
  home_team_id: 19,
  away_team_id: 25,
  status_id: status,
  match_time: kick,
  neutral: 0,
  note: '',
  home_scores: [0, 0, 0, 0, -1, 0, 0],
  away_scores: [0, 0, 0, 0, -1, 0, 0],
  updated_at: kick,
});

/**
 * Starts a fake Nami with `world`, builds the server on it and starts its feed (and, with
 * `pushConnected`, waits for the push). What got started is closed again if a step fails.
 */
export async function startNamiWorld(world: FakeNamiWorld, opts: NamiServerOptions): Promise<NamiWorld> {
  const nami = await startFakeNami(world);
  let ts: TestStorage | undefined;
  let server: BuiltServer | undefined;
  try {
    ts = await createTestStorage('pglite', {
      feed: false,
      liveSource: {
        kind: 'nami',
        staleAfterMs: 120_000,
        nami: {
          user: FAKE_NAMI_USER,
          secret: FAKE_NAMI_SECRET,
          baseUrl: nami.baseUrl,
          mqttUrl: nami.mqttUrl,
          pushStallMs: opts.pushStallMs,
          pollMs: opts.pollMs,
        },
        apisports: null,
      },
    });
    const built = await buildServer(ts.config, { storage: ts.storage, client: false, now: opts.now });
    server = built;
    await built.ctx.feed.start();
    if (opts.pushConnected)
      await until(() => nami.publisher.connected && built.ctx.feed.health().pushConnected === true, 'push connected');
    return { nami, ts, server: built };
  } catch (err) {
    await stopNamiWorld({ server, ts, nami });
    throw err;
  }
}

/** Closes what startNamiWorld started (as far as it got): the server, its storage, then the fake. */
export async function stopNamiWorld(w: Partial<NamiWorld>): Promise<void> {
  await w.server?.close();
  await w.ts?.cleanup();
  await w.nami?.close();
}
