/**
 * API-Football v3 answers beyond fixtures, events and statistics (docs/providers/api-sports.md,
 * "Odds, lineups, standings"): a fixture's odds by bookmaker and bet, its lineups, a league's
 * standings. Anything not in the documented shape is skipped.
 */
import type { OddsType } from '../../../workers/protocol/index';
import type { OddsUpdate } from '../ingest';
import type { ProviderTableRow, ProviderTeamLineup } from '../ingest-details';

export interface ApiOdds {
  fixture: { id: number };
  /** ISO time of the bookmakers' last update. */
  update: string;
  bookmakers: Array<{
    id: number;
    name: string;
    bets: Array<{ id: number; name: string; values: Array<{ value: string | number; odd: string }> }>;
  }>;
}

export interface ApiLineup {
  team: { id: number; name: string };
  coach?: { id: number | null; name: string | null } | null;
  formation: string | null;
  startXI: Array<{ player: { id: number; name: string; number: number | null; pos: string | null } }>;
  substitutes: Array<{ player: { id: number; name: string; number: number | null; pos: string | null } }>;
}

export interface ApiStandingsEntry {
  league: {
    id: number;
    name: string;
    season: number;
    standings: Array<
      Array<{
        rank: number;
        team: { id: number; name: string };
        points: number;
        all: { played: number; win: number; draw: number; lose: number; goals: { for: number; against: number } };
      }>
    >;
  };
}

const dec = (s: string | number | undefined): number | null => {
  const n = Number(s);
  return Number.isFinite(n) && n > 1 ? n : null;
};
const round2 = (x: number) => Math.round(x * 100) / 100;

type Line = [number, number, number];

/** 欧指: decimal odds of home, draw, away. */
function matchWinner(values: ApiOdds['bookmakers'][number]['bets'][number]['values']): Line | null {
  const of = (v: string) => dec(values.find((x) => x.value === v)?.odd);
  const [h, d, a] = [of('Home'), of('Draw'), of('Away')];
  return h && d && a ? [h, d, a] : null;
}

/**
 * Pairs of two-sided lines ("Home -0.5" / "Away +0.5", "Over 2.5" / "Under 2.5"): the most
 * balanced pair is the main line. Water (Hong Kong odds) = decimal − 1, as the app shows them.
 */
function mainLine(
  values: ApiOdds['bookmakers'][number]['bets'][number]['values'],
  first: string,
  second: string,
  pairOf: (line: number) => number[],
  middleOf: (line: number) => number,
): Line | null {
  let best: Line | null = null;
  let gap = Infinity;
  for (const v of values) {
    const m = new RegExp(`^${first} ([+-]?\\d+(?:\\.\\d+)?)$`).exec(String(v.value));
    const a = dec(v.odd);
    if (!m || !a) continue;
    const line = Number(m[1]);
    // The paired side, by preference (the opposite handicap first, then the same number).
    const lineOf = (w: { value: string | number }) =>
      new RegExp(`^${second} ([+-]?\\d+(?:\\.\\d+)?)$`).exec(String(w.value))?.[1];
    const other = pairOf(line)
      .map((want) => values.find((w) => lineOf(w) !== undefined && Number(lineOf(w)) === want))
      .find((w) => w !== undefined);
    const b = dec(other?.odd);
    if (!b || Math.abs(a - b) >= gap) continue;
    gap = Math.abs(a - b);
    best = [round2(a - 1), middleOf(line), round2(b - 1)];
  }
  return best;
}

const BETS: ReadonlyArray<
  [string, OddsType, (v: ApiOdds['bookmakers'][number]['bets'][number]['values']) => Line | null]
> = [
  ['Match Winner', 2, matchWinner],
  // The home side's handicap h: the home team gives −h goals (our middle); the away side is +h or, in some feeds, h.
  [
    'Asian Handicap',
    1,
    (v) =>
      mainLine(
        v,
        'Home',
        'Away',
        (h) => [-h, h],
        (h) => -h || 0,
      ),
  ],
  [
    'Goals Over/Under',
    3,
    (v) =>
      mainLine(
        v,
        'Over',
        'Under',
        (l) => [l],
        (l) => l,
      ),
  ],
];

/** Every bookmaker's main line of 欧指, 亚指 and 大小球; the revision is the answer's update time. */
export function oddsUpdates(answer: ApiOdds): OddsUpdate[] {
  const rev = Date.parse(answer.update);
  if (!Number.isFinite(rev) || !Array.isArray(answer.bookmakers)) return [];
  const out: OddsUpdate[] = [];
  for (const b of answer.bookmakers) {
    for (const [name, type, read] of BETS) {
      const bet = b.bets?.find((x) => x.name === name);
      const line = bet && Array.isArray(bet.values) ? read(bet.values) : null;
      if (!line) continue;
      out.push({
        kind: 'odds',
        provider: 'apisports',
        sport: 'zq',
        match: answer.fixture.id,
        rev,
        company: { id: b.id, name: b.name },
        type,
        left: line[0],
        middle: line[1],
        right: line[2],
      });
    }
  }
  return out;
}

const POSITION: Readonly<Record<string, string>> = { G: 'GK', D: 'DF', M: 'MF', F: 'FW' };

/** The two lineups, home first, or null until both are published (20–40 minutes before kick-off). */
export function lineupsOf(
  list: readonly ApiLineup[],
  homeTeamId: number,
  awayTeamId: number,
): { home: ProviderTeamLineup; away: ProviderTeamLineup } | null {
  const side = (teamId: number): ProviderTeamLineup | null => {
    const l = list.find((x) => x.team?.id === teamId);
    if (!l || !Array.isArray(l.startXI) || l.startXI.length === 0) return null;
    const player = (e: ApiLineup['startXI'][number]) => ({
      id: e.player.id,
      name: e.player.name,
      number: e.player.number ?? 0,
      position: POSITION[e.player.pos ?? ''] ?? 'MF',
    });
    return {
      formation: l.formation ?? '',
      coach: l.coach?.name ?? null,
      starters: l.startXI.filter((e) => Number.isInteger(e.player?.id)).map(player),
      bench: (l.substitutes ?? []).filter((e) => Number.isInteger(e.player?.id)).map(player),
    };
  };
  const home = side(homeTeamId);
  const away = side(awayTeamId);
  return home && away ? { home, away } : null;
}

/** A league's table (its first group: a league has one) with each team's counts. */
export function standingsRows(answer: readonly ApiStandingsEntry[]): ProviderTableRow[] {
  const group = answer[0]?.league?.standings?.[0];
  if (!Array.isArray(group)) return [];
  return group.flatMap((r) =>
    r?.team && r.all
      ? [
          {
            team: { id: r.team.id, name: r.team.name },
            played: r.all.played,
            win: r.all.win,
            draw: r.all.draw,
            loss: r.all.lose,
            goalsFor: r.all.goals?.for ?? 0,
            goalsAgainst: r.all.goals?.against ?? 0,
            points: r.points,
          },
        ]
      : [],
  );
}

export const ApiDetailPaths = {
  odds: '/odds',
  lineups: '/fixtures/lineups',
  standings: '/standings',
} as const;
