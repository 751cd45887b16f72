/**
 * The minute the feed stamps on incidents and text lines keeps stoppage time: a goal at 45+1 is
 * minute 45 with stoppage 1 (not minute 46, which is the second half's), stored and read back so.
 */
import { describe, expect, it } from 'vitest';
import { createTestStorage } from '../../helpers/test-db';
import { insertMatches, saveOutput } from '../../../server/live/store';
import { seedCatalogue } from '../../../server/seed/seed';
import { incidentsOf, textLiveOf } from '../../../server/live/repository';
import { stampMinute } from '../../../server/live/simulator/emit';
import { minuteLabel, advanceFootball } from '../../../server/live/simulator/football';
import { fixturesOfDay } from '../../../server/live/simulator/fixtures';
import { fixtureToSim } from '../../../server/live/simulator/create-feed';
import { newOutput } from '../../../server/live/simulator/sim-types';
import { toIncident } from '../../../server/live/publish';

describe('stampMinute', () => {
  it.each([
    [45, 2, { minute: 45, stoppage: 0 }],
    [46, 2, { minute: 45, stoppage: 1 }],
    [49, 2, { minute: 45, stoppage: 4 }],
    [46, 4, { minute: 46, stoppage: 0 }],
    [93, 4, { minute: 90, stoppage: 3 }],
    [122, 5, { minute: 120, stoppage: 2 }],
    [90, 8, { minute: 90, stoppage: 0 }],
  ])('minute %i in status %i → %o', (minute, status, want) => {
    expect(stampMinute(minute, status)).toEqual(want);
  });
  it('the text label agrees with the stamp', () => {
    expect(minuteLabel(46, 2)).toBe('45+1');
    expect(minuteLabel(46, 4)).toBe('46');
    expect(minuteLabel(92, 4)).toBe('90+2');
  });
});

describe('incidents and text lines of a played match', () => {
  it('first-half stoppage is stamped 45+n, never as a second-half minute', () => {
    const fixtures = fixturesOfDay(11, '2026-11-21').filter((f) => f.sport === 'zq');
    const end = Date.parse('2026-11-22T16:00:00Z');
    const ctx = { seed: 11, speed: 1, out: newOutput(), snapshot: false, history: true };
    for (const f of fixtures) advanceFootball(ctx, fixtureToSim(11, f, 0), end);
    const stamped = [...ctx.out.incidents, ...ctx.out.texts];
    const inStoppage = stamped.filter((r) => /第(45|90|120)\+\d+分钟/.test(r.text));
    expect(inStoppage.length).toBeGreaterThan(10);
    for (const r of inStoppage) {
      const [, base, extra] = /第(\d+)\+(\d+)分钟/.exec(r.text)!;
      expect({ minute: r.minute, stoppage: r.stoppage }).toEqual({ minute: Number(base), stoppage: Number(extra) });
    }
    // A line of the 46th minute proper is a second-half line without stoppage.
    for (const r of stamped.filter((x) => x.text.startsWith('第46分钟'))) {
      expect({ minute: r.minute, stoppage: r.stoppage }).toEqual({ minute: 46, stoppage: 0 });
    }
    const goal = ctx.out.incidents.find((i) => i.type === 'goal' && (i.stoppage ?? 0) > 0);
    expect(goal).toBeDefined();
    expect(toIncident(goal!).stoppage).toBe(goal!.stoppage);
  });
});

describe('stored and read back', () => {
  it('an incident and a text line at 45+1 come back from the database as 45+1', async () => {
    const ts = await createTestStorage('pglite');
    try {
      const f = fixturesOfDay(11, '2026-11-21').find((x) => x.sport === 'zq')!;
      const m = fixtureToSim(11, f, 0);
      await seedCatalogue(ts.storage.db, 11, m.ot * 1000);
      await insertMatches(ts.storage.db, [m]);
      const ctx = { seed: 11, speed: 1, out: newOutput(), snapshot: false, history: true };
      advanceFootball(ctx, m, m.ot * 1000 + 4 * 3600_000);
      await saveOutput(ts.storage.db, [m], ctx.out);
      const stoppageTexts = ctx.out.texts.filter((t) => (t.stoppage ?? 0) > 0);
      const lines = await textLiveOf(ts.storage.db, m.id);
      expect(
        lines
          .filter((l) => (l.stoppage ?? 0) > 0)
          .map((l) => l.id)
          .sort(),
      ).toEqual(stoppageTexts.map((t) => t.id).sort());
      const incidents = await incidentsOf(ts.storage.db, m.id);
      expect(incidents.map((i) => [i.id, i.minute, i.stoppage ?? 0])).toEqual(
        ctx.out.incidents.map((i) => [i.id, i.minute, i.stoppage ?? 0]),
      );
      // The half ends in its stoppage time: its last minutes are there to be read back.
      expect(stoppageTexts.length).toBeGreaterThan(0);
    } finally {
      await ts.cleanup();
    }
  }, 60_000);
});
