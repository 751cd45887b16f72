/**
 * The AI service over real storage (PGlite in a temp dir): predictions are stored before kick-off
 * and frozen after it, the walk-forward backfill scores finished matches, and calibration counts
 * only predictions made before kick-off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../helpers/test-db';
import { createAiService } from '../../server/ai/service';
import type { AiSource, Fixture } from '../../server/ai/source';

const DAY = 86_400;
const T0 = 1_763_000_000; // a fixed Tuesday-ish epoch

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function pois(l: number, r: () => number) {
  const L = Math.exp(-l);
  let k = 0;
  let p = 1;
  do {
    k++;
    p *= r();
  } while (p > L);
  return k - 1;
}

/** Ten teams, strength falling with id; four matches a day for 14 days, then upcoming ones. */
function makeFixtures(): Fixture[] {
  const r = rng(3);
  const out: Fixture[] = [];
  let id = 1;
  for (let d = 0; d < 20; d++) {
    for (let k = 0; k < 5; k++) {
      const h = (d * 3 + k * 2) % 10;
      let a = (h + 1 + ((d + k) % 9)) % 10;
      if (a === h) a = (a + 1) % 10;
      const lh = Math.exp(0.25 + 0.3 - h * 0.08 + a * 0.08);
      const la = Math.exp(0.25 - a * 0.08 + h * 0.08);
      const finished = d < 14;
      out.push({
        matchId: id++,
        leagueId: 36,
        leagueName: '英超',
        leagueColor: '#3d195b',
        ot: T0 + d * DAY + k * 3600,
        home: { id: 100 + h, name: `主${h}`, logo: '' },
        away: { id: 100 + a, name: `客${a}`, logo: '' },
        status: finished ? 8 : 1,
        score: finished ? [pois(lh, r), pois(la, r)] : [0, 0],
      });
    }
  }
  return out;
}

describe('AI service', () => {
  let t: TestStorage;
  const START = (T0 + 14 * DAY - 3600) * 1000;
  let clock = START;
  const fixtures = makeFixtures();
  const source: AiSource = {
    async finished(before) {
      return fixtures.filter((f) => f.status === 8 && f.ot < before);
    },
    async upcoming(from, to) {
      return fixtures.filter((f) => f.status === 1 && f.ot >= from && f.ot < to);
    },
    async fixture(id) {
      return fixtures.find((f) => f.matchId === id) ?? null;
    },
    async tables() {
      return () => [];
    },
    async facts() {
      return { home: null, away: null };
    },
  };

  beforeAll(async () => {
    t = await createTestStorage();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('lists upcoming matches with coherent predictions and stores them', async () => {
    const ai = createAiService(t.storage.db, source, () => clock);
    const list = await ai.list();
    expect(list.length).toBe(10); // two days × five
    for (const p of list) {
      expect(p.pHome + p.pDraw + p.pAway).toBeCloseTo(1, 6);
      expect(p.xgHome).toBeGreaterThan(0);
      expect(p.madeAt).toBe(clock);
    }
    // The strongest team at home is favoured against the weakest.
    const stored = await t.storage.db.selectFrom('ai_predictions').selectAll().where('source', '=', 'live').execute();
    expect(stored).toHaveLength(10);
  });

  it('freezes a prediction once the match has kicked off', async () => {
    const ai = createAiService(t.storage.db, source, () => clock);
    const target = fixtures.find((f) => f.status === 1)!;
    const before = (await ai.detail(target.matchId))!;
    // Later, after kick-off, with more results known: the stored prediction does not move.
    clock = (target.ot + 600) * 1000;
    target.status = 2;
    const after = (await ai.detail(target.matchId))!;
    expect(after.madeAt).toBe(before.madeAt);
    expect(after.pHome).toBe(before.pHome);
    target.status = 1;
    clock = START;
  });

  it('explains a prediction with factors, form and a score grid', async () => {
    const ai = createAiService(t.storage.db, source, () => clock);
    const f = fixtures.find((x) => x.status === 1)!;
    const d = (await ai.detail(f.matchId))!;
    expect(d.factors.map((x) => x.key)).toEqual(['attack', 'defence', 'home', 'form', 'h2h', 'sample']);
    expect(d.form.home.length).toBeGreaterThan(0);
    expect(d.grid).toHaveLength(6);
    expect(d.model.homeAdvantage).toBeGreaterThan(1);
    expect(d.model.sampleSize).toBe(70);
    expect(await ai.detail(999_999)).toBeNull();
  });

  it('calibration backfills walk-forward predictions and scores only pre-kick-off ones', async () => {
    const ai = createAiService(t.storage.db, source, () => clock);
    const c = await ai.calibration();
    // Days with fewer than 40 earlier results are not scored: days 0–7 (≤ 35 results before) are skipped.
    const scoredDays = 14 - 8;
    expect(c.matches).toBe(scoredDays * 5);
    expect(c.buckets.reduce((s, b) => s + b.count, 0)).toBe(c.matches * 3);
    expect(c.hitRate).toBeGreaterThan(0);
    expect(c.brier).toBeGreaterThan(0);
    expect(c.recent[0].ot).toBeGreaterThanOrEqual(c.recent[c.recent.length - 1].ot);
    const backtest = await t.storage.db
      .selectFrom('ai_predictions')
      .selectAll()
      .where('source', '=', 'backtest')
      .execute();
    for (const row of backtest) expect(Number(row.made_at)).toBeLessThanOrEqual(Number(row.kickoff) * 1000);
    // A second call adds nothing new.
    const again = await ai.calibration();
    expect(again.matches).toBe(c.matches);
  });
});
