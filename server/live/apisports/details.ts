/**
 * API-Football v3 answers beyond fixtures, events and statistics (docs/providers/api-sports.md,
 * "Odds, lineups, standings"): a fixture's odds by bookmaker and bet, its lineups, a league's
 * standings. Anything not in the documented shape is skipped.
 */
import type { OddsType, Sport } from '../../../workers/protocol/index';
import type { OddsUpdate } from '../ingest';
import type { ProviderSquadPlayer, ProviderTableRow, ProviderTeamLineup } from '../ingest-details';

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

type Bookmakers = ApiOdds['bookmakers'];

/** Every bookmaker's main line of the markets `bets` names; null bookmakers or a bad shape: none. */
function bookmakerUpdates(
  sport: Sport,
  match: number,
  rev: number,
  bookmakers: Bookmakers | undefined,
  bets: typeof BETS,
): OddsUpdate[] {
  if (!Number.isFinite(rev) || !Array.isArray(bookmakers)) return [];
  const out: OddsUpdate[] = [];
  for (const b of bookmakers) {
    for (const [name, type, read] of bets) {
      const bet = b.bets?.find((x) => x.name === name);
      const line = bet && Array.isArray(bet.values) ? read(bet.values) : null;
      if (!line) continue;
      out.push({
        kind: 'odds',
        provider: 'apisports',
        sport,
        match,
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

/** Every bookmaker's main line of 欧指, 亚指 and 大小球; the revision is the answer's update time. */
export function oddsUpdates(answer: ApiOdds): OddsUpdate[] {
  return bookmakerUpdates('zq', answer.fixture?.id, Date.parse(answer.update), answer.bookmakers, BETS);
}

/** API-Basketball `/odds?game=`: `[{ game { id }, update, bookmakers: [{ id, name, bets }] }]`. */
export interface ApiGameOdds {
  game: { id: number };
  update?: string;
  bookmakers: Bookmakers;
}

/** Two-way money line (no draw): decimal odds of home and away, middle 0 as the simulator's. */
function homeAway(values: Bookmakers[number]['bets'][number]['values']): Line | null {
  const of = (v: string) => dec(values.find((x) => x.value === v)?.odd);
  const [h, a] = [of('Home'), of('Away')];
  return h && a ? [h, 0, a] : null;
}

const BASKETBALL_BETS: typeof BETS = [
  ['Home/Away', 2, homeAway],
  // Points handicap: the home side's −h is the points the home team gives (our middle h).
  ['Asian Handicap', 1, BETS[1]![2]],
  ['Over/Under', 3, BETS[2]![2]],
];

/**
 * A game's 让分 (1), 胜负 (2) and 大小分 (3) per bookmaker; the revision is `update`, or when the
 * answer was read (`readAt`) if it has none.
 */
export function basketballOddsUpdates(answer: ApiGameOdds, readAt: number): OddsUpdate[] {
  const rev = answer.update ? Date.parse(answer.update) : readAt;
  return bookmakerUpdates('lq', answer.game?.id, rev, answer.bookmakers, BASKETBALL_BETS);
}

/**
 * API-Basketball `/standings?league=&season=`: groups of rows (`[[{ position, group { name },
 * team { id, name }, games { played, win { total }, lose { total } }, points { for, against } }]]`).
 * A league split into conferences has a group each: every team once, from its first group.
 */
export interface ApiGameStanding {
  position: number;
  team: { id: number; name: string };
  games: { played: number; win: { total: number }; lose: { total: number } };
  points: { for: number; against: number };
}

export function basketballStandingsRows(answer: ReadonlyArray<readonly ApiGameStanding[]>): ProviderTableRow[] {
  const seen = new Set<number>();
  const out: ProviderTableRow[] = [];
  for (const group of Array.isArray(answer) ? answer : [])
    for (const r of Array.isArray(group) ? group : []) {
      if (!r?.team || !Number.isInteger(r.team.id) || !r.games || seen.has(r.team.id)) continue;
      seen.add(r.team.id);
      const win = r.games.win?.total ?? 0;
      const loss = r.games.lose?.total ?? 0;
      out.push({
        team: { id: r.team.id, name: r.team.name },
        played: r.games.played ?? win + loss,
        win,
        draw: 0,
        loss,
        goalsFor: r.points?.for ?? 0,
        goalsAgainst: r.points?.against ?? 0,
        // A basketball table ranks by wins (the computed tables count a point per win).
        points: win,
        ...(Number.isInteger(r.position) ? { position: r.position } : {}),
      });
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

/** `/players/squads?team=`: `[{ team { id, name }, players: [{ id, name, age, number, position }] }]`. */
export interface ApiSquad {
  team: { id: number; name: string };
  players: Array<{ id: number; name: string; age: number | null; number: number | null; position: string | null }>;
}

const SQUAD_POSITION: Readonly<Record<string, ProviderSquadPlayer['position']>> = {
  Goalkeeper: 'GK',
  Defender: 'DF',
  Midfielder: 'MF',
  Attacker: 'FW',
};

/** The team's players (the entry of that team), or null when the answer has none. */
export function squadPlayers(answer: readonly ApiSquad[], teamId: number): ProviderSquadPlayer[] | null {
  const entry = answer.find((x) => x?.team?.id === teamId);
  if (!entry || !Array.isArray(entry.players)) return null;
  return entry.players.flatMap((p) =>
    Number.isInteger(p?.id) && typeof p.name === 'string' && p.name !== ''
      ? [
          {
            id: p.id,
            name: p.name,
            number: Number.isInteger(p.number) ? p.number! : 0,
            position: SQUAD_POSITION[p.position ?? ''] ?? 'MF',
            age: Number.isInteger(p.age) ? p.age! : 0,
          },
        ]
      : [],
  );
}

/** API-Basketball `/players?team=&season=`: `[{ id, name, number, position, age }]` (number may be a string). */
export interface ApiBasketballPlayer {
  id: number;
  name: string;
  number?: number | string | null;
  position?: string | null;
  age?: number | null;
}

/** Guard / Forward / Center (a two-line player, 'Guard-Forward', by his first line). */
const BASKETBALL_POSITION: Readonly<Record<string, ProviderSquadPlayer['position']>> = {
  Guard: 'G',
  Forward: 'F',
  Center: 'C',
};

/** A basketball team's players (an entry without an id or a name is skipped). */
export function basketballPlayers(answer: readonly ApiBasketballPlayer[]): ProviderSquadPlayer[] {
  return answer.flatMap((p) => {
    if (!Number.isInteger(p?.id) || typeof p.name !== 'string' || p.name === '') return [];
    const number = Number(p.number);
    return [
      {
        id: p.id,
        name: p.name,
        number: Number.isInteger(number) && p.number !== null && p.number !== '' ? number : 0,
        position: BASKETBALL_POSITION[(p.position ?? '').split(/[-\s]/)[0]!] ?? 'F',
        age: Number.isInteger(p.age) ? p.age! : 0,
      },
    ];
  });
}

export const ApiDetailPaths = {
  odds: '/odds',
  lineups: '/fixtures/lineups',
  standings: '/standings',
  squads: '/players/squads',
  players: '/players',
} as const;
