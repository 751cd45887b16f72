/** 修改密码: the old password, then the new one twice. */
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { FormMessage } from '../../components/user/FormField';
import { PasswordField, NewPasswordFields } from './AuthFields';
import { PageHeader } from '../../components/user/PageHeader';
import { changePassword } from './centre-api';
import { USER_TEXT as T } from './strings';
import { goBack } from './use-load';
import { passwordError } from './validation';
import { firstError, type Errors } from './AuthShell';

export function ChangePasswordPage() {
  const [, navigate] = useLocation();
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [msg, setMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      old: oldPassword ? null : T.errors.oldPassword,
      password: passwordError(password),
      confirm: confirm === password ? null : T.errors.confirm,
    };
    setErrors(next);
    if (firstError(next)) return;
    setBusy(true);
    try {
      const env = await changePassword(oldPassword, password);
      if (env.code !== 200) {
        setMsg(env.msg);
        return;
      }
      showToast(T.change.success);
      goBack(navigate, paths.userSub('infor'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="us-page">
      <PageHeader title={T.change.title} backLabel={T.back} onBack={() => goBack(navigate, paths.userSub('infor'))} />
      <form className="us-form us-card" onSubmit={submit} noValidate aria-label={T.change.title}>
        <PasswordField
          label={T.change.oldPassword}
          value={oldPassword}
          onChange={setOld}
          error={errors.old}
          autoComplete="current-password"
          name="oldPassword"
        />
        <NewPasswordFields
          labels={{ password: T.change.newPassword, confirm: T.change.confirm }}
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={errors}
        />
        <FormMessage text={msg} />
        <button type="submit" className="us-btn us-btn--block" disabled={busy}>
          {T.change.submit}
        </button>
      </form>
    </div>
  );
}
