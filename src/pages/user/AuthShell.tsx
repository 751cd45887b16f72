/** What the sign-in pages share: the page frame, the agreement consent, the SMS code sender. */
import { type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { PageHeader } from '../../components/user/PageHeader';
import { centreApi, type SmsScene } from './centre-api';
import { USER_TEXT as T } from './strings';
import { goBack } from './use-load';
import { phoneError } from './validation';

export type Errors = Record<string, string | null>;
export const firstError = (e: Errors) => Object.values(e).find(Boolean) ?? null;

export function useSmsSender(
  phone: string,
  scene: SmsScene,
  setErrors: (fn: (e: Errors) => Errors) => void,
  setMsg: (m: string | null) => void,
) {
  return async (): Promise<boolean> => {
    const pe = phoneError(phone);
    setErrors((e) => ({ ...e, phone: pe }));
    if (pe) return false;
    const env = await centreApi.sendSms(phone.trim(), scene);
    if (env.code !== 200) {
      setMsg(env.msg);
      return false;
    }
    setMsg(null);
    showToast(T.sms.sent);
    return true;
  };
}

export function AgreementConsent({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  error: string | null;
}) {
  return (
    <div className="us-consent">
      <label className="us-consent__label">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby="us-consent-err"
          aria-invalid={error ? true : undefined}
        />
        <span>{T.agreement.prefix}</span>
      </label>
      <Link href={paths.agreement('yhxy')} className="us-link">
        {T.agreement.user}
      </Link>
      <span>{T.agreement.and}</span>
      <Link href={paths.agreement('yszc')} className="us-link">
        {T.agreement.privacy}
      </Link>
      <p id="us-consent-err" className="us-field__error" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}

export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <div className="us-page us-page--auth">
      <PageHeader title={title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      <div className="us-auth">
        <div className="us-auth__brand" aria-hidden="true">
          <span className="us-auth__logo">球</span>
        </div>
        <div className="us-auth__panel">{children}</div>
      </div>
    </div>
  );
}
