/**
 * A league table (props only). DOM contract: each table element carries `data-standings`, each
 * row `data-team-id`; a conference's table sits in a section with `data-group` (its name). A team in play is marked, and a team that moved against the table of
 * finished matches shows an arrow (named for screen readers).
 */
import { Link } from 'wouter';
import type { Standings, StandingsRow } from '../../../workers/protocol/index';
import { DB_TEXT } from './strings';
import { BracketView } from './BracketView';

function Move({ n }: { n: number }) {
  if (n === 0) return null;
  const up = n > 0;
  return (
    <span
      className={up ? 'db-move db-up' : 'db-move db-down'}
      data-move={n}
      aria-label={up ? DB_TEXT.moveUp(n) : DB_TEXT.moveDown(-n)}
    >
      {up ? '▲' : '▼'}
    </span>
  );
}

function Form({ form }: { form: StandingsRow['form'] }) {
  return (
    <span className="db-form">
      {form.map((f, i) => (
        <i key={i} className={`db-form-${f}`}>
          {DB_TEXT.form[f]}
        </i>
      ))}
    </span>
  );
}

/** A database table's column heads: the rank, the name column (left-aligned), then the rest. */
export function DbTableHead({ name, rest }: { name: string; rest: readonly string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{DB_TEXT.head.rank}</th>
        <th scope="col" className="db-team-col">
          {name}
        </th>
        {rest.map((h) => (
          <th key={h} scope="col">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function Table({
  table,
  rows,
  teamHref,
}: {
  table: Standings;
  rows: StandingsRow[];
  teamHref: (teamId: number) => string;
}) {
  const lq = table.sport === 'lq';
  return (
    <table className="db-table" data-standings aria-live="polite">
      <DbTableHead
        name={DB_TEXT.head.team}
        rest={[
          DB_TEXT.head.played,
          DB_TEXT.head.win,
          ...(lq ? [] : [DB_TEXT.head.draw]),
          DB_TEXT.head.loss,
          lq ? DB_TEXT.head.points : DB_TEXT.head.goals,
          DB_TEXT.head.diff,
          lq ? DB_TEXT.head.pct : DB_TEXT.head.pts,
          DB_TEXT.head.form,
        ]}
      />
      <tbody>
        {rows.map((r) => (
          <tr key={r.teamId} data-team-id={r.teamId} className={r.zone ? `db-zone-${r.zone}` : undefined}>
            <td className="db-rank">
              {r.rank}
              <Move n={r.move} />
            </td>
            <td className="db-team-col">
              <Link href={teamHref(r.teamId)} className="db-team">
                <img src={r.logo} alt="" width={18} height={18} />
                <span>{r.teamName}</span>
                {r.playing && (
                  <em className="db-playing" aria-label={DB_TEXT.playingNow}>
                    ●
                  </em>
                )}
              </Link>
            </td>
            <td>{r.played}</td>
            <td>{r.win}</td>
            {!lq && <td>{r.draw}</td>}
            <td>{r.loss}</td>
            <td>
              {r.goalsFor}/{r.goalsAgainst}
            </td>
            <td>{r.goalDiff > 0 ? `+${r.goalDiff}` : r.goalDiff}</td>
            <td className="db-pts">{lq ? `${((r.winPct ?? 0) * 100).toFixed(1)}%` : r.points}</td>
            <td>
              <Form form={r.form} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The table as the real competition shows it: one table, or one per conference (each a section
 * headed by its name, `data-group`), a league phase with its note on who goes through.
 */
export function StandingsView({ table, teamHref }: { table: Standings; teamHref: (teamId: number) => string }) {
  const rows = table.groups ? table.groups.flatMap((g) => g.rows) : table.rows;
  const zones = [...new Set(rows.map((r) => r.zone).filter((z) => z !== null))];
  return (
    <>
      {table.live && (
        <p className="db-live-note" role="status">
          {DB_TEXT.liveNote}
        </p>
      )}
      {table.shape === 'leaguePhase' && <p className="db-phase-note">{DB_TEXT.leaguePhaseNote}</p>}
      {table.groups ? (
        table.groups.map((g) => (
          <section key={g.name} className="db-group" data-group={g.name} aria-label={g.name}>
            <h3 className="db-group-name">{g.name}</h3>
            <Table table={table} rows={g.rows} teamHref={teamHref} />
          </section>
        ))
      ) : (
        <Table table={table} rows={table.rows} teamHref={teamHref} />
      )}
      {zones.length > 0 && (
        <ul className="db-zones">
          {zones.map((z) => (
            <li key={z} className={`db-zone-${z}`}>
              {DB_TEXT.zones[z][table.sport]}
            </li>
          ))}
        </ul>
      )}
      {table.bracket && <BracketView bracket={table.bracket} teamHref={teamHref} />}
    </>
  );
}
