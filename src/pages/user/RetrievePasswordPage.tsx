/** 找回密码: phone + SMS code sets a new password; then back to login. */
import { useLocation } from 'wouter';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { retrievePassword } from './centre-api';
import { USER_TEXT as T } from './strings';
import { SmsPasswordForm } from './SmsPasswordForm';

export function RetrievePasswordPage() {
  const [, navigate] = useLocation();
  return (
    <SmsPasswordForm
      title={T.retrieve.title}
      scene="password"
      passwordLabel={T.change.newPassword}
      confirmLabel={T.change.confirm}
      submitLabel={T.retrieve.submit}
      withConsent={false}
      onSubmit={async ({ phone, code, password }) => {
        const env = await retrievePassword(phone, code, password);
        return { ok: env.code === 200, msg: env.msg };
      }}
      onDone={() => {
        showToast(T.retrieve.success);
        navigate(paths.login, { replace: true });
      }}
    />
  );
}
