/**
 * Leagues and teams as the views show them. The seeded catalogue (server/seed/leagues.ts) holds
 * the simulator's; a provider's leagues and teams are stored in live_leagues / live_teams by the
 * ingest path (names through the names table) and registered here, so `toMatch` and the lists
 * show them the same way whatever the source.
 */
import { BOOKMAKERS, LEAGUE_BY_ID, TEAM_BY_ID } from '../seed/leagues';
import type { Db } from '../db/index';
import type { Sport } from '../../workers/protocol/index';

export interface LeagueView {
  name: string;
  color: string;
  letter: string;
}

const leagues = new Map<number, LeagueView>();
const teams = new Map<number, string>();
const companies = new Map<number, string>(BOOKMAKERS.map((b) => [b.id, b.nameZh]));

/** A provider league with no colour of its own gets one drawn from its id (stable, readable). */
const PALETTE = ['#1f6fd1', '#c8372d', '#2c9a4b', '#8a4fc7', '#d9822b', '#127f86', '#b5316b', '#5a6b7d'];
export const leagueColor = (id: number): string => PALETTE[id % PALETTE.length];
/** Filter groups go by the first letter of the name's pinyin; without it, by '#'. */
export const leagueLetter = (name: string): string => (/^[a-z]/i.test(name) ? name[0].toUpperCase() : '#');

const FEATURED = new Set([...LEAGUE_BY_ID.values()].map((l) => `${l.sport}:${l.name}`));
/** A provider league the catalogue lists under the same Chinese name (英超, NBA, …): its matches are featured. */
export const isFeaturedLeague = (sport: Sport, name: string): boolean => FEATURED.has(`${sport}:${name}`);

export function registerLeague(id: number, view: LeagueView): void {
  leagues.set(id, view);
}
export function registerTeam(id: number, name: string): void {
  teams.set(id, name);
}

/** A provider league the ingest path stored and registered. */
export const isCatalogued = (id: number): boolean => leagues.has(id);

export function leagueView(id: number): LeagueView {
  const seeded = LEAGUE_BY_ID.get(id);
  if (seeded) return { name: seeded.name, color: seeded.color, letter: seeded.letter };
  return leagues.get(id) ?? { name: '', color: leagueColor(id), letter: '#' };
}

export function registerCompany(id: number, nameZh: string): void {
  companies.set(id, nameZh);
}
export const companyKnown = (id: number): boolean => companies.has(id);
/** A bookmaker's Chinese name (seeded, or a provider's through the names table). */
export const companyNameOf = (id: number): string => companies.get(id) ?? '';

export const teamNameOf = (id: number): string => TEAM_BY_ID.get(id)?.name ?? teams.get(id) ?? '';

/** Registers every stored league and team the seed does not know (a restart on a provider's data). */
export async function loadStoredCatalogue(db: Db): Promise<void> {
  for (const l of await db.selectFrom('live_leagues').select(['id', 'name', 'color', 'letter']).execute())
    if (!LEAGUE_BY_ID.has(l.id)) registerLeague(l.id, { name: l.name, color: l.color, letter: l.letter });
  for (const t of await db.selectFrom('live_teams').select(['id', 'name']).execute())
    if (!TEAM_BY_ID.has(t.id)) registerTeam(t.id, t.name);
  for (const b of await db.selectFrom('live_bookmakers').select(['id', 'name_zh']).execute())
    registerCompany(b.id, b.name_zh);
}
