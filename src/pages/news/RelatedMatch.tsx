/** The match an article is about, live from the core's match stream, with the 演示数据 note. */
import { Link } from 'wouter';
import type { MatchView } from '../../core/index';
import { paths } from '../../app/paths';
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
  return (
    <Link
      href={href}
      className="nw-match"
      data-match-id={match.id}
      aria-label={`${T.relatedMatch} ${match.home.name} ${T.vs} ${match.away.name}`}
    >
      <span className="nw-match__league">
        {match.leagueName}
        {demo && (
          <span className="nw-badge nw-badge--demo" title={T.demoNote}>
            {T.demo}
          </span>
        )}
      </span>
      <span className="nw-match__team">{match.home.name}</span>
      <span className="nw-match__mid">
        {match.isUpcoming ? (
          <span className="nw-match__time">{match.openTimeText}</span>
        ) : (
          <b data-score>{`${match.score[0]}-${match.score[1]}`}</b>
        )}
        <small>{match.isLive && clock ? clock : match.statusText}</small>
      </span>
      <span className="nw-match__team">{match.away.name}</span>
    </Link>
  );
}
