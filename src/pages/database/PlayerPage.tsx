/** /database/player/zq?id= and /database/player/lq?id=: a player's profile and season stats. */
import { Link } from 'wouter';
import { useCoreRequest } from '../../core/index';
import { DatabasePaths } from '../../../workers/protocol/api/database';
import type { PlayerPage as PlayerBody, Sport } from '../../../workers/protocol/index';
import { DB_TEXT } from '../../components/database/strings';
import { paths } from '../../app/paths';
import { DbHead, Loaded } from './parts';

const perGame = (total: number, games: number): string => (games === 0 ? '0' : (total / games).toFixed(1));

export function PlayerPage({ id, sport }: { id: number; sport: Sport }) {
  const state = useCoreRequest<PlayerBody>({ path: DatabasePaths.player, params: { id } });
  const wrongSport = state.data !== null && state.data.sport !== sport;
  const t = DB_TEXT.player;
  return (
    <div className="lv-page db-page">
      <DbHead
        title={state.data?.name ?? DB_TEXT.title}
        back={state.data ? paths.dbTeam(sport, state.data.teamId) : paths.database(sport)}
      />
      <Loaded state={wrongSport ? { ...state, data: null, code: 4004 } : state}>
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
                <dl className="db-stat-grid">
                  <div>
                    <dt>{t.number}</dt>
                    <dd>{p.number}</dd>
                  </div>
                  <div>
                    <dt>{t.position}</dt>
                    <dd>{p.position}</dd>
                  </div>
                  <div>
                    <dt>{t.age}</dt>
                    <dd>{DB_TEXT.ageYears(p.age)}</dd>
                  </div>
                </dl>
              </section>
              <section className="lv-section">
                <h4>{t.seasonStats}</h4>
                <dl className="db-stat-grid" data-player-stats>
                  {cells.map(([k, v]) => (
                    <div key={k}>
                      <dt>{k}</dt>
                      <dd>{v}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            </>
          );
        }}
      </Loaded>
    </div>
  );
}
