/**
 * A shared match in a chat bubble. The score is live: the bubble holds the match's row stream in
 * the core while it is mounted (the core watches the sport's topic for it and lets go when the
 * bubble unmounts), and shows what the card was sent with until the core has the row.
 */
import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { useMatch } from '../../core/index';
import type { ImMatchCard } from '../../../workers/protocol/chat';
import { MEDIA_TEXT } from './media-strings';

const T = MEDIA_TEXT.match;

export function MatchCardBubble({ card }: { card: ImMatchCard }) {
  const live = useMatch(card.matchId, card.sport);
  const score = live ? live.score : [card.homeScore, card.awayScore];
  const shown = live ? live.hasKickedOff : card.homeScore + card.awayScore > 0;
  const clock =
    live?.sport === 'zq' ? (/^\d+$/.test(live.minuteText) ? `${live.minuteText}'` : live.minuteText) : live?.clockText;
  const status = live ? (live.isLive && clock ? clock : live.statusText) : '';
  const href = card.sport === 'lq' ? paths.lqDetail(card.matchId) : paths.zqDetail(card.matchId);
  return (
    <Link
      href={href}
      className="msg-match"
      data-match-id={card.matchId}
      data-live={live?.isLive ? 1 : 0}
      aria-label={`${T.card(card.home, card.away)}，${shown ? `${score[0]} 比 ${score[1]}` : 'VS'}${status ? `，${status}` : ''}。${T.open}`}
    >
      <span className="msg-match__top">
        <span className="msg-match__league">{live?.leagueName ?? card.league}</span>
        {card.demo && <span className="msg-match__demo">{T.demo}</span>}
      </span>
      <span className="msg-match__row">
        <span className="msg-match__team">{card.home}</span>
        <b className="msg-match__score" data-score>
          {shown ? `${score[0]}-${score[1]}` : 'VS'}
        </b>
        <span className="msg-match__team msg-match__team--away">{card.away}</span>
      </span>
      {status && <span className="msg-match__status">{status}</span>}
    </Link>
  );
}
