/** /database/team/zq?id= and /database/team/lq?id=: a team's squad, results, next matches, stats. */
import { useState } from 'react';
import { Link } from 'wouter';
import { DatabasePaths } from '../../../workers/protocol/api/database';
import type { Sport, TeamPage as TeamBody } from '../../../workers/protocol/index';
import { DB_TEXT } from '../../components/database/strings';
import { paths } from '../../app/paths';
import { MatchRows, RecordPage, StatGrid, useSportRecord } from './parts';
import { TabList } from '../../components/TabList';

type Tab = 'stats' | 'results' | 'upcoming' | 'squad';

function Stats({ team }: { team: TeamBody }) {
  const s = team.standing;
  if (!s) return <p className="lv-empty">{DB_TEXT.noLeaders}</p>;
  const lq = team.sport === 'lq';
  const cells: Array<[string, string | number]> = [
    [DB_TEXT.head.rank, s.rank],
    [DB_TEXT.head.played, s.played],
    [DB_TEXT.head.win, s.win],
    ...(lq ? [] : ([[DB_TEXT.head.draw, s.draw]] as Array<[string, number]>)),
    [DB_TEXT.head.loss, s.loss],
    [lq ? DB_TEXT.head.points : DB_TEXT.head.goals, `${s.goalsFor}/${s.goalsAgainst}`],
    [lq ? DB_TEXT.head.pct : DB_TEXT.head.pts, lq ? `${((s.winPct ?? 0) * 100).toFixed(1)}%` : s.points],
  ];
  return (
    <section className="lv-section">
      <StatGrid cells={cells} />
      <p className="db-form-line">
        {DB_TEXT.head.form}：
        {s.form.map((f, i) => (
          <i key={i} className={`db-form-${f}`}>
            {DB_TEXT.form[f]}
          </i>
        ))}
      </p>
    </section>
  );
}

export function TeamPage({ id, sport }: { id: number; sport: Sport }) {
  const [tab, setTab] = useState<Tab>('stats');
  const state = useSportRecord<TeamBody>(DatabasePaths.team, id, sport);
  return (
    <RecordPage record={state} backOf={(t) => (t ? paths.dbLeague(sport, t.leagueId) : paths.database(sport))}>
      {(team) => (
        <>
          <div className="db-team-head">
            <img src={team.logo} alt="" width={56} height={56} />
            <div>
              <h2>{team.name}</h2>
              <p>
                {DB_TEXT.league}：<Link href={paths.dbLeague(team.sport, team.leagueId)}>{team.leagueName}</Link>
                {team.standing &&
                  ` · ${DB_TEXT.tableRow(team.standing.rank, team.standing.points, team.sport === 'lq')}`}
              </p>
            </div>
          </div>
          <TabList
            tabs={['stats', 'results', 'upcoming', 'squad'] as const}
            value={tab}
            onChange={setTab}
            labelOf={(t) => DB_TEXT.teamTabs[t]}
            className="lv-tabs"
          />
          <div role="tabpanel">
            {tab === 'stats' && <Stats team={team} />}
            {tab === 'results' && <MatchRows matches={team.results} empty={DB_TEXT.noResults} />}
            {tab === 'upcoming' && <MatchRows matches={team.upcoming} empty={DB_TEXT.noUpcoming} />}
            {tab === 'squad' && (
              <ul className="db-squad">
                {team.squad.map((p) => (
                  <li key={p.playerId}>
                    <Link href={paths.dbPlayer(team.sport, p.playerId)}>
                      <b>{p.number}</b>
                      <span>{p.name}</span>
                      <small>
                        {p.position} · {DB_TEXT.ageYears(p.age)}
                      </small>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </RecordPage>
  );
}
