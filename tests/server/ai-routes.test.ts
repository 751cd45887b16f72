/**
 * AI endpoints over the real server and the real feed's stored fixtures (PGlite in a temp dir):
 * predictions for upcoming football matches, one match's detail, calibration of past predictions,
 * and bad input rejected at the edge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type BuiltServer } from '../../server/app';
import {
  LivePaths,
  embeddedUrl,
  fillPath,
  type AiCalibration,
  type AiDetail,
  type AiPrediction,
  type Envelope,
} from '../../workers/protocol/index';
import { createTestStorage, type TestStorage } from '../helpers/test-db';

let t: TestStorage;
let server: BuiltServer;

async function get<T>(path: string): Promise<Envelope<T>> {
  const res = await server.app.inject({ method: 'GET', url: path });
  expect(res.statusCode).toBe(200);
  return res.json() as Envelope<T>;
}

beforeAll(async () => {
  t = await createTestStorage();
  server = await buildServer(t.config, { storage: t.storage, client: false });
  await server.ctx.feed.start();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

describe('AI endpoints', () => {
  let list: AiPrediction[] = [];

  it('lists upcoming football matches with probabilities that sum to 1', async () => {
    const env = await get<AiPrediction[]>(embeddedUrl(LivePaths.aiList));
    expect(env.code).toBe(200);
    list = env.data;
    expect(list.length).toBeGreaterThan(0);
    const nowSec = Date.now() / 1000;
    for (const p of list) {
      expect(p.ot).toBeGreaterThan(nowSec - 60);
      expect(p.pHome + p.pDraw + p.pAway).toBeCloseTo(1, 6);
      expect(p.home.name).not.toBe('');
      expect(p.score.every((g) => Number.isInteger(g) && g >= 0)).toBe(true);
    }
    // Not all matches get the same numbers: the model tells teams apart.
    expect(new Set(list.map((p) => p.pHome.toFixed(3))).size).toBeGreaterThan(1);
  });

  it('explains one match', async () => {
    const env = await get<AiDetail>(embeddedUrl(fillPath(LivePaths.aiDetail, { id: list[0].matchId })));
    expect(env.code).toBe(200);
    expect(env.data.factors.length).toBeGreaterThan(3);
    expect(env.data.model.sampleSize).toBeGreaterThan(50); // fitted on the stored finished results
    expect(env.data.model.homeAdvantage).toBeGreaterThan(0.8);
    expect(env.data.grid.length).toBe(6);
  });

  it('scores past predictions (walk-forward) for the calibration', async () => {
    const env = await get<AiCalibration>(embeddedUrl(LivePaths.aiCalibration));
    expect(env.code).toBe(200);
    console.log(
      `AI calibration on the seeded feed: ${env.data.matches} matches, hit rate ${(env.data.hitRate * 100).toFixed(1)}%, Brier ${env.data.brier.toFixed(3)}, log loss ${env.data.logLoss.toFixed(3)}`,
    );
    expect(env.data.matches).toBeGreaterThan(0);
    expect(env.data.buckets.reduce((s, b) => s + b.count, 0)).toBe(env.data.matches * 3);
  });

  it('rejects bad ids with a clear message and no 200', async () => {
    for (const bad of ['abc', '-1', '0', "1'; drop table ai_predictions;--", '99999999999']) {
      const env = await get<null>(embeddedUrl(LivePaths.aiDetail).replace(':id', encodeURIComponent(bad)));
      expect(env.code).not.toBe(200);
      expect(env.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const missing = await get<null>(embeddedUrl(fillPath(LivePaths.aiDetail, { id: 123456 })));
    expect(missing.code).toBe(4004);
  });
});
