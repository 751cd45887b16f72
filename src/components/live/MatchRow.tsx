/**
 * One match row of a list (football or basketball). Props only: the page's container gives it
 * the core's `MatchView` (status text, minute text, flags all derived in the core).
 * The DOM contract: the row carries `data-match-id`, and the `data-score` element reads 'H-A'.
 *
 * Every control in the row is a real tap target of at least 44×44 px and none overlaps another
 * (the first-load rule): the left column (league, kick-off time) is one 64×76 link to the league
 * page, each team (cards, name, crest) a 44 px tall link to its team page, the star a 44×76
 * column on the right; the rest (the score, the status above it, the lines below) opens the match.
 */
import { memo, useRef } from 'react';
import type { MatchView } from '../../core/index';
import { readableOnWhite } from './league-color';
import { LIVE_TEXT } from './strings';
import { hasScore, matchClock } from './match-state';
import { paths } from '../../app/paths';
import { RowLink } from './RowLink';
import './match-row.css';
import { LazyImage } from '../LazyImage';

export const MATCH_ROW_HEIGHT = 76;

export interface MatchRowProps {
  match: MatchView;
  /** Show league ranking beside team names (settings pmChecked). */
  showRank?: boolean;
  onToggleFollow?: (match: MatchView) => void;
  onOpen?: (match: MatchView) => void;
}

function Cards({ red, yellow }: { red: number; yellow: number }) {
  return (
    <>
      {red > 0 && (
        <span className="lv-card lv-card-red" data-red aria-label={`红牌${red}`}>
          {red}
        </span>
      )}
      {yellow > 0 && (
        <span className="lv-card lv-card-yellow" data-yellow aria-label={`黄牌${yellow}`}>
          {yellow}
        </span>
      )}
    </>
  );
}

function TeamName({ name, rank, showRank }: { name: string; rank: number | null; showRank: boolean }) {
  return (
    <span className="lv-team-name" data-long={name.length > 8 ? '' : undefined}>
      {showRank && rank !== null && <span className="lv-rank">[{rank}]</span>}
      {name}
    </span>
  );
}

/** Flash only for score changes seen while this row is on screen, not on a remount. */
function useFlashKey(scoreChangedAt: number): number {
  const mountedAt = useRef(scoreChangedAt);
  return scoreChangedAt > mountedAt.current ? scoreChangedAt : 0;
}

function MatchRowImpl({ match, showRank = false, onToggleFollow, onOpen }: MatchRowProps) {
  const flashKey = useFlashKey(match.scoreChangedAt);
  const scoreText = `${match.score[0]}-${match.score[1]}`;
  const started = hasScore(match);
  // Postponed, abandoned and cancelled rows sit with the finished ones (they are not upcoming).
  const stateClass = match.isLive ? 'is-live' : match.isUpcoming ? 'is-upcoming' : 'is-finished';
  const clock = matchClock(match);
  return (
    <div
      className={`lv-row lv-mrow ${stateClass}`}
      data-match-id={match.id}
      data-live={match.isLive ? '1' : '0'}
      style={{ height: MATCH_ROW_HEIGHT }}
      role="link"
      tabIndex={0}
      onClick={() => onOpen?.(match)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen?.(match);
      }}
    >
      <RowLink
        href={paths.dbLeague(match.sport, match.li)}
        className="lv-lg"
        label={`${match.leagueName} ${LIVE_TEXT.leaguePage}`}
        data-league-link={match.li}
      >
        <span className="lv-league" style={{ color: readableOnWhite(match.leagueColor) }}>
          {match.leagueName}
        </span>
        <span className="lv-time">{match.openTimeText}</span>
        {match.sport === 'zq' && match.jc && <span className="lv-jc">{match.jc}</span>}
      </RowLink>
      <div className="lv-row-top">
        <span className="lv-status" data-status>
          {match.statusText}
        </span>
        {clock && (
          <span className="lv-minute" data-minute>
            {clock.endsWith("'") ? (
              <>
                {clock.slice(0, -1)}
                <i className="lv-tick">'</i>
              </>
            ) : (
              clock
            )}
          </span>
        )}
      </div>
      <RowLink
        href={paths.dbTeam(match.sport, match.home.id)}
        className="lv-side lv-home lv-team-link"
        label={`${match.home.name} ${LIVE_TEXT.teamPage}`}
        data-team-link={match.home.id}
      >
        {match.sport === 'zq' && <Cards red={match.red[0]} yellow={match.yellow[0]} />}
        <TeamName name={match.home.name} rank={match.home.rank} showRank={showRank} />
        <LazyImage className="lv-crest" src={match.home.logo} width={20} height={20} />
      </RowLink>
      <span
        key={flashKey}
        className={`lv-score ${started ? '' : 'lv-score-pending score-vs'} ${flashKey ? `lv-flash lv-flash-${match.lastScorer ?? 'home'}` : ''}`}
        data-score
        aria-label={started ? `比分 ${scoreText}` : LIVE_TEXT.vs}
      >
        {scoreText}
      </span>
      <RowLink
        href={paths.dbTeam(match.sport, match.away.id)}
        className="lv-side lv-away lv-team-link"
        label={`${match.away.name} ${LIVE_TEXT.teamPage}`}
        data-team-link={match.away.id}
      >
        <LazyImage className="lv-crest" src={match.away.logo} width={20} height={20} />
        <TeamName name={match.away.name} rank={match.away.rank} showRank={showRank} />
        {match.sport === 'zq' && <Cards red={match.red[1]} yellow={match.yellow[1]} />}
      </RowLink>
      <div className="lv-row-sub">
        {match.sport === 'zq' ? (
          <>
            {match.half && (
              <span data-half>
                {LIVE_TEXT.half} {match.half[0]}-{match.half[1]}
              </span>
            )}
            {started && (
              <span data-corner>
                {LIVE_TEXT.corner} {match.corner[0]}-{match.corner[1]}
              </span>
            )}
          </>
        ) : (
          match.quarters.length > 0 && (
            <span data-quarters>{match.quarters.map((q) => `${q[0]}-${q[1]}`).join(' ')}</span>
          )
        )}
      </div>
      <button
        type="button"
        className={`lv-star ${match.followed ? 'on' : ''}`}
        aria-label={match.followed ? LIVE_TEXT.unfollow : LIVE_TEXT.follow}
        aria-pressed={match.followed}
        data-follow
        onClick={(e) => {
          e.stopPropagation();
          onToggleFollow?.(match);
        }}
      >
        {match.followed ? '★' : '☆'}
      </button>
    </div>
  );
}

/** Re-renders only when its match view changes (the core sends a new object per change). */
export const MatchRow = memo(MatchRowImpl);
