/**
 * The catalogue rows a provider's messages bring (./ingest.ts): a new fixture's league and teams,
 * an odds message's bookmaker, each named in Chinese through the names table, stored once and
 * registered in the in-memory catalogue (./catalogue.ts) the views read.
 */
import { companyKnown, leagueColor, leagueLetter, registerCompany, registerLeague, registerTeam } from './catalogue';
import { localId, type ProviderName } from './providers';
import type { FixtureUpdate, IngestDeps, NamedRef } from './ingest-types';

type CatalogueDeps = Pick<IngestDeps, 'db' | 'names'>;

/** Provider bookmakers get ids above the seeded ones, one block per provider. */
export const companyLocalId = (provider: ProviderName, id: string | number): number =>
  (provider === 'nami' ? 1_000_000 : 2_000_000) + Number(id);

/** A new fixture's league and teams, stored (names refreshed) and registered; answers our ids. */
export async function upsertCatalogue(
  deps: CatalogueDeps,
  u: FixtureUpdate,
): Promise<{ leagueId: number; homeId: number; awayId: number; leagueName: string }> {
  const { db } = deps;
  const leagueId = localId(u.provider, u.sport, u.league.id);
  const league = await deps.names(u.provider, u.sport, 'league', String(u.league.id), u.league.name);
  const leagueName = league.short ?? league.name;
  const letter = leagueLetter(leagueName);
  const color = leagueColor(leagueId);
  await db
    .insertInto('live_leagues')
    .values({
      id: leagueId,
      sport: u.sport,
      name: leagueName,
      letter,
      color,
      season: '',
      cup: u.cup ?? false,
      major: false,
      quarter_min: u.sport === 'lq' ? 12 : null,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: leagueName, letter }))
    .execute();
  registerLeague(leagueId, { name: leagueName, color, letter });
  const team = async (ref: NamedRef): Promise<number> => {
    const id = localId(u.provider, u.sport, ref.id);
    const n = await deps.names(u.provider, u.sport, 'team', String(ref.id), ref.name);
    const name = n.short ?? n.name;
    await db
      .insertInto('live_teams')
      .values({ id, league_id: leagueId, sport: u.sport, name, strength: 50, color: color, color2: '#ffffff' })
      .onConflict((oc) => oc.column('id').doUpdateSet({ name }))
      .execute();
    registerTeam(id, name);
    return id;
  };
  return { leagueId, homeId: await team(u.home), awayId: await team(u.away), leagueName };
}

/** A bookmaker seen for the first time: named, stored and registered (a known one costs nothing). */
export async function ensureCompany(
  deps: CatalogueDeps,
  provider: ProviderName,
  company: NamedRef,
  companyId: number,
): Promise<void> {
  if (companyKnown(companyId)) return;
  // A provider's bookmakers are one list for both sports here (companyLocalId has no sport), so
  // their names are too: kept under 'zq'.
  const n = await deps.names(provider, 'zq', 'company', String(company.id), company.name);
  registerCompany(companyId, n.name);
  await deps.db
    .insertInto('live_bookmakers')
    .values({ id: companyId, name_zh: n.name, sort: 1000 + Number(company.id) })
    .onConflict((oc) => oc.column('id').doUpdateSet({ name_zh: n.name }))
    .execute();
}
