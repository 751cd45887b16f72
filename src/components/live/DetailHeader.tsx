/** Match detail header: league, state, open time, teams with crests, score, minute (+ quarters). */
import { Link } from 'wouter';
import type { MatchView } from '../../core/index';
import { paths } from '../../app/paths';
import { hasScore, matchClock } from './match-state';
import { spriteSrc } from '../LazyImage';

export function DetailHeader({ match, openTimeText }: { match: MatchView; openTimeText: string }) {
  const clock = matchClock(match);
  const started = hasScore(match);
  // Both crests in one request (issue 29: at most 30 on the first view).
  const crests = [match.home.logo, match.away.logo];
  return (
    <div className="lv-detail-match" data-match-id={match.id} data-live={match.isLive ? '1' : '0'}>
      <div className="lv-detail-meta">
        <Link href={paths.dbLeague(match.sport, match.li)} className="lv-detail-link">
          {match.leagueName}
        </Link>
        {' · '}
        <span>{openTimeText}</span>
      </div>
      <div className="lv-detail-teams">
        <Link href={paths.dbTeam(match.sport, match.home.id)} className="lv-detail-team lv-detail-link">
          <img src={spriteSrc(match.home.logo, crests)} alt="" width={44} height={44} decoding="async" />
          <span>{match.home.name}</span>
        </Link>
        <div className="lv-detail-score">
          <div className="lv-detail-state" data-status>
            {match.statusText}
            {clock && ` ${clock}`}
          </div>
          <div
            data-score
            className={started ? '' : 'lv-score-pending score-vs'}
            aria-label={started ? undefined : 'VS'}
          >
            {match.score[0]}-{match.score[1]}
          </div>
          {match.sport === 'zq' && match.half && (
            <div className="lv-detail-sub">
              半场 {match.half[0]}-{match.half[1]}
            </div>
          )}
        </div>
        <Link href={paths.dbTeam(match.sport, match.away.id)} className="lv-detail-team lv-detail-link">
          <img src={spriteSrc(match.away.logo, crests)} alt="" width={44} height={44} decoding="async" />
          <span>{match.away.name}</span>
        </Link>
      </div>
      {match.sport === 'lq' && match.quarters.length > 0 && (
        <table className="lv-quarters" data-quarters>
          <thead>
            <tr>
              <th></th>
              {match.quarters.map((_, i) => (
                <th key={i}>{i < 4 ? `${'一二三四'[i]}节` : `加时${i - 3}`}</th>
              ))}
              <th>总分</th>
            </tr>
          </thead>
          <tbody>
            {(['home', 'away'] as const).map((side, s) => (
              <tr key={side}>
                <th>{match[side].name}</th>
                {match.quarters.map((q, i) => (
                  <td key={i}>{q[s]}</td>
                ))}
                <td>
                  <b>{match.score[s]}</b>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
