/**
 * The rest of what a provider says about a match besides scores, incidents, stats and odds moves
 * (those go through ./ingest.ts): its text live (文字直播), lineups, opening odds and league
 * tables. Each lands in the same stores the simulator's do (live_text, the stored details,
 * the league table base), so the detail tabs, the 数据库 table and the reports read them
 * unchanged. Text lines are applied once per provider line (a stable key), stored, then
 * published on the match topic like the simulator's.
 */
import type { IncidentType, Lineup, LineupPlayer, OddsRow, OddsType, Sport } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { Hub } from '../ws/hub';
import { companyNameOf, leagueColor, registerTeam, teamNameOf } from './catalogue';
import { newOutput, type LiveMatch, type TextRow } from './model';
import { localId, type ProviderName } from './providers';
import { saveProviderStandings, type StandingsCounts } from './provider-standings';
import { publishOutput } from './publish';
import { NO_RANKS } from '../facts/table-ranks';
import { oddsMoves } from './repository';
import type { DetailBodies, DetailKind, LiveSink } from './source';
import type { NameResolver, NamedRef } from './ingest';

/** One line of a provider's text live. */
export interface ProviderTextLine {
  /** Unique within the match and stable across repeats (the provider's id, or its content). */
  key: string;
  minute: number;
  stoppage?: number;
  text: string;
  type: IncidentType | 'text';
}

/** A lineup player as a provider gives it (names through the names table). */
export interface ProviderPlayer {
  id: string | number;
  name: string;
  number: number;
  /** 'GK' | 'DF' | 'MF' | 'FW' */
  position: string;
}

export interface ProviderTeamLineup {
  formation: string;
  coach: string | null;
  starters: ProviderPlayer[];
  bench: ProviderPlayer[];
}

/** A squad player as a provider lists it (names through the names table). */
export interface ProviderSquadPlayer {
  id: number;
  name: string;
  number: number;
  /** Football GK/DF/MF/FW; basketball PG/SG/SF/PF/C, or G/F where the provider gives only the line. */
  position: 'GK' | 'DF' | 'MF' | 'FW' | 'PG' | 'SG' | 'SF' | 'PF' | 'C' | 'G' | 'F';
  /** 0: not given. */
  age: number;
}

/** Squad positions as the 数据库 pages name them (the seeded squads' words). */
const SQUAD_POSITION: Readonly<Record<ProviderSquadPlayer['position'], string>> = {
  GK: '门将',
  DF: '后卫',
  MF: '中场',
  FW: '前锋',
  PG: '控球后卫',
  SG: '得分后卫',
  SF: '小前锋',
  PF: '大前锋',
  C: '中锋',
  G: '后卫',
  F: '前锋',
};

/** A row of a provider's league table (its team id). */
export interface ProviderTableRow extends Omit<StandingsCounts, 'teamId'> {
  team: NamedRef;
}

export interface DetailIngestDeps {
  db: Db;
  hub: Hub;
  sink: LiveSink;
  now: () => number;
  seed: number;
  names: NameResolver;
}

/** A short stable hash for line ids (FNV-1a, base 36). */
function hash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** Goalkeeper first, then defence to attack (the order the lineup view draws). */
const LINE_ORDER: Record<string, number> = { GK: 0, DF: 1, MF: 2, FW: 3 };

export function createDetailIngest(deps: DetailIngestDeps) {
  const { db } = deps;
  /** Text keys already stored per match (a provider repeats its whole text live each time). */
  const seen = new Map<number, Set<string>>();

  async function known(id: number): Promise<boolean> {
    const row = await db.selectFrom('live_matches').select('id').where('id', '=', id).executeTakeFirst();
    return !!row;
  }

  /** Stores and publishes the lines not stored yet; answers how many were new. */
  async function texts(
    provider: ProviderName,
    sport: Sport,
    match: string | number,
    lines: readonly ProviderTextLine[],
  ): Promise<number> {
    const id = localId(provider, sport, match);
    let done = seen.get(id);
    const fresh = lines.filter((l) => !done?.has(l.key));
    if (fresh.length === 0 || !(await known(id))) return 0;
    if (!done) {
      if (seen.size > 5_000) seen.clear();
      done = new Set();
      seen.set(id, done);
    }
    const at = deps.now();
    const out = newOutput();
    for (const l of fresh) {
      const row: TextRow = {
        id: `${id}-n${hash(l.key)}`,
        matchId: id,
        minute: l.minute,
        ...(l.stoppage ? { stoppage: l.stoppage } : {}),
        text: l.text,
        type: l.type,
        at,
      };
      out.texts.push(row);
    }
    await deps.sink.saveOutput([], out, at);
    for (const l of fresh) done.add(l.key);
    publishOutput(deps.hub, out, [], { seed: deps.seed, speed: 1, now: at }, NO_RANKS);
    return fresh.length;
  }

  async function player(provider: ProviderName, sport: Sport, p: ProviderPlayer): Promise<LineupPlayer> {
    const n = await deps.names(provider, sport, 'player', String(p.id), p.name);
    return { id: localId(provider, sport, p.id), name: n.short ?? n.name, number: p.number, position: p.position };
  }

  /** A provider's lineup as the lineup tab shows it (our team ids, Chinese names where known). */
  async function lineup(
    provider: ProviderName,
    ids: Pick<LiveMatch, 'homeId' | 'awayId'>,
    home: ProviderTeamLineup,
    away: ProviderTeamLineup,
  ): Promise<Lineup> {
    const team = async (teamId: number, t: ProviderTeamLineup) => {
      const starters = await Promise.all(t.starters.map((p) => player(provider, 'zq', p)));
      starters.sort((a, b) => (LINE_ORDER[a.position] ?? 4) - (LINE_ORDER[b.position] ?? 4));
      return {
        teamId,
        teamName: teamNameOf(teamId),
        formation: t.formation,
        coach: t.coach,
        starters,
        bench: await Promise.all(t.bench.map((p) => player(provider, 'zq', p))),
      };
    };
    return { home: await team(ids.homeId, home), away: await team(ids.awayId, away) };
  }

  /**
   * Each company's first stored line of this type: the opening odds of a provider's match (null
   * before any line came, so the detail is asked for again later rather than stored empty).
   */
  async function openingOdds(m: LiveMatch, type: OddsType): Promise<OddsRow[] | null> {
    const companyIds = Object.keys(m.st.odds)
      .filter((k) => k.startsWith(`${type}:`))
      .map((k) => Number(k.slice(2)));
    const rows: OddsRow[] = [];
    for (const companyId of companyIds) {
      const moves = await oddsMoves(db, m.id, type, companyId);
      const first = moves.at(-1);
      if (first) rows.push({ ...first, companyId, nameZh: companyNameOf(companyId) });
    }
    return rows.length > 0 ? rows : null;
  }

  /** Stores a provider's league table as the base of the live table. */
  async function standings(
    provider: ProviderName,
    sport: Sport,
    league: string | number,
    season: string,
    rows: readonly ProviderTableRow[],
  ): Promise<void> {
    const leagueId = localId(provider, sport, league);
    const known = await db.selectFrom('live_leagues').select('id').where('id', '=', leagueId).executeTakeFirst();
    if (!known) return; // no fixture of it yet: its table comes with the next refresh
    const counts: StandingsCounts[] = [];
    for (const r of rows) {
      const { team, ...c } = r;
      const teamId = localId(provider, sport, team.id);
      // A team of the table with no fixture in the window: named and stored like the fixtures' teams.
      if (teamNameOf(teamId) === '') {
        const n = await deps.names(provider, sport, 'team', String(team.id), team.name);
        const name = n.short ?? n.name;
        await db
          .insertInto('live_teams')
          .values({
            id: teamId,
            league_id: leagueId,
            sport,
            name,
            strength: 50,
            color: leagueColor(leagueId),
            color2: '#ffffff',
          })
          .onConflict((oc) => oc.column('id').doUpdateSet({ name }))
          .execute();
        registerTeam(teamId, name);
      }
      counts.push({ ...c, teamId });
    }
    await saveProviderStandings(db, leagueId, sport, season, counts, deps.now());
  }

  /**
   * A provider team's squad as the 数据库 team and player pages show it: its players replace the
   * ones stored for the team (a transfer leaves the old club's list). Answers how many were stored.
   */
  async function squad(
    provider: ProviderName,
    sport: Sport,
    team: string | number,
    players: readonly ProviderSquadPlayer[],
  ): Promise<number> {
    const teamId = localId(provider, sport, team);
    const stored = await db.selectFrom('live_teams').select('id').where('id', '=', teamId).executeTakeFirst();
    if (!stored || players.length === 0) return 0;
    const rows: Array<{ id: number; team_id: number; name: string; position: string; number: number; age: number }> =
      [];
    const seenIds = new Set<number>();
    for (const p of players) {
      const id = localId(provider, sport, p.id);
      if (seenIds.has(id)) continue;
      seenIds.add(id);
      const n = await deps.names(provider, sport, 'player', String(p.id), p.name);
      rows.push({
        id,
        team_id: teamId,
        name: n.short ?? n.name,
        position: SQUAD_POSITION[p.position],
        number: p.number,
        age: p.age,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('live_players').where('team_id', '=', teamId).execute();
      await trx
        .deleteFrom('live_players')
        .where('id', 'in', [...seenIds])
        .execute();
      await trx.insertInto('live_players').values(rows).execute();
    });
    return rows.length;
  }

  /** What a provider's match has besides lineups: opening odds from its stored lines. */
  async function storedDetail<K extends DetailKind>(m: LiveMatch, kind: K): Promise<DetailBodies[K] | null> {
    if (!kind.startsWith('odds-open:')) return null;
    return (await openingOdds(m, Number(kind.slice(-1)) as OddsType)) as DetailBodies[K] | null;
  }

  return { texts, lineup, openingOdds, storedDetail, standings, squad };
}

export type DetailIngest = ReturnType<typeof createDetailIngest>;
