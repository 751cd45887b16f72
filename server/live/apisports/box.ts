/**
 * API-Basketball box scores: `GET /games/statistics/players?id=<game id>` (docs/providers/api-sports.md,
 * "Box scores"), read only for games a fan is watching (their 统计 tab asked within WATCH_MS):
 * every BOX_EVERY_MS while the game is in play, once more after it ended (a game that tipped off
 * within FINISHED_WINDOW_MS). Each read costs one call from the plan's budget; live scores go first.
 */
import { isFinished, isLive } from '../../../workers/protocol/index';
import type { BoxPlayer, BoxUpdate, Ingest } from '../ingest';
import type { LiveMatch } from '../model';
import { mapStatus, providerOf } from '../providers';
import type { ApiGame } from './formats';
import { APISPORTS_STATUS } from './status';

/**
 * One row of the answer: a flat list, one row per player of both teams. Shape from public clients
 * of the endpoint (`game { id }, team { id }, player { id, name }, type, minutes "m:ss",
 * field_goals / threepoint_goals / freethrows_goals { total, attempts, percentage }, rebounds
 * { total }, assists, points`); `type` is 'starters' or 'bench' ('bench' seen in a recorded
 * answer, 'starters' as the docs' examples are commonly quoted). API-Basketball gives no per-player
 * steals, blocks, turnovers or fouls (its team statistics have them): those stay absent.
 */
export interface ApiPlayerStatsRow {
  game: { id: number };
  team: { id: number };
  player: { id: number; name: string };
  type: string | null;
  minutes: string | null;
  field_goals: { total: number | null; attempts: number | null } | null;
  threepoint_goals: { total: number | null; attempts: number | null } | null;
  freethrows_goals: { total: number | null; attempts: number | null } | null;
  rebounds: { total: number | null } | null;
  assists: number | null;
  points: number | null;
}

export const BOX_PATH = '/games/statistics/players';
/** A fan who opened the 统计 tab within this long is watching (the tab asks again as stats move). */
export const WATCH_MS = 3 * 60_000;
/** API-Basketball updates player statistics about once a minute while a game is played. */
export const BOX_EVERY_MS = 60_000;
/** A game that tipped off longer ago than this has its box from when it ended (or never will). */
const FINISHED_WINDOW_MS = 6 * 3_600_000;
const BOX_PER_CYCLE = 3;

/** A count, null as 0 (a player who has not scored yet), anything else as not a count (the row is skipped). */
const count = (v: unknown): number | undefined =>
  v === null || v === undefined ? 0 : Number.isInteger(v) && (v as number) >= 0 ? (v as number) : undefined;

/** "32:15" → 1935 seconds; null when absent or not a time. */
function seconds(v: string | null): number | null {
  const m = typeof v === 'string' ? /^(\d+):([0-5]\d)$/.exec(v.trim()) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

function made(v: ApiPlayerStatsRow['field_goals']): [number, number] | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const [m, a] = [count(v.total), count(v.attempts)];
  return m !== undefined && a !== undefined && m <= a ? [m, a] : undefined;
}

/** One row as a box line, or null when it is not one (no player, a team of neither side, bad counts). */
function playerOf(r: ApiPlayerStatsRow): BoxPlayer | null {
  if (!r || !Number.isInteger(r.player?.id) || typeof r.player.name !== 'string' || r.player.name === '') return null;
  const points = count(r.points);
  const rebounds = count(r.rebounds?.total);
  const assists = count(r.assists);
  if (points === undefined || rebounds === undefined || assists === undefined) return null;
  const fg = made(r.field_goals);
  const tp = made(r.threepoint_goals);
  const ft = made(r.freethrows_goals);
  return {
    id: r.player.id,
    name: r.player.name,
    number: null,
    starter: r.type === 'starters',
    seconds: seconds(r.minutes),
    points,
    rebounds,
    assists,
    ...(fg ? { fg } : {}),
    ...(tp ? { tp } : {}),
    ...(ft ? { ft } : {}),
  };
}

/** The answer as a box score of the game (sides by team id); null when it has no player of either team. */
export function basketballBox(
  game: number,
  homeTeam: number,
  awayTeam: number,
  rows: readonly ApiPlayerStatsRow[],
  rev: number,
): BoxUpdate | null {
  const home: BoxPlayer[] = [];
  const away: BoxPlayer[] = [];
  for (const r of Array.isArray(rows) ? rows : []) {
    const side = r?.team?.id === homeTeam ? home : r?.team?.id === awayTeam ? away : null;
    if (r?.game && r.game.id !== game) continue;
    const p = side && playerOf(r);
    if (p) side!.push(p);
  }
  if (home.length + away.length === 0) return null;
  return { kind: 'box', provider: 'apisports', sport: 'lq', match: game, rev, home, away };
}

export interface BoxPollerDeps {
  /** One call within the budget (null: refused, or no budget left). */
  call: (path: string, params: Record<string, string | number>) => Promise<ApiPlayerStatsRow[] | null>;
  ingest: Ingest;
  now: () => number;
  /** Calls left this minute. */
  leftNow: () => number;
  nextRev: () => number;
}

/** Which watched games' box scores to read, and reading them. */
export function createBoxPoller(deps: BoxPollerDeps) {
  /** Our match id → when a fan last asked for its 统计 tab, and the match as stored then. */
  const watched = new Map<number, { at: number; m: LiveMatch }>();
  const readAt = new Map<number, number>();
  /** Games whose box was read after they ended: nothing more to read. */
  const final = new Set<number>();

  function watch(m: LiveMatch): void {
    if (m.sport !== 'lq' || providerOf(m.id)?.provider !== 'apisports' || final.has(m.id)) return;
    watched.set(m.id, { at: deps.now(), m });
  }

  /** Reads what is due, in-play games first; `games` is today's list (its statuses are newer than the stored ones). */
  async function run(games: readonly ApiGame[]): Promise<void> {
    const now = deps.now();
    const due: Array<{ m: LiveMatch; over: boolean; live: boolean }> = [];
    for (const [id, w] of watched) {
      if (now - w.at > WATCH_MS) {
        watched.delete(id);
        continue;
      }
      const p = providerOf(id)!;
      const listed = games.find((g) => g.id === p.providerId);
      const status = listed ? mapStatus(APISPORTS_STATUS.lq, listed.status.short, w.m.status) : w.m.status;
      // Before tip-off there is no box; a postponed or cancelled game never has one.
      const over = isFinished('lq', status);
      if (!over && !isLive('lq', status)) continue;
      if (over && now - w.m.ot * 1000 > FINISHED_WINDOW_MS) continue;
      // The read after the end waits as long as a live one: the provider's last figures settle.
      if (now - (readAt.get(id) ?? -Infinity) < BOX_EVERY_MS) continue;
      due.push({ m: w.m, over, live: !over });
    }
    due.sort((a, b) => Number(b.live) - Number(a.live));
    for (const { m, over } of due.slice(0, BOX_PER_CYCLE)) {
      // Keep the minute's last calls for the live statistics.
      if (deps.leftNow() <= 2) break;
      const p = providerOf(m.id)!;
      // An endpoint the plan lacks, or a bad answer, costs this game's box only: the cycle's
      // statistics and extras still run, and the game is asked again a read interval later.
      const rows = await deps.call(BOX_PATH, { id: p.providerId }).catch((err: unknown) => {
        console.error('api-sports box score failed', (err as Error).message ?? err);
        return undefined;
      });
      if (rows === null) break;
      readAt.set(m.id, deps.now());
      if (!rows) continue;
      const home = providerOf(m.homeId);
      const away = providerOf(m.awayId);
      const u =
        home && away ? basketballBox(p.providerId, home.providerId, away.providerId, rows, deps.nextRev()) : null;
      if (u) await deps.ingest.apply([u]);
      if (over) {
        final.add(m.id);
        watched.delete(m.id);
      }
    }
  }

  return { watch, run };
}

export type BoxPoller = ReturnType<typeof createBoxPoller>;
