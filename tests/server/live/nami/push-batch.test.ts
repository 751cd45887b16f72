/**
 * The Nami adapter batches its push (issue 26, Speed): messages that arrive while the ingest is
 * applying the previous batch go in together, one ingest call (one transaction, one publish per
 * match) instead of one each, which fell seconds behind at 1,000 messages/s
 * (tests/bench/nami-push.ts). A batch holds at most one message per match, so each match's
 * messages are still applied in arrival order.
 *
 * The push is real (the fake Nami's Mosquitto over WebSocket); the ingest here records what it is
 * handed and takes 50 ms per call, standing for a transaction (the ingest itself is tested in
 * tests/server/live/ingest.test.ts; this file is about how the adapter calls it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_NAMI_SECRET, FAKE_NAMI_USER, startFakeNami, until, type FakeNami } from '../../../helpers/fake-nami';
import { createNamiSource } from '../../../../server/live/nami/source';
import type { Ingest, IngestUpdate, ScoreUpdate } from '../../../../server/live/ingest';
import type { LiveSink, LiveSource } from '../../../../server/live/source';
import type { DetailIngest } from '../../../../server/live/ingest-details';

const MATCHES = Array.from({ length: 10 }, (_, i) => 3_800_001 + i);
const KICK = Math.floor(Date.now() / 1000) - 60 * 60;

let nami: FakeNami;
let source: LiveSource;
const batches: IngestUpdate[][] = [];

const recordingIngest: Ingest = {
  async apply(updates) {
    batches.push([...updates]);
    await new Promise((r) => setTimeout(r, 50));
    return { changed: [] };
  },
  sweepStale: async () => 0,
  stats: () => ({ lastMessageAt: null, applied: 0, duplicates: 0, unknown: 0, corrections: 0, stale: 0 }),
};

beforeAll(async () => {
  nami = await startFakeNami({ competitions: {}, teams: {}, matches: {} });
  source = createNamiSource({
    config: {
      user: FAKE_NAMI_USER,
      secret: FAKE_NAMI_SECRET,
      baseUrl: nami.baseUrl,
      mqttUrl: nami.mqttUrl,
      pushStallMs: 60_000,
      pollMs: 60_000,
    },
    ingest: recordingIngest,
    // The adapter hands the sink on to the server; it never writes through it itself.
    sink: {} as LiveSink,
    // The pushed entries here carry no text live, so the detail ingest is never reached.
    details: {} as DetailIngest,
    now: () => Date.now(),
    timers: false,
    prepare: async () => undefined,
  });
  await source.start();
  await until(() => source.health().pushConnected === true, 'push connected');
}, 60_000);

afterAll(async () => {
  await source?.stop();
  await nami?.close();
});

const scoreEntry = (id: number, corners: number) => ({
  id,
  score: [id, 4, [0, 0, 0, 0, corners, 0, 0], [0, 0, 0, 0, 0, 0, 0], KICK, ''],
});

describe('Nami push batching', () => {
  it('messages arriving during an apply go in as one batch, one message per match, in order', async () => {
    batches.length = 0;
    // Three rounds over ten matches, published back to back: 30 messages.
    for (let round = 1; round <= 3; round++)
      for (const id of MATCHES)
        nami.publisher.publish('sports/football/match.v1', JSON.stringify([scoreEntry(id, round)]));
    const scores = () => batches.flat().filter((u): u is ScoreUpdate => u.kind === 'score');
    await until(() => scores().length === 30, 'all 30 messages applied', 10_000);

    // Fewer ingest calls than messages: one each would be 30.
    expect(batches.length).toBeLessThanOrEqual(10);
    for (const batch of batches) {
      const matches = batch.map((u) => u.match);
      expect(new Set(matches).size).toBe(matches.length);
    }
    // Every match's messages applied in the order they were pushed, with rising revisions.
    for (const id of MATCHES) {
      const mine = scores().filter((u) => u.match === id);
      expect(mine.map((u) => u.corner?.[0])).toEqual([1, 2, 3]);
      expect(mine[0].rev).toBeLessThan(mine[1].rev);
      expect(mine[1].rev).toBeLessThan(mine[2].rev);
    }
  });
  it("a match's second message waits for the next batch without holding back other matches", async () => {
    batches.length = 0;
    // Each match's three messages back to back: a batch cut at the first repeat would take one.
    const ids = MATCHES.map((id) => id + 100);
    for (const id of ids)
      for (let n = 1; n <= 3; n++)
        nami.publisher.publish('sports/football/match.v1', JSON.stringify([scoreEntry(id, n)]));
    const scores = () => batches.flat().filter((u): u is ScoreUpdate => u.kind === 'score');
    await until(() => scores().length === 30, 'all 30 messages applied', 10_000);
    expect(batches.length).toBeLessThanOrEqual(6);
    for (const batch of batches) expect(new Set(batch.map((u) => u.match)).size).toBe(batch.length);
    for (const id of ids)
      expect(
        scores()
          .filter((u) => u.match === id)
          .map((u) => u.corner?.[0]),
      ).toEqual([1, 2, 3]);
  });
});
