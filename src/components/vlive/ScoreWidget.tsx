/** The embedded live score of the room's match, over the video. Props only (the page feeds it). */
import type { MatchView } from '../../core/index';
import { hasScore, matchStateText } from '../live/match-state';

export function ScoreWidget({ match }: { match: MatchView }) {
  const [h, a] = match.score;
  const state = matchStateText(match);
  const pending = hasScore(match) ? '' : ' score-vs';
  return (
    <div className="vl-score" data-match-id={match.id}>
      <span className="vl-score-league">{match.leagueName}</span>
      <span className="vl-score-team">{match.home.name}</span>
      {/* Keyed on the change time so the flash animation replays on every goal. */}
      <b
        key={match.scoreChangedAt}
        className={(match.scoreChangedAt ? 'vl-score-num vl-score-num--flash' : 'vl-score-num') + pending}
        data-score
      >
        {`${h}-${a}`}
      </b>
      <span className="vl-score-team">{match.away.name}</span>
      <span className="vl-score-state">{state}</span>
    </div>
  );
}
