/**
 * One match row of a list (football or basketball). Props only: the page's container gives it
 * the core's `MatchView` (status text, minute text, flags all derived in the core).
 * The DOM contract: the row carries `data-match-id`, and the `data-score` element reads 'H-A'.
 */
import { memo, useRef } from 'react';
import type { MatchView } from '../../core/index';
import { readableOnWhite } from './league-color';
import { LIVE_TEXT } from './strings';
import { hasScore, matchClock } from './match-state';

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
    <span className="lv-team-name">
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
      className={`lv-row ${stateClass}`}
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
      <div className="lv-row-top">
        <span className="lv-league" style={{ color: readableOnWhite(match.leagueColor) }}>
          {match.leagueName}
        </span>
        {match.sport === 'zq' && match.jc && <span className="lv-jc">{match.jc}</span>}
        <span className="lv-time">{match.openTimeText}</span>
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
      <div className="lv-row-main">
        <span className="lv-side lv-home">
          {match.sport === 'zq' && <Cards red={match.red[0]} yellow={match.yellow[0]} />}
          <TeamName name={match.home.name} rank={match.home.rank} showRank={showRank} />
          <img className="lv-crest" src={match.home.logo} alt="" width={20} height={20} loading="lazy" />
        </span>
        <span
          key={flashKey}
          className={`lv-score ${started ? '' : 'lv-score-pending score-vs'} ${flashKey ? `lv-flash lv-flash-${match.lastScorer ?? 'home'}` : ''}`}
          data-score
          aria-label={started ? `比分 ${scoreText}` : LIVE_TEXT.vs}
        >
          {scoreText}
        </span>
        <span className="lv-side lv-away">
          <img className="lv-crest" src={match.away.logo} alt="" width={20} height={20} loading="lazy" />
          <TeamName name={match.away.name} rank={match.away.rank} showRank={showRank} />
          {match.sport === 'zq' && <Cards red={match.red[1]} yellow={match.yellow[1]} />}
        </span>
      </div>
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
    </div>
  );
}

/** Re-renders only when its match view changes (the core sends a new object per change). */
export const MatchRow = memo(MatchRowImpl);
