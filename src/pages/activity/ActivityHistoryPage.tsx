/** /activity/history: my picks and my draws. */
import { useSession } from '../../core/index';
import { formatChinaTime } from '../../core/format';
import { ListState } from '../../components/user/ListState';
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
      <ListState
        loading={current.loading}
        error={current.error}
        empty={false}
        texts={STATE_TEXT}
        onRetry={current.reload}
      />
      {enabled && (
        <>
          <section className="us-card" aria-labelledby="ac-guesses">
            <h2 className="us-card__title" id="ac-guesses">
              {T.history.guesses}
            </h2>
            <ListState
              loading={guesses.loading}
              error={guesses.error}
              empty={guesses.data?.length === 0}
              texts={{ ...STATE_TEXT, empty: T.history.noGuesses }}
              onRetry={guesses.reload}
            />
            <ul className="us-rows">
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
            </ul>
          </section>
          <section className="us-card" aria-labelledby="ac-draws">
            <h2 className="us-card__title" id="ac-draws">
              {T.history.draws}
            </h2>
            <ListState
              loading={draws.loading}
              error={draws.error}
              empty={draws.data?.length === 0}
              texts={{ ...STATE_TEXT, empty: T.history.noDraws }}
              onRetry={draws.reload}
            />
            <ul className="us-rows">
              {draws.data?.map((d) => (
                <li key={d.drawNo} className="us-row">
                  <span>{T.history.drawNo(d.drawNo)}</span>
                  <span className="us-row__value">
                    {d.prizeName} · {formatChinaTime(d.at)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </Shell>
  );
}
