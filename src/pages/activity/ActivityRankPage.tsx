/** /activity/rank: the points ranking of this issue and of all time. */
import { useState } from 'react';
import { ListState } from '../../components/user/ListState';
import { useLoad } from '../user/use-load';
import { activityApi } from './activity-api';
import { ACTIVITY_TEXT as T } from './strings';
import { STATE_TEXT, Shell, useCurrent } from './ActivityShell';
import { TabList } from '../../components/TabList';

export function ActivityRankPage() {
  const current = useCurrent();
  const [scope, setScope] = useState<'issue' | 'all'>('issue');
  const issueNo = current.data?.issue.issueNo ?? null;
  const rank = useLoad(
    issueNo === null && scope === 'issue' ? null : () => activityApi.rank(scope === 'issue' ? issueNo : null),
    [scope, issueNo],
  );
  return (
    <Shell title={T.rank.title}>
      <TabList
        tabs={['issue', 'all'] as const}
        value={scope}
        onChange={setScope}
        labelOf={(s) => (s === 'issue' ? T.rank.issue : T.rank.all)}
        className="ac-tabs"
        tabClassName="ac-tab"
        activeClassName=""
        label={T.rank.title}
      />
      <section className="us-card" role="tabpanel" aria-label={scope === 'issue' ? T.rank.issue : T.rank.all}>
        <ListState
          loading={rank.loading || current.loading}
          error={rank.error ?? current.error}
          empty={rank.data?.length === 0}
          texts={{ ...STATE_TEXT, empty: T.rank.empty }}
          onRetry={rank.reload}
        />
        <ol className="us-rows ac-rank">
          {rank.data?.map((r) => (
            <li key={`${r.rank}-${r.nickName}`} className={`us-row${r.isMe ? ' is-me' : ''}`}>
              <span>
                <strong className="ac-rank__no">{r.rank}</strong> {r.nickName}
                {r.isMe ? T.rank.me : ''}
              </span>
              <span className="us-row__value">{T.rank.points(r.points)}</span>
            </li>
          ))}
        </ol>
      </section>
    </Shell>
  );
}
