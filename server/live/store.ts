/** Reads and writes the live model (live_matches and its history tables) in bulk, whatever the source. */
import { CompiledQuery, sql, type Selectable } from 'kysely';
import { isEmbedded, type Db } from '../db/index';
import type { LiveTables } from '../db/tables/live';
import type { Sport } from '../../workers/protocol/index';
import type { FeedOutput, LiveMatch } from './model';
import { leaguesForgotten, matchesWritten } from '../database/league-tables';

type MatchRow = Selectable<LiveTables['live_matches']>;

export function rowToMatch(row: MatchRow): LiveMatch {
  const state = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as LiveMatch['st'];
  return {
    id: row.id,
    sport: row.sport as Sport,
    leagueId: row.league_id,
    homeId: row.home_id,
    awayId: row.away_id,
    day: row.day,
    ot: Number(row.ot),
    status: row.status,
    score: [row.score_h, row.score_a],
    jc: row.jc,
    bd: row.bd,
    jx: row.jx,
    hot: row.hot,
    hasVideo: row.has_video,
    type: row.type,
    st: state,
    updatedAt: row.updated_at,
  };
}

/** A match as its live_matches record (the state as an object: the whole record is serialised once). */
function matchRecord(m: LiveMatch) {
  return {
    id: m.id,
    sport: m.sport,
    league_id: m.leagueId,
    home_id: m.homeId,
    away_id: m.awayId,
    day: m.day,
    ot: m.ot,
    status: m.status,
    score_h: m.score[0],
    score_a: m.score[1],
    jc: m.jc,
    bd: m.bd,
    jx: m.jx,
    hot: m.hot,
    has_video: m.hasVideo,
    type: m.type,
    state: m.st,
    updated_at: m.updatedAt,
  };
}

const CHUNK = 5000;

/** One table's rows to insert through one JSON parameter, and what to do on a conflict. */
interface InsertPart {
  table: string;
  columns: ReadonlyArray<readonly [string, string]>;
  rows: readonly object[];
  conflict: string;
}

/**
 * Text as a dollar-quoted literal: nothing inside is read until the closing tag, which is chosen
 * so that the text does not contain it.
 */
export function dollarQuoted(text: string): string {
  let tag = '$j$';
  for (let i = 0; text.includes(tag); i++) tag = `$j${i}$`;
  return `${tag}${text}${tag}`;
}

/**
 * One insert statement taking its rows as one JSON document (`jsonb_to_recordset`), here `doc`:
 * far faster than multi-row VALUES on PGlite, and no parameter-count limit. Column names and types
 * are constants here.
 */
function insertSql(p: InsertPart, doc: string): string {
  const cols = p.columns.map(([c]) => `"${c}"`).join(', ');
  const defs = p.columns.map(([c, t]) => `"${c}" ${t}`).join(', ');
  return `insert into "${p.table}" (${cols}) select ${cols} from jsonb_to_recordset(${doc}::jsonb) as x(${defs}) ${p.conflict}`;
}

/** Per embedded database: the write statements prepared there, by their text. */
const preparedWrites = new WeakMap<object, Map<string, Promise<string>>>();

/** The name of `text` prepared on this embedded database (prepared the first time). */
function preparedWrite(db: Db, text: string): Promise<string> {
  let names = preparedWrites.get(db);
  if (!names) {
    names = new Map();
    preparedWrites.set(db, names);
  }
  let name = names.get(text);
  if (!name) {
    const n = `qs_write_${names.size}`;
    const map = names;
    name = sql
      .raw(`prepare ${n} as ${text}`)
      .execute(db)
      .then(
        () => n,
        (err: unknown) => {
          map.delete(text);
          throw err;
        },
      );
    names.set(text, name);
  }
  return name;
}

/**
 * Writes the parts together. When each fits one chunk (a tick of the feed, a goal): one statement,
 * the parts as data-modifying CTEs — atomic by itself, one round trip instead of a transaction's
 * begin, one statement per table and commit. On PGlite that statement is prepared once per shape
 * and executed with its documents as literals (the simple protocol, server/db/pglite-dialect.ts):
 * parsing and planning it each time was most of a goal's database CPU there. Larger writes (a
 * first start's catch-up) go in chunks inside one transaction.
 */
async function writeParts(db: Db, parts: readonly InsertPart[]): Promise<void> {
  const full = parts.filter((p) => p.rows.length > 0);
  if (full.length === 0) return;
  if (full.every((p) => p.rows.length <= CHUNK)) {
    const stmts = full.map((p, i) => insertSql(p, `$${i + 1}`));
    const last = stmts.pop()!;
    const text = stmts.length ? `with ${stmts.map((st, i) => `w${i} as (${st})`).join(', ')} ${last}` : last;
    const docs = full.map((p) => JSON.stringify(p.rows));
    if (isEmbedded(db)) {
      const name = await preparedWrite(db, text);
      await sql.raw(`execute ${name}(${docs.map(dollarQuoted).join(', ')})`).execute(db);
    } else await db.executeQuery(CompiledQuery.raw(text, docs));
    return;
  }
  await db.transaction().execute(async (trx) => {
    for (const p of full)
      for (let i = 0; i < p.rows.length; i += CHUNK)
        await trx.executeQuery(CompiledQuery.raw(insertSql(p, '$1'), [JSON.stringify(p.rows.slice(i, i + CHUNK))]));
  });
}

const MATCH_COLUMNS = [
  ['id', 'int'],
  ['sport', 'text'],
  ['league_id', 'int'],
  ['home_id', 'int'],
  ['away_id', 'int'],
  ['day', 'text'],
  ['ot', 'double precision'],
  ['status', 'int'],
  ['score_h', 'int'],
  ['score_a', 'int'],
  ['jc', 'text'],
  ['bd', 'boolean'],
  ['jx', 'boolean'],
  ['hot', 'boolean'],
  ['has_video', 'boolean'],
  ['type', 'int'],
  ['state', 'jsonb'],
  ['updated_at', 'double precision'],
] as const;

/** Inserts new fixtures; existing ids are left alone (idempotent). */
export async function insertMatches(db: Db, matches: readonly LiveMatch[]): Promise<void> {
  await writeParts(db, [
    {
      table: 'live_matches',
      columns: MATCH_COLUMNS,
      rows: matches.map(matchRecord),
      conflict: 'on conflict (id) do nothing',
    },
  ]);
  // A stored id keeps its row, so what the tables count is not known here: read again when asked.
  leaguesForgotten(
    db,
    matches.map((m) => m.leagueId),
  );
}

/** Writes changed matches and what happened to them, all or nothing. */
export async function saveOutput(db: Db, matches: readonly LiveMatch[], out: FeedOutput): Promise<void> {
  if (matches.length === 0 && out.incidents.length === 0 && out.texts.length === 0 && out.odds.length === 0) return;
  await writeParts(db, [
    {
      table: 'live_matches',
      columns: MATCH_COLUMNS,
      rows: matches.map(matchRecord),
      conflict:
        'on conflict (id) do update set day = excluded.day, ot = excluded.ot, status = excluded.status, jc = excluded.jc, bd = excluded.bd, score_h = excluded.score_h, score_a = excluded.score_a, state = excluded.state, updated_at = excluded.updated_at',
    },
    {
      table: 'live_incidents',
      columns: [
        ['id', 'text'],
        ['match_id', 'int'],
        ['sport', 'text'],
        ['type', 'text'],
        ['side', 'text'],
        ['minute', 'int'],
        ['stoppage', 'int'],
        ['text', 'text'],
        ['score_h', 'int'],
        ['score_a', 'int'],
        ['state', 'int'],
        ['at', 'double precision'],
      ],
      // An incident corrected within the same step (a goal and its VAR take-back) is stored once, as it ends.
      rows: [...new Map(out.incidents.map((i) => [i.id, i])).values()].map((i) => ({
        id: i.id,
        match_id: i.matchId,
        sport: i.sport,
        type: i.type,
        side: i.side,
        minute: i.minute,
        stoppage: i.stoppage ?? 0,
        text: i.text,
        score_h: i.score[0],
        score_a: i.score[1],
        state: i.state,
        at: i.at,
      })),
      // An incident stored again under its id is a correction (a goal taken back): it replaces the row.
      conflict:
        'on conflict (id) do update set type = excluded.type, text = excluded.text, score_h = excluded.score_h, score_a = excluded.score_a',
    },
    {
      table: 'live_text',
      columns: [
        ['id', 'text'],
        ['match_id', 'int'],
        ['minute', 'int'],
        ['stoppage', 'int'],
        ['text', 'text'],
        ['type', 'text'],
        ['at', 'double precision'],
      ],
      rows: out.texts.map((t) => ({
        id: t.id,
        match_id: t.matchId,
        minute: t.minute,
        stoppage: t.stoppage ?? 0,
        text: t.text,
        type: t.type,
        at: t.at,
      })),
      conflict: 'on conflict (id) do nothing',
    },
    {
      table: 'live_odds',
      columns: [
        ['match_id', 'int'],
        ['type', 'int'],
        ['company_id', 'int'],
        ['left', 'double precision'],
        ['middle', 'double precision'],
        ['right', 'double precision'],
        ['at', 'double precision'],
      ],
      rows: out.odds.map((o) => ({
        match_id: o.matchId,
        type: o.type,
        company_id: o.companyId,
        left: o.left,
        middle: o.middle,
        right: o.right,
        at: o.at,
      })),
      conflict: '',
    },
  ]);
  // Standings follow scores and statuses only: an odds or stats move leaves the tables alone; a
  // goal, its VAR take-back, full time or a match no longer counted moves its two teams' rows.
  const results = out.results;
  matchesWritten(db, results ? matches.filter((m) => results.has(m.id)) : matches);
}

/** Meta key of the Beijing days the simulator has filled, sorted (./past-results.ts reads the first). */
export const FEED_DAYS_KEY = 'days';

export async function loadMeta<T extends Record<string, unknown>>(db: Db, key: string): Promise<T | null> {
  const row = await db.selectFrom('live_feed_meta').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return null;
  return (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as T;
}

export async function saveMeta(db: Db, key: string, value: Record<string, unknown>): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('live_feed_meta')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}
