/**
 * The match-day mix of tests/bench/match-day.ts, as a provider adapter would hand it to the
 * ingest path: 300 football and 100 basketball matches live (纳米数据 ids), ten bookmakers in
 * three markets. Per event: odds ~80 %, stats ~15 %, incidents and state changes ~5 % (of those a
 * third are football goals, each a score message and its incident, handed in together). A goal
 * names its player `bench@<send time>` so a client can time it from the frame alone.
 */
import { StatType, BasketballStatType, type OddsType, type Pair } from '../../../workers/protocol/index';
import type { IngestUpdate } from '../../../server/live/ingest';
import { localId } from '../../../server/live/providers';

export const FOOTBALL = 300;
export const BASKETBALL = 100;
export const COMPANIES = 10;

export interface PhaseReport {
  rate: number;
  events: number;
  elapsed: number;
  cpuMsPerEvent: number;
  cpuPercent: number;
  goalCpuMs: number;
  lagP50: number;
  lagP99: number;
  maxInFlight: number;
  failed: number;
  unknown: number;
  dbRowsPerS: number;
  dbTxPerS: number;
  peakRssMb: number;
  goals: number;
}

/** Deterministic (mulberry32), so every run hands in the same events. */
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

interface Live {
  sport: 'zq' | 'lq';
  id: number;
  score: Pair;
  status: number;
  corner: Pair;
  attacks: Pair;
  points: Pair;
}

export function createMix(kickoff: number, seed = 27) {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  let rev = 1;
  let goals = 0;
  let incidents = 0;
  const matches: Live[] = [
    ...Array.from({ length: FOOTBALL }, (_, i): Live => ({
      sport: 'zq',
      id: i + 1,
      score: [0, 0],
      status: i % 2 === 0 ? 2 : 4,
      corner: [0, 0],
      attacks: [0, 0],
      points: [0, 0],
    })),
    ...Array.from({ length: BASKETBALL }, (_, i): Live => ({
      sport: 'lq',
      id: i + 1,
      score: [0, 0],
      status: 2 + 2 * (i % 4),
      corner: [0, 0],
      attacks: [0, 0],
      points: [0, 0],
    })),
  ];
  const football = matches.filter((m) => m.sport === 'zq');
  const odds = new Map<string, [number, number, number]>();
  const base = (m: Live) => ({ provider: 'nami' as const, sport: m.sport, match: m.id, rev: rev++ });

  function oddsMove(m: Live, company: number, type: OddsType): IngestUpdate {
    const k = `${m.sport}${m.id}:${company}:${type}`;
    const prev = odds.get(k) ?? [1.9, type === 2 ? 2.5 : 3.2, 1.9];
    const step = () => Math.round((rand() - 0.5) * 10) / 100;
    const next: [number, number, number] = [
      Math.max(1.01, Math.round((prev[0] + step()) * 100) / 100),
      prev[1],
      Math.max(1.01, Math.round((prev[2] + step()) * 100) / 100),
    ];
    odds.set(k, next);
    return {
      ...base(m),
      kind: 'odds',
      company: { id: company, name: `Bookmaker ${company}` },
      type,
      left: next[0],
      middle: next[1],
      right: next[2],
    };
  }

  function goal(now: () => number, m: Live = pick(football)): IngestUpdate[] {
    const side = rand() < 0.55 ? 0 : 1;
    m.score[side]++;
    goals++;
    return [
      { ...base(m), kind: 'score', score: [m.score[0], m.score[1]] },
      {
        ...base(m),
        kind: 'incident',
        id: `g${goals}`,
        type: 'goal',
        side: side === 0 ? 'home' : 'away',
        minute: 10 + (goals % 80),
        player: `bench@${now().toFixed(1)}`,
      },
    ];
  }

  function incidentOrState(now: () => number): IngestUpdate[] {
    const r = rand();
    if (r < 1 / 3) return goal(now);
    const m = pick(matches);
    if (m.sport === 'lq') {
      // Basketball: points, and now and then the next period.
      const side = rand() < 0.5 ? 0 : 1;
      m.score[side] += 2;
      if (r > 0.9) m.status = m.status >= 8 ? 2 : m.status + 1;
      return [{ ...base(m), kind: 'score', status: m.status, score: [m.score[0], m.score[1]] }];
    }
    if (r < 0.8) {
      incidents++;
      return [
        {
          ...base(m),
          kind: 'incident',
          id: `i${incidents}`,
          type: r < 0.6 ? 'yellow' : 'corner',
          side: rand() < 0.5 ? 'home' : 'away',
          minute: 10 + (incidents % 80),
        },
      ];
    }
    // Half time and back (never full time: the 400 stay live for the whole run).
    m.status = m.status === 3 ? 4 : 3;
    return [{ ...base(m), kind: 'score', status: m.status }];
  }

  function stats(m: Live): IngestUpdate {
    if (m.sport === 'zq') {
      const side = rand() < 0.5 ? 0 : 1;
      m.attacks[side] += 1;
      if (rand() < 0.1) m.corner[side]++;
      return {
        ...base(m),
        kind: 'stats',
        stats: [
          { type: StatType.ATTACKS, home: m.attacks[0], away: m.attacks[1] },
          { type: StatType.DANGEROUS_ATTACKS, home: m.attacks[0] >> 1, away: m.attacks[1] >> 1 },
          { type: StatType.CORNER, home: m.corner[0], away: m.corner[1] },
          { type: StatType.POSSESSION, home: 50 + (m.attacks[0] % 9), away: 50 - (m.attacks[0] % 9) },
        ],
      };
    }
    m.points[0] += 1;
    return {
      ...base(m),
      kind: 'stats',
      stats: [
        { type: BasketballStatType.REBOUNDS, home: m.points[0], away: m.points[1] },
        { type: BasketballStatType.ASSISTS, home: m.points[0] >> 1, away: m.points[1] >> 1 },
      ],
    };
  }

  return {
    fixtures(): IngestUpdate[] {
      return matches.map((m) => ({
        ...base(m),
        kind: 'fixture',
        league: { id: m.sport === 'zq' ? 1 + (m.id % 20) : 1 + (m.id % 5), name: `League ${m.sport}${m.id % 20}` },
        home: { id: m.id * 2, name: `Team ${m.sport}${m.id * 2}` },
        away: { id: m.id * 2 + 1, name: `Team ${m.sport}${m.id * 2 + 1}` },
        ot: kickoff - 30 * 60,
        status: m.status,
      }));
    },
    openingOdds(): IngestUpdate[] {
      const out: IngestUpdate[] = [];
      for (let c = 1; c <= COMPANIES; c++) out.push(oddsMove(matches[0]!, c, 1));
      return out;
    },
    /** The next event of the mix. */
    next(now: () => number): IngestUpdate[] {
      const r = rand();
      if (r < 0.8)
        return [oddsMove(pick(matches), 1 + Math.floor(rand() * COMPANIES), (1 + Math.floor(rand() * 3)) as OddsType)];
      if (r < 0.95) return [stats(pick(matches))];
      return incidentOrState(now);
    },
    goal: (now: () => number) => goal(now),
    goalsSent: () => goals,
    localIds: () => matches.map((m) => localId('nami', m.sport, m.id)),
  };
}
