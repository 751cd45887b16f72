/**
 * The real data providers the ingest path knows, how their ids become ours, and the status
 * table each one has (spec §4 codes). Our ids are `int4`: each (provider, sport) gets its own
 * block of 100 million ids above the simulator's, so a provider id maps to ours without a lookup
 * table and the same match keeps its id across restarts.
 */
import type { Sport } from '../../workers/protocol/index';

export type ProviderName = 'nami' | 'apisports';
export const PROVIDERS: readonly ProviderName[] = ['nami', 'apisports'];

/** What a provider id names: a match, a league (competition), a team, a player or a bookmaker. */
export type EntityKind = 'match' | 'league' | 'team' | 'player' | 'company';
export const ENTITY_KINDS: readonly EntityKind[] = ['match', 'league', 'team', 'player', 'company'];

const BLOCK = 100_000_000;
const BASE: Record<ProviderName, Record<Sport, number>> = {
  nami: { zq: 10 * BLOCK, lq: 11 * BLOCK },
  apisports: { zq: 12 * BLOCK, lq: 13 * BLOCK },
};

/** Our id of a provider's entity; throws on an id outside the block (never silently collides). */
export function localId(provider: ProviderName, sport: Sport, providerId: string | number): number {
  const n = Number(providerId);
  if (!Number.isInteger(n) || n < 0 || n >= BLOCK) throw new Error(`${provider} id out of range: ${providerId}`);
  return BASE[provider][sport] + n;
}

/** The provider and sport an id of ours belongs to, or null for the simulator's ids. */
export function providerOf(id: number): { provider: ProviderName; sport: Sport; providerId: number } | null {
  for (const provider of PROVIDERS)
    for (const sport of ['zq', 'lq'] as const) {
      const base = BASE[provider][sport];
      if (id >= base && id < base + BLOCK) return { provider, sport, providerId: id - base };
    }
  return null;
}

/**
 * A provider's status code → spec §4 code. Some codes only mean something next to the status
 * before them (api-sports' basketball 'BT', a break after whichever quarter just ended).
 */
export type StatusEntry = number | ((previous: number) => number);
export type StatusTable = Readonly<Record<string, StatusEntry>>;

/** Maps a raw code; an unknown code is 0 (abnormal) so a match never shows a made-up state. */
export function mapStatus(table: StatusTable, code: string | number, previous: number): number {
  const e = table[String(code)];
  if (e === undefined) return 0;
  return typeof e === 'number' ? e : e(previous);
}

export const isKnownCode = (table: StatusTable, code: string | number): boolean => String(code) in table;
