/** /activity/history: my picks and my draws. */
import { useSession } from '../../core/index';
import { formatChinaTime } from '../../core/format';
import { LoadState } from '../../components/user/ListState';
import { ListCard, ValueRow } from '../../components/user/Card';
import { useLoad } from '../user/use-load';
import { activityApi } from './activity-api';
import { ACTIVITY_TEXT as T } from './strings';
import { LoginFirst, STATE_TEXT, Shell, useCurrent } from './ActivityShell';

export function ActivityHistoryPage() {
  const session = useSession();
  const current = useCurrent();
  const issueNo = current.data?.issue.issueNo ?? null;
  const enabled = session.loggedIn && issueNo !== null;
  const guesses = useLoad(enabled ? () => activityApi.guessList(issueNo) : null, [issueNo, session.loggedIn]);
  const draws = useLoad(enabled ? () => activityApi.drawList(issueNo) : null, [issueNo, session.loggedIn]);
  return (
    <Shell title={T.history.title}>
      {!session.loggedIn && <LoginFirst />}
      <LoadState load={current} texts={STATE_TEXT} />
      {enabled && (
        <>
          <ListCard
            id="ac-guesses"
            title={T.history.guesses}
            list={guesses}
            texts={{ ...STATE_TEXT, empty: T.history.noGuesses }}
          >
            {guesses.data?.map((g) => (
              <li key={g.matchId} className="us-row" data-match-id={g.matchId}>
                <span>
                  {g.home} - {g.away} · {T.pickNames[g.pick]} · {T.history.stake(g.stake)}
                </span>
                <span className="us-row__value" data-outcome={g.outcome}>
                  {T.history.outcome[g.outcome]}
                  {g.payout > 0 ? ` · ${T.history.payout(g.payout)}` : ''}
                </span>
              </li>
            ))}
          </ListCard>
          <ListCard
            id="ac-draws"
            title={T.history.draws}
            list={draws}
            texts={{ ...STATE_TEXT, empty: T.history.noDraws }}
          >
            {draws.data?.map((d) => (
              <ValueRow key={d.drawNo} label={T.history.drawNo(d.drawNo)}>
                {d.prizeName} · {formatChinaTime(d.at)}
              </ValueRow>
            ))}
          </ListCard>
        </>
      )}
    </Shell>
  );
}
