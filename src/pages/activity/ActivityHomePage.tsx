/** /activity: the current issue (期) — its matches, my points and chances, the published seed hash. */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { useSession } from '../../core/index';
import { formatChinaTime } from '../../core/format';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { PageHeader } from '../../components/user/PageHeader';
import { LoadState } from '../../components/user/ListState';
import {
  ACTIVITY_STAKE_MAX,
  ACTIVITY_STAKE_MIN,
  type ActivityCurrent,
  type ActivityMatch,
  type ActivityPickSide,
} from '../../../workers/protocol/api/activity';
import { goBack, useLoad } from '../user/use-load';
import { activityApi } from './activity-api';
import { ACTIVITY_TEXT as T } from './strings';

const STAKES = [10, 50, 100, 200, 500].filter((s) => s >= ACTIVITY_STAKE_MIN && s <= ACTIVITY_STAKE_MAX);
const SIDES: ActivityPickSide[] = ['h', 'd', 'a'];
const NAV = ['reg', 'lottery', 'rank', 'history', 'rule', 'address'] as const;

export function ActivityHomePage() {
  const [, navigate] = useLocation();
  const session = useSession();
  const current = useLoad(() => activityApi.current(), [session.loggedIn]);
  const [joining, setJoining] = useState(false);
  const data = current.data;

  const join = async (issueNo: number) => {
    setJoining(true);
    try {
      const env = await activityApi.join(issueNo, '');
      if (env.code !== 200) showToast(env.msg);
      else current.reload();
    } finally {
      setJoining(false);
    }
  };

  return (
    <div className="us-page ac-page">
      <PageHeader title={T.title} backLabel={T.back} onBack={() => goBack(navigate, paths.home)} />
      <LoadState load={current} loading={current.loading && !data} texts={T} />
      {data && (
        <>
          <IssueCard data={data} />
          <section className="us-card ac-me" aria-label={T.myPoints}>
            {data.me ? (
              <dl className="ac-stats">
                <div>
                  <dt>{T.myPoints}</dt>
                  <dd data-activity-points>{data.me.points}</dd>
                </div>
                <div>
                  <dt>{T.myChances}</dt>
                  <dd data-activity-chances>{data.me.chances}</dd>
                </div>
                <div>
                  <dt>{T.myDraws}</dt>
                  <dd>{data.me.draws}</dd>
                </div>
              </dl>
            ) : (
              <JoinAction
                action={joinAction(data.issue.status, session.loggedIn)}
                joining={joining}
                onJoin={() => void join(data.issue.issueNo)}
              />
            )}
          </section>
          <nav className="ac-nav" aria-label={T.title}>
            {NAV.map((p) => (
              <Link key={p} className="ac-nav__item" href={paths.activitySub(p)}>
                {T.nav[p]}
              </Link>
            ))}
          </nav>
          <section className="us-card" aria-labelledby="ac-matches-title">
            <h2 className="us-card__title" id="ac-matches-title">
              {T.matches}
            </h2>
            {data.matches.length === 0 ? (
              <p className="us-list-state">{T.noMatches}</p>
            ) : (
              <ul className="ac-matches">
                {data.matches.map((m) => (
                  <MatchRow
                    key={m.matchId}
                    m={m}
                    issueNo={data.issue.issueNo}
                    canPick={Boolean(data.me) && data.issue.status === 'open'}
                    onPicked={current.reload}
                  />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function IssueCard({ data }: { data: ActivityCurrent }) {
  const i = data.issue;
  return (
    <section className="us-card ac-issue" aria-labelledby="ac-issue-title">
      <h2 className="us-card__title" id="ac-issue-title">
        {T.issueNo(i.issueNo)} · {i.title} <span className="ac-badge">{T.status[i.status]}</span>
      </h2>
      <p className="us-muted">{T.period(formatChinaTime(i.opensAt), formatChinaTime(i.closesAt))}</p>
      <p className="ac-hash-label">{T.seedHash}</p>
      <code className="ac-hash" data-seed-hash>
        {i.seedHash}
      </code>
      <p className="us-muted ac-small">{T.seedHashHint}</p>
      {i.seed && (
        <>
          <p className="ac-hash-label">{T.seed}</p>
          <code className="ac-hash" data-seed>
            {i.seed}
          </code>
        </>
      )}
    </section>
  );
}

function MatchRow({
  m,
  issueNo,
  canPick,
  onPicked,
}: {
  m: ActivityMatch;
  issueNo: number;
  canPick: boolean;
  onPicked: () => void;
}) {
  const [side, setSide] = useState<ActivityPickSide | null>(null);
  const [stake, setStake] = useState(STAKES[2] ?? ACTIVITY_STAKE_MIN);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = canPick && m.myPick === null && m.status === 1 && m.ot * 1000 > Date.now();
  const detail = m.sport === 'zq' ? paths.zqDetail(m.matchId) : paths.lqDetail(m.matchId);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!side) return;
    setBusy(true);
    try {
      const env = await activityApi.guess(issueNo, m.matchId, side, stake);
      if (env.code !== 200) setError(env.msg);
      else {
        showToast(T.pickDone);
        onPicked();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="ac-match" data-match-id={m.matchId}>
      <div className="ac-match__head">
        <span className="us-muted">
          {m.leagueName} · {T.kickOff(formatChinaTime(m.ot * 1000, 'MM-DD HH:mm'))}
        </span>
        {m.myPick && <span className="ac-badge">{T.myPick(T.pickNames[m.myPick])}</span>}
      </div>
      <Link className="ac-match__teams" href={detail}>
        <span>{m.home}</span>
        <strong data-score>{T.score(m.scoreH, m.scoreA)}</strong>
        <span>{m.away}</span>
      </Link>
      {open && (
        <form className="ac-pick" onSubmit={submit} aria-label={`${m.home} - ${m.away}`}>
          <div role="group" aria-label={`${m.home} - ${m.away}`} className="ac-pick__sides">
            {SIDES.map((s) => (
              <button
                key={s}
                type="button"
                className={`ac-pick__side${side === s ? ' is-on' : ''}`}
                aria-pressed={side === s}
                onClick={() => {
                  setSide(s);
                  setError(null);
                }}
              >
                {T.pickNames[s]}
              </button>
            ))}
          </div>
          <label className="ac-pick__stake">
            {T.stake}
            <select value={stake} onChange={(e) => setStake(Number(e.target.value))}>
              {STAKES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="us-btn us-btn--small" disabled={!side || busy}>
            {T.pickSubmit}
          </button>
          <p className="us-field__error" aria-live="polite">
            {error ?? ''}
          </p>
        </form>
      )}
    </li>
  );
}

/**
 * What the issue card offers someone who has not joined: only an open issue can be joined (or
 * logged in for); a closed or not yet open one says so instead of inviting a login that leads
 * nowhere.
 */
export function joinAction(status: string, loggedIn: boolean): 'join' | 'login' | 'closed' | 'upcoming' {
  if (status === 'closed') return 'closed';
  if (status !== 'open') return 'upcoming';
  return loggedIn ? 'join' : 'login';
}

function JoinAction({
  action,
  joining,
  onJoin,
}: {
  action: ReturnType<typeof joinAction>;
  joining: boolean;
  onJoin: () => void;
}) {
  if (action === 'join')
    return (
      <button type="button" className="us-btn us-btn--block" disabled={joining} onClick={onJoin}>
        {T.join}
      </button>
    );
  if (action === 'login')
    return (
      <Link className="us-btn us-btn--block" href={paths.login}>
        {T.loginToJoin}
      </Link>
    );
  return (
    <p className="us-muted" data-join-closed>
      {action === 'closed' ? T.issueClosed : T.issueUpcoming}
    </p>
  );
}
