/** The match an article is about, live from the core's match stream, with the 演示数据 note. */
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { MatchView } from '../../core/index';
import { paths } from '../../app/paths';
import { RowLink } from '../../components/live/RowLink';
import { NEWS_PAGE_TEXT as T } from './strings';

export function RelatedMatch({ match, demo }: { match: MatchView | null | undefined; demo: boolean }) {
  if (!match)
    return (
      <p className="nw-match nw-state" role="status">
        {T.matchLoading}
      </p>
    );
  const href = match.sport === 'lq' ? paths.lqDetail(match.id) : paths.zqDetail(match.id);
  const clock =
    match.sport === 'zq'
      ? /^\d+$/.test(match.minuteText)
        ? `${match.minuteText}'`
        : match.minuteText
      : match.clockText;
  // The whole card opens the match (the score in the middle is its keyboard link); the league and
  // the team names are links of their own.
  return (
    <div className="nw-match" data-match-id={match.id} onClick={() => navigate(href)}>
      <span className="nw-match__league">
        <RowLink href={paths.dbLeague(match.sport, match.li)} className="nw-match__link" data-league-link={match.li}>
          {match.leagueName}
        </RowLink>
        {demo && (
          <span className="nw-badge nw-badge--demo" title={T.demoNote}>
            {T.demo}
          </span>
        )}
      </span>
      <RowLink
        href={paths.dbTeam(match.sport, match.home.id)}
        className="nw-match__team nw-match__link"
        data-team-link={match.home.id}
      >
        {match.home.name}
      </RowLink>
      <Link
        href={href}
        className="nw-match__mid nw-match__link"
        aria-label={`${T.relatedMatch} ${match.home.name} ${T.vs} ${match.away.name}`}
        onClick={(e) => e.stopPropagation()}
      >
        {match.isUpcoming ? (
          <span className="nw-match__time">{match.openTimeText}</span>
        ) : (
          <b data-score>{`${match.score[0]}-${match.score[1]}`}</b>
        )}
        <small>{match.isLive && clock ? clock : match.statusText}</small>
      </Link>
      <RowLink
        href={paths.dbTeam(match.sport, match.away.id)}
        className="nw-match__team nw-match__link"
        data-team-link={match.away.id}
      >
        {match.away.name}
      </RowLink>
    </div>
  );
}
