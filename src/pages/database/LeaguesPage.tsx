/** /database: leagues of a sport by region, popular ones first; each opens its league page. */
import { Link, useSearch } from 'wouter';
import { useCoreRequest } from '../../core/index';
import { DatabasePaths } from '../../../workers/protocol/api/database';
import type { LeagueRegion, Sport } from '../../../workers/protocol/index';
import { DB_TEXT } from '../../components/database/strings';
import { paths } from '../../app/paths';
import { Loaded } from './parts';

export function LeaguesPage() {
  const search = useSearch();
  const sport: Sport = new URLSearchParams(search).get('sport') === 'lq' ? 'lq' : 'zq';
  const state = useCoreRequest<LeagueRegion[]>({ path: DatabasePaths.leagues, query: { sport } });
  return (
    <div className="lv-page db-page">
      <header className="lv-head lv-sticky">
        <div className="lv-head-bar">
          <nav className="lv-sports" aria-label={DB_TEXT.title}>
            {(['zq', 'lq'] as const).map((s) => (
              <Link
                key={s}
                href={paths.database(s)}
                className={s === sport ? 'on' : ''}
                aria-current={s === sport ? 'page' : undefined}
              >
                {DB_TEXT.sports[s]}
              </Link>
            ))}
          </nav>
        </div>
      </header>
      <h1 className="visually-hidden">{DB_TEXT.title}</h1>
      <Loaded state={state}>
        {(regions) =>
          regions.length === 0 ? (
            <p className="lv-empty">{DB_TEXT.noLeagues}</p>
          ) : (
            regions.map((g) => (
              <section key={g.region} className="lv-section db-region">
                <h2>{g.region}</h2>
                <ul className="db-league-grid">
                  {g.leagues.map((l) => (
                    <li key={l.id}>
                      <Link href={paths.dbLeague(l.sport, l.id)} className="db-league" data-league-id={l.id}>
                        <span className="db-league-dot" style={{ background: l.color }} aria-hidden />
                        <b>{l.name}</b>
                        <small>
                          {l.cup ? DB_TEXT.cup : DB_TEXT.teams(l.teamCount)}
                          {l.major ? ` · ${DB_TEXT.popular}` : ''}
                        </small>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )
        }
      </Loaded>
    </div>
  );
}
