/** /vlive/match: live matches that anchors are covering, each with its live score and rooms. */
import { Link } from 'wouter';
import { VlivePaths, type VliveMatchRooms } from '../../../workers/protocol/api/vlive';
import { paths } from '../../app/paths';
import { VLIVE_TEXT } from '../../components/vlive/strings';
import { hasScore, matchStateText } from '../../components/live/match-state';
import { useMatch, useSession, useCoreRequest } from '../../core/index';

function MatchHeader({ matchId, sport }: { matchId: number; sport: 'zq' | 'lq' }) {
  const m = useMatch(matchId, sport);
  if (!m) return <div className="vl-matchrow">…</div>;
  return (
    <div className="vl-matchrow" data-match-id={m.id}>
      <span className="vl-team">
        <img src={m.home.logo} alt="" />
        {m.home.name}
      </span>
      <span className="vl-mid">
        <b data-score className={hasScore(m) ? '' : 'score-vs'}>{`${m.score[0]}-${m.score[1]}`}</b>
        <small>
          {m.leagueName} {matchStateText(m)}
        </small>
      </span>
      <span className="vl-team vl-team--away">
        {m.away.name}
        <img src={m.away.logo} alt="" />
      </span>
    </div>
  );
}

export function MatchRoomsPage() {
  const session = useSession();
  const res = useCoreRequest<VliveMatchRooms[]>({ path: VlivePaths.hotMatches }, session.loggedIn);
  const list = res.data ?? [];
  return (
    <div className="vl-page">
      <div className="vl-head">
        <div className="vl-tabs">
          <span className="vl-tab vl-tab--on">{VLIVE_TEXT.matchRooms}</span>
        </div>
      </div>
      {!res.loading && list.length === 0 && <p className="vl-empty">{VLIVE_TEXT.matchNoRooms}</p>}
      <ul className="vl-list">
        {list.map((entry) => (
          <li key={entry.matchId}>
            <MatchHeader matchId={entry.matchId} sport={entry.sport} />
            <div className="vl-anchors-row" aria-label={VLIVE_TEXT.anchorsLive(entry.rooms.length)}>
              {entry.rooms.map((room) => (
                <Link key={room.id} href={paths.vliveDetail(room.id)}>
                  <img src={room.anchor.avatar} alt="" />
                  {room.anchor.name}
                </Link>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
