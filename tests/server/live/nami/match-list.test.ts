/**
 * The match list's incremental read (`match/list?time=`, docs/providers/nami.md) between diary
 * reads: a fixture whose kick-off moves, and one postponed, show the change on the next read
 * without a diary read; the next read asks from the latest `updated_at` seen. Against the fake
 * Nami over real HTTP; the server's clock is injected and moved by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStorage } from '../../../helpers/test-db';
import type { BuiltServer } from '../../../../server/app';
import { localId } from '../../../../server/live/providers';
import { NamiPaths, type NamiMatch } from '../../../../server/live/nami/formats';
import { LivePaths, type FootballMatch } from '../../../../workers/protocol/index';
import { getData } from '../screens';
import { eplNames, startNamiWorld, stopNamiWorld } from '../../../helpers/nami-server';
import type { FakeNami } from '../../../helpers/fake-nami';

const NOW_S = Math.floor(Date.now() / 1000);
/** Kick-offs in six hours: today or tomorrow in Beijing, inside the diary window either way. */
const KICK = NOW_S + 6 * 3600;
const SEEN = NOW_S - 3600;
const fixture = (id: number, updatedAt: number): NamiMatch => ({
  id,
  competition_id: 82,
  home_team_id: 19,
  away_team_id: 25,
  status_id: 1,
  match_time: KICK,
  home_scores: [0, 0, 0, 0, -1, 0, 0],
  away_scores: [0, 0, 0, 0, -1, 0, 0],
  updated_at: updatedAt,
});
const MOVED = fixture(3_900_201, SEEN - 60);
const POSTPONED = fixture(3_900_202, SEEN);

let ts: TestStorage;
let server: BuiltServer;
let nami: FakeNami;
let skew = 0;

const match = (id: number) =>
  getData<{ match: FootballMatch }>(server, LivePaths.zqHeader, { id: localId('nami', 'zq', id) }).then((h) => h.match);
const asked = (path: string) => nami.requests.filter((r) => r.startsWith(`${path}?`));

beforeAll(async () => {
  ({ nami, ts, server } = await startNamiWorld(
    { ...eplNames(), matches: { zq: [MOVED, POSTPONED] } },
    { now: () => Date.now() + skew, pushStallMs: 3_600_000, pollMs: 1_000 },
  ));
}, 120_000);

afterAll(() => stopNamiWorld({ server, ts, nami }));

describe('Nami match list by time', () => {
  it('a kick-off moved and a match postponed show on the next incremental read, not the next diary read', async () => {
    expect((await match(MOVED.id)).ot).toBe(KICK);
    expect((await match(POSTPONED.id)).s).toBe(1);

    // Nami moves one kick-off by two hours and postpones the other.
    skew += 61_000;
    const changedAt = Math.floor((Date.now() + skew) / 1000);
    const later = KICK + 2 * 3600;
    Object.assign(MOVED, { match_time: later, updated_at: changedAt - 1 });
    Object.assign(POSTPONED, { status_id: 9, updated_at: changedAt });
    const diaries = asked(NamiPaths.diary('zq')).length;
    await server.ctx.feed.advance();

    expect(asked(NamiPaths.matches('zq'))).toEqual([`${NamiPaths.matches('zq')}?time=${SEEN}&limit=1000`]);
    expect(asked(NamiPaths.diary('zq'))).toHaveLength(diaries);
    expect((await match(MOVED.id)).ot).toBe(later);
    expect((await match(POSTPONED.id)).s).toBe(9);

    // The next read asks from the latest change seen.
    skew += 61_000;
    await server.ctx.feed.advance();
    expect(asked(NamiPaths.matches('zq')).at(-1)).toBe(`${NamiPaths.matches('zq')}?time=${changedAt}&limit=1000`);
    expect((await match(MOVED.id)).ot).toBe(later);
  });
});
