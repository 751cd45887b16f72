/** /database/player/zq?id= and /database/player/lq?id=: a player's profile and season stats. */
import { Link } from 'wouter';
import { DatabasePaths } from '../../../workers/protocol/api/database';
import type { PlayerPage as PlayerBody, Sport } from '../../../workers/protocol/index';
import { DB_TEXT } from '../../components/database/strings';
import { paths } from '../../app/paths';
import { RecordPage, StatGrid, useSportRecord } from './parts';

const perGame = (total: number, games: number): string => (games === 0 ? '0' : (total / games).toFixed(1));

export function PlayerPage({ id, sport }: { id: number; sport: Sport }) {
  const state = useSportRecord<PlayerBody>(DatabasePaths.player, id, sport);
  const t = DB_TEXT.player;
  return (
    <RecordPage record={state} backOf={(p) => (p ? paths.dbTeam(sport, p.teamId) : paths.database(sport))}>
      {(p) => {
        const s = p.stats;
        const cells: Array<[string, string | number]> =
          p.sport === 'zq'
            ? [
                [t.games, s.games],
                [t.goals, s.goals ?? 0],
                [t.yellow, s.yellow ?? 0],
                [t.red, s.red ?? 0],
              ]
            : [
                [t.games, s.games],
                [`${t.perGame}${t.points}`, perGame(s.points ?? 0, s.games)],
                [`${t.perGame}${t.rebounds}`, perGame(s.rebounds ?? 0, s.games)],
                [`${t.perGame}${t.assists}`, perGame(s.assists ?? 0, s.games)],
              ];
        return (
          <>
            <div className="db-team-head">
              <span className="db-shirt" aria-hidden>
                {p.number}
              </span>
              <div>
                <h2>{p.name}</h2>
                <p>
                  <Link href={paths.dbTeam(p.sport, p.teamId)}>{p.teamName}</Link> ·{' '}
                  <Link href={paths.dbLeague(p.sport, p.leagueId)}>{p.leagueName}</Link>
                </p>
              </div>
            </div>
            <section className="lv-section">
              <StatGrid
                cells={[
                  [t.number, p.number],
                  [t.position, p.position],
                  [t.age, DB_TEXT.ageYears(p.age)],
                ]}
              />
            </section>
            <section className="lv-section">
              <h4>{t.seasonStats}</h4>
              <StatGrid cells={cells} hook="player-stats" />
            </section>
          </>
        );
      }}
    </RecordPage>
  );
}
