/** /activity/reg: join an issue, with an invite code. */
import { useState, type FormEvent } from 'react';
import { useSession } from '../../core/index';
import { formatChinaTime } from '../../core/format';
import { showToast } from '../../state/ui';
import { LoadState } from '../../components/user/ListState';
import { Card, ListCard, ValueRow } from '../../components/user/Card';
import { FormField } from '../../components/user/FormField';
import { useLoad } from '../user/use-load';
import { activityApi } from './activity-api';
import { ACTIVITY_TEXT as T } from './strings';
import { LoginFirst, STATE_TEXT, Shell, useCurrent } from './ActivityShell';

export function ActivityRegPage() {
  const session = useSession();
  const current = useCurrent();
  const issueNo = current.data?.issue.issueNo ?? null;
  const invites = useLoad(
    session.loggedIn && issueNo !== null && current.data?.me ? () => activityApi.inviteList(issueNo) : null,
    [issueNo, current.data?.me?.inviteCode],
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (issueNo === null) return;
    setBusy(true);
    try {
      const env = await activityApi.join(issueNo, code.trim());
      if (env.code !== 200) setError(env.msg);
      else {
        showToast(T.reg.done);
        current.reload();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Shell title={T.reg.title}>
      <LoadState load={current} texts={STATE_TEXT} />
      {!session.loggedIn && <LoginFirst />}
      {session.loggedIn && current.data && !current.data.me && (
        <form className="us-form us-card" onSubmit={submit} noValidate aria-label={T.reg.title}>
          <FormField
            label={T.reg.code}
            placeholder={T.reg.codePlaceholder}
            value={code}
            onChange={(v) => {
              setCode(v);
              setError(null);
            }}
            error={error}
            maxLength={16}
            name="inviteCode"
            autoComplete="off"
          />
          <button
            type="submit"
            className="us-btn us-btn--block"
            disabled={busy || current.data.issue.status !== 'open'}
          >
            {T.reg.submit}
          </button>
        </form>
      )}
      {current.data?.me && (
        <>
          <Card id="ac-code" title={T.reg.myCode}>
            <p className="ac-code" data-invite-code>
              {current.data.me.inviteCode}
            </p>
          </Card>
          <ListCard
            id="ac-invites"
            title={T.reg.invites}
            list={invites}
            texts={{ ...STATE_TEXT, empty: T.reg.noInvites }}
          >
            {invites.data?.map((i) => (
              <ValueRow key={`${i.nickName}-${i.joinedAt}`} label={i.nickName}>
                {T.reg.joinedAt(formatChinaTime(i.joinedAt))}
              </ValueRow>
            ))}
          </ListCard>
        </>
      )}
    </Shell>
  );
}
