/**
 * The match an article is about, live from the core's match stream, with the 演示数据 note.
 * The league name and each team (crest and name) open their database pages, the score in the
 * middle opens the match, and so does the rest of the card; each link is a 44 px tap target.
 */
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { MatchView } from '../../core/index';
import { paths } from '../../app/paths';
import { RowLink } from '../../components/live/RowLink';
import { LIVE_TEXT } from '../../components/live/strings';
import { NEWS_PAGE_TEXT as T } from './strings';
import '../../components/news/related-match.css';

function Team({ match, side }: { match: MatchView; side: 'home' | 'away' }) {
  const team = match[side];
  return (
    <RowLink
      href={paths.dbTeam(match.sport, team.id)}
      className="nw-match__team nw-match__link"
      label={`${team.name} ${LIVE_TEXT.teamPage}`}
      data-team-link={team.id}
    >
      <img className="nw-match__crest" src={team.logo} alt="" width={28} height={28} loading="lazy" />
      <span>{team.name}</span>
    </RowLink>
  );
}

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
    <div className="nw-match nw-match--links" data-match-id={match.id} onClick={() => navigate(href)}>
      <span className="nw-match__league">
        <RowLink
          href={paths.dbLeague(match.sport, match.li)}
          className="nw-match__link nw-match__league-link"
          label={`${match.leagueName} ${LIVE_TEXT.leaguePage}`}
          data-league-link={match.li}
        >
          {match.leagueName}
        </RowLink>
        {demo && (
          <span className="nw-badge nw-badge--demo" title={T.demoNote}>
            {T.demo}
          </span>
        )}
      </span>
      <Team match={match} side="home" />
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
      <Team match={match} side="away" />
    </div>
  );
}
