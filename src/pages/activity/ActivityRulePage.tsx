/** /activity/rule: the rules, how the draw is provably fair, and the verification of a closed issue. */
import { useState } from 'react';
import { LoadState } from '../../components/user/ListState';
import { Card, ListCard } from '../../components/user/Card';
import { useLoad } from '../user/use-load';
import { activityApi } from './activity-api';
import { ACTIVITY_TEXT as T } from './strings';
import { STATE_TEXT, Shell } from './ActivityShell';

export function ActivityRulePage() {
  const issues = useLoad(() => activityApi.issues(), []);
  const closed = issues.data?.filter((i) => i.status === 'closed') ?? [];
  const [verifying, setVerifying] = useState<number | null>(null);
  return (
    <Shell title={T.rule.title}>
      <Card id="ac-rules" title={T.rule.title}>
        <RuleList items={T.rule.items} />
      </Card>
      <Card id="ac-fair" title={T.rule.fairTitle}>
        <RuleList items={T.rule.fair} />
      </Card>
      <ListCard
        id="ac-verify"
        title={T.rule.verifyTitle}
        list={issues}
        texts={{ ...STATE_TEXT, empty: T.rule.noClosed }}
        empty={issues.data !== null && closed.length === 0}
        after={verifying !== null && <VerifyReport issueNo={verifying} />}
      >
        {closed.map((i) => (
          <li key={i.issueNo} className="us-row">
            <span>
              {T.issueNo(i.issueNo)} · {i.title}
            </span>
            <button type="button" className="us-btn us-btn--small" onClick={() => setVerifying(i.issueNo)}>
              {T.rule.verify}
            </button>
          </li>
        ))}
      </ListCard>
    </Shell>
  );
}

function RuleList({ items }: { items: readonly string[] }) {
  return (
    <ol className="ac-rules">
      {items.map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ol>
  );
}

function VerifyReport({ issueNo }: { issueNo: number }) {
  const report = useLoad(() => activityApi.verify(issueNo), [issueNo]);
  return (
    <div className="ac-verify" aria-live="polite" data-verify-issue={issueNo}>
      <LoadState load={report} texts={STATE_TEXT} />
      {report.data && (
        <>
          <p className="ac-hash-label">{T.seedHash}</p>
          <code className="ac-hash">{report.data.seedHash}</code>
          <p className="ac-hash-label">{T.seed}</p>
          <code className="ac-hash">{report.data.seed}</code>
          <p className={report.data.seedMatchesHash ? 'ac-ok' : 'ac-bad'}>
            {report.data.seedMatchesHash ? T.rule.hashOk : T.rule.hashBad}
          </p>
          <p
            className={report.data.allMatch ? 'ac-ok' : 'ac-bad'}
            data-verify-result={report.data.allMatch ? 'ok' : 'bad'}
          >
            {report.data.draws.every((d) => d.ok)
              ? T.rule.allOk(report.data.draws.length)
              : T.rule.someBad(report.data.draws.filter((d) => !d.ok).length, report.data.draws.length)}
          </p>
          <div className="ac-table-wrap">
            <table className="ac-table">
              <thead>
                <tr>
                  <th scope="col">{T.rule.cols.user}</th>
                  <th scope="col">{T.rule.cols.drawNo}</th>
                  <th scope="col">{T.rule.cols.roll}</th>
                  <th scope="col">{T.rule.cols.recorded}</th>
                  <th scope="col">{T.rule.cols.expected}</th>
                  <th scope="col">{T.rule.cols.ok}</th>
                </tr>
              </thead>
              <tbody>
                {report.data.draws.map((d) => {
                  const name = (id: number) => report.data?.prizes.find((p) => p.id === id)?.name ?? String(id);
                  return (
                    <tr key={`${d.userId}-${d.drawNo}`}>
                      <td>{d.userId}</td>
                      <td>{d.drawNo}</td>
                      <td>{d.roll}</td>
                      <td>{name(d.recordedPrizeId)}</td>
                      <td>{name(d.expectedPrizeId)}</td>
                      <td className={d.ok ? 'ac-ok' : 'ac-bad'}>{d.ok ? T.rule.ok : T.rule.bad}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
