/** 注册: phone + SMS code + password, with the agreement consent; signs in on success. */
import { Link, useLocation } from 'wouter';
import { getCore } from '../../core/index';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { USER_TEXT as T } from './strings';
import { SmsPasswordForm } from './SmsPasswordForm';

export function RegisterPage() {
  const [, navigate] = useLocation();
  return (
    <SmsPasswordForm
      title={T.register.title}
      scene="register"
      passwordLabel={T.fields.password}
      confirmLabel={T.fields.confirm}
      submitLabel={T.register.submit}
      withConsent
      onSubmit={(form) => getCore().register(form)}
      onDone={() => {
        showToast(T.register.success);
        navigate(paths.user, { replace: true });
      }}
      footer={
        <div className="us-form__links">
          <Link href={paths.login} className="us-link">
            {T.register.toLogin}
          </Link>
        </div>
      }
    />
  );
}
