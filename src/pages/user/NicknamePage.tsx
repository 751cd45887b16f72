/** 修改昵称. */
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { getCore, useSession } from '../../core/index';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { FormField } from '../../components/user/FormField';
import { PageHeader } from '../../components/user/PageHeader';
import { centreApi } from './centre-api';
import { USER_TEXT as T } from './strings';
import { goBack } from './use-load';
import { nicknameError } from './validation';

export function NicknamePage() {
  const [, navigate] = useLocation();
  const session = useSession();
  const [nick, setNick] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ nick: string; available: boolean; msg: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (): Promise<boolean> => {
    const v = nick.trim();
    const e = nicknameError(v);
    setError(e);
    if (e) return false;
    const env = await centreApi.nicknameCheck(v);
    if (env.code !== 200) {
      setError(env.msg);
      return false;
    }
    setStatus({
      nick: v,
      available: env.data.available,
      msg: env.msg || (env.data.available ? T.nickname.available : T.nickname.taken),
    });
    if (!env.data.available) setError(T.nickname.taken);
    return env.data.available;
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      if (!(await check())) return;
      const env = await centreApi.nicknameUpdate(nick.trim());
      if (env.code !== 200) {
        setError(env.msg);
        return;
      }
      await getCore().refreshUser();
      showToast(T.nickname.success);
      goBack(navigate, paths.userSub('infor'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="us-page">
      <PageHeader title={T.nickname.title} backLabel={T.back} onBack={() => goBack(navigate, paths.userSub('infor'))} />
      <form className="us-form us-card" onSubmit={submit} noValidate aria-label={T.nickname.title}>
        {session.user && <p className="us-muted">{T.nickname.current(session.user.nickName)}</p>}
        <FormField
          label={T.nickname.label}
          placeholder={T.nickname.placeholder}
          value={nick}
          onChange={(v) => {
            setNick(v);
            setStatus(null);
            setError(null);
          }}
          onBlur={() => nick.trim() && void check()}
          error={error}
          maxLength={12}
          name="nickName"
          aside={
            <button type="button" className="us-sms-btn" onClick={() => void check()}>
              {T.nickname.check}
            </button>
          }
        />
        {status?.available && status.nick === nick.trim() && (
          <p className="us-form-msg us-form-msg--ok" role="status">
            {status.msg}
          </p>
        )}
        <button type="submit" className="us-btn us-btn--block" disabled={busy}>
          {T.nickname.submit}
        </button>
      </form>
    </div>
  );
}
