/**
 * /database/detail?id= (football) and /database/detail/lq?id= (basketball): a league's table
 * (total / home / away, live through the core), its schedule by round and its player boards.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { useCoreRequest, useStandings } from '../../core/index';
import { DatabasePaths } from '../../../workers/protocol/api/database';
import type { LeagueInfo, LeagueLeaders, LeagueSchedule, Sport, StandingsScope } from '../../../workers/protocol/index';
import { DB_TEXT } from '../../components/database/strings';
import { DbTableHead, StandingsView } from '../../components/database/StandingsView';
import { BracketView } from '../../components/database/BracketView';
import { paths } from '../../app/paths';
import { Loaded, MatchRows, RecordPage, useSportRecord } from './parts';
import { TabList } from '../../components/TabList';
import { roundSteps } from './round-steps';

type Tab = 'standings' | 'schedule' | 'leaders';

function TableTab({ league }: { league: LeagueInfo }) {
  const [scope, setScope] = useState<StandingsScope>('total');
  const value = useStandings(league.id, league.sport, scope);
  const state = {
    data: value?.standings ?? null,
    loading: !value || value.loading,
    msg: value?.msg ?? '',
    code: value?.code ?? null,
  };
  // A knockout-only cup (足总杯 …) has no table: its rounds, as drawn and played.
  if (league.cup && !league.leaguePhase)
    return (
      <Loaded state={state}>
        {(table) =>
          table.bracket ? (
            <BracketView bracket={table.bracket} teamHref={(id) => paths.dbTeam(league.sport, id)} />
          ) : (
            <p className="lv-empty">{DB_TEXT.noTable}</p>
          )
        }
      </Loaded>
    );
  return (
    <>
      {league.window && !league.window.running && (
        <p className="db-season-note" role="note">
          {DB_TEXT.offSeason(league.window.last, league.window.next)}
        </p>
      )}
      <div className="db-scopes" role="group" aria-label={DB_TEXT.tabs.standings}>
        {(['total', 'home', 'away'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={s === scope ? 'on' : ''}
            aria-pressed={s === scope}
            onClick={() => setScope(s)}
          >
            {DB_TEXT.scopes[s]}
          </button>
        ))}
      </div>
      <Loaded state={state}>
        {(table) => <StandingsView table={table} teamHref={(id) => paths.dbTeam(league.sport, id)} />}
      </Loaded>
    </>
  );
}

function ScheduleTab({ league }: { league: LeagueInfo }) {
  const [round, setRound] = useState<number | null>(null);
  const state = useCoreRequest<LeagueSchedule>({
    path: DatabasePaths.schedule,
    params: { id: league.id },
    query: round === null ? {} : { round },
  });
  return (
    <Loaded state={state}>
      {(s) => {
        const { current, prev, next } = roundSteps(s.rounds, s.round);
        return (
          <>
            <div className="db-round-bar">
              <button type="button" disabled={!prev} onClick={() => prev && setRound(prev.round)}>
                ‹ {DB_TEXT.prevRound}
              </button>
              <b aria-live="polite">
                {current?.name ?? DB_TEXT.round(s.round)} {current?.day ?? ''}
              </b>
              <button type="button" disabled={!next} onClick={() => next && setRound(next.round)}>
                {DB_TEXT.nextRound} ›
              </button>
            </div>
            <MatchRows matches={s.matches} empty={DB_TEXT.noMatches} />
          </>
        );
      }}
    </Loaded>
  );
}

function LeadersTab({ league }: { league: LeagueInfo }) {
  const state = useCoreRequest<LeagueLeaders>({ path: DatabasePaths.leaders, params: { id: league.id } });
  return (
    <Loaded state={state}>
      {(l) =>
        l.boards.map((b) => (
          <section key={b.key} className="lv-section">
            <h4>{DB_TEXT.boards[b.key] ?? b.key}</h4>
            {b.rows.length === 0 ? (
              <p className="lv-empty">{DB_TEXT.noLeaders}</p>
            ) : (
              <table className="db-table">
                <DbTableHead
                  name={DB_TEXT.leaderHead.player}
                  rest={[DB_TEXT.leaderHead.team, DB_TEXT.leaderHead.value, DB_TEXT.leaderHead.games]}
                />
                <tbody>
                  {b.rows.map((r) => (
                    <tr key={r.playerId} data-player-id={r.playerId}>
                      <td>{r.rank}</td>
                      <td className="db-team-col">
                        <Link href={paths.dbPlayer(l.sport, r.playerId)}>{r.name}</Link>
                      </td>
                      <td>
                        <Link href={paths.dbTeam(l.sport, r.teamId)}>{r.teamName}</Link>
                      </td>
                      <td className="db-pts">{r.value}</td>
                      <td>{r.games}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        ))
      }
    </Loaded>
  );
}

export function LeaguePage({ id, sport }: { id: number; sport: Sport }) {
  const [tab, setTab] = useState<Tab>('standings');
  const info = useSportRecord<LeagueInfo>(DatabasePaths.league, id, sport);
  return (
    <RecordPage record={info} backOf={() => paths.database(sport)}>
      {(league) => (
        <>
          <p className="db-subhead">
            {league.region} · {DB_TEXT.season(league.season)}
            {league.leaguePhase ? ` · ${DB_TEXT.leaguePhase(league.leaguePhase)}` : ''}
            {league.cup && !league.leaguePhase ? ` · ${DB_TEXT.cupFormat(league.teamCount)}` : ''}
          </p>
          <TabList
            tabs={['standings', 'schedule', 'leaders'] as const}
            value={tab}
            onChange={setTab}
            labelOf={(t) => (t === 'standings' && league.cup && !league.leaguePhase ? DB_TEXT.cupTab : DB_TEXT.tabs[t])}
            className="lv-tabs"
          />
          <div role="tabpanel">
            {tab === 'standings' && <TableTab league={league} />}
            {tab === 'schedule' && <ScheduleTab league={league} />}
            {tab === 'leaders' && <LeadersTab league={league} />}
          </div>
        </>
      )}
    </RecordPage>
  );
}
