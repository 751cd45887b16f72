/** /activity/rule: the rules, how the draw is provably fair, and the verification of a closed issue. */
import { useState } from 'react';
import { ListState } from '../../components/user/ListState';
import { useLoad } from '../user/use-load';
import { activityApi } from './activity-api';
import { ACTIVITY_TEXT as T } from './strings';
import { STATE_TEXT, Shell } from './ActivityShell';

export function ActivityRulePage() {
  const issues = useLoad(() => activityApi.issues(), []);
  const closed = issues.data?.filter((i) => i.status === 'closed') ?? [];
  const [verifying, setVerifying] = useState<number | null>(null);
  const report = useLoad(verifying === null ? null : () => activityApi.verify(verifying), [verifying]);
  return (
    <Shell title={T.rule.title}>
      <section className="us-card" aria-labelledby="ac-rules">
        <h2 className="us-card__title" id="ac-rules">
          {T.rule.title}
        </h2>
        <ol className="ac-rules">
          {T.rule.items.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ol>
      </section>
      <section className="us-card" aria-labelledby="ac-fair">
        <h2 className="us-card__title" id="ac-fair">
          {T.rule.fairTitle}
        </h2>
        <ol className="ac-rules">
          {T.rule.fair.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ol>
      </section>
      <section className="us-card" aria-labelledby="ac-verify">
        <h2 className="us-card__title" id="ac-verify">
          {T.rule.verifyTitle}
        </h2>
        <ListState
          loading={issues.loading}
          error={issues.error}
          empty={issues.data !== null && closed.length === 0}
          texts={{ ...STATE_TEXT, empty: T.rule.noClosed }}
          onRetry={issues.reload}
        />
        <ul className="us-rows">
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
        </ul>
        {verifying !== null && (
          <div className="ac-verify" aria-live="polite" data-verify-issue={verifying}>
            <ListState
              loading={report.loading}
              error={report.error}
              empty={false}
              texts={STATE_TEXT}
              onRetry={report.reload}
            />
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
        )}
      </section>
    </Shell>
  );
}
