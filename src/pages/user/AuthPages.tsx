/** Login, register, retrieve password, change password. Session changes go through the core. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { getCore } from '../../core/index';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { FormField, FormMessage } from '../../components/user/FormField';
import { PageHeader } from '../../components/user/PageHeader';
import { SmsCodeButton } from '../../components/user/SmsCodeButton';
import { changePassword, centreApi, retrievePassword, type SmsScene } from './centre-api';
import { USER_TEXT as T } from './strings';
import { goBack } from './use-load';
import { codeError, passwordError, phoneError } from './validation';

type Errors = Record<string, string | null>;
const firstError = (e: Errors) => Object.values(e).find(Boolean) ?? null;

function useSmsSender(
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

function AgreementConsent({
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

function AuthShell({ title, children }: { title: string; children: ReactNode }) {
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

export function LoginPage() {
  const [, navigate] = useLocation();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [msg, setMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sendSms = useSmsSender(phone, 'login', setErrors, setMsg);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      phone: phoneError(phone),
      password: mode === 'password' ? (password ? null : T.errors.passwordLength) : null,
      code: mode === 'code' ? codeError(code) : null,
      agree: agree ? null : T.errors.agreement,
    };
    setErrors(next);
    if (firstError(next)) return;
    setBusy(true);
    try {
      const res = await getCore().login(
        mode === 'password' ? { phone: phone.trim(), password } : { phone: phone.trim(), code: code.trim() },
      );
      if (!res.ok) {
        setMsg(res.msg);
        return;
      }
      showToast(T.login.success);
      navigate(paths.user, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={T.login.title}>
      <div className="us-tabs" role="tablist" aria-label={T.login.title}>
        {(['password', 'code'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={`us-tabs__tab${mode === m ? ' is-active' : ''}`}
            onClick={() => {
              setMode(m);
              setMsg(null);
            }}
          >
            {m === 'password' ? T.login.byPassword : T.login.byCode}
          </button>
        ))}
      </div>
      <form
        className="us-form"
        onSubmit={submit}
        noValidate
        aria-label={mode === 'password' ? T.login.byPassword : T.login.byCode}
      >
        <FormField
          label={T.fields.phone}
          placeholder={T.fields.phonePh}
          value={phone}
          onChange={setPhone}
          error={errors.phone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          name="phone"
        />
        {mode === 'password' ? (
          <FormField
            label={T.fields.password}
            placeholder={T.fields.passwordPh}
            value={password}
            onChange={setPassword}
            error={errors.password}
            type="password"
            autoComplete="current-password"
            maxLength={20}
            name="password"
          />
        ) : (
          <FormField
            label={T.fields.code}
            placeholder={T.fields.codePh}
            value={code}
            onChange={setCode}
            error={errors.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            name="code"
            aside={<SmsCodeButton onSend={sendSms} labels={T.sms} />}
          />
        )}
        <AgreementConsent checked={agree} onChange={setAgree} error={errors.agree ?? null} />
        <FormMessage text={msg} />
        <button type="submit" className="us-btn us-btn--block" disabled={busy}>
          {T.login.submit}
        </button>
        <div className="us-form__links">
          <Link href={paths.register} className="us-link">
            {T.login.toRegister}
          </Link>
          <Link href={paths.userSub('password')} className="us-link">
            {T.login.forgot}
          </Link>
        </div>
      </form>
    </AuthShell>
  );
}

export function RegisterPage() {
  const [, navigate] = useLocation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [msg, setMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sendSms = useSmsSender(phone, 'register', setErrors, setMsg);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      phone: phoneError(phone),
      code: codeError(code),
      password: passwordError(password),
      confirm: confirm === password ? null : T.errors.confirm,
      agree: agree ? null : T.errors.agreement,
    };
    setErrors(next);
    if (firstError(next)) return;
    setBusy(true);
    try {
      const res = await getCore().register({ phone: phone.trim(), code: code.trim(), password });
      if (!res.ok) {
        setMsg(res.msg);
        return;
      }
      showToast(T.register.success);
      navigate(paths.user, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={T.register.title}>
      <form className="us-form" onSubmit={submit} noValidate aria-label={T.register.title}>
        <FormField
          label={T.fields.phone}
          placeholder={T.fields.phonePh}
          value={phone}
          onChange={setPhone}
          error={errors.phone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          name="phone"
        />
        <FormField
          label={T.fields.code}
          placeholder={T.fields.codePh}
          value={code}
          onChange={setCode}
          error={errors.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          name="code"
          aside={<SmsCodeButton onSend={sendSms} labels={T.sms} />}
        />
        <FormField
          label={T.fields.password}
          placeholder={T.fields.passwordPh}
          value={password}
          onChange={setPassword}
          error={errors.password}
          type="password"
          autoComplete="new-password"
          maxLength={20}
          name="password"
        />
        <FormField
          label={T.fields.confirm}
          placeholder={T.fields.confirmPh}
          value={confirm}
          onChange={setConfirm}
          error={errors.confirm}
          type="password"
          autoComplete="new-password"
          maxLength={20}
          name="confirm"
        />
        <AgreementConsent checked={agree} onChange={setAgree} error={errors.agree ?? null} />
        <FormMessage text={msg} />
        <button type="submit" className="us-btn us-btn--block" disabled={busy}>
          {T.register.submit}
        </button>
        <div className="us-form__links">
          <Link href={paths.login} className="us-link">
            {T.register.toLogin}
          </Link>
        </div>
      </form>
    </AuthShell>
  );
}

export function RetrievePasswordPage() {
  const [, navigate] = useLocation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [msg, setMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sendSms = useSmsSender(phone, 'password', setErrors, setMsg);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      phone: phoneError(phone),
      code: codeError(code),
      password: passwordError(password),
      confirm: confirm === password ? null : T.errors.confirm,
    };
    setErrors(next);
    if (firstError(next)) return;
    setBusy(true);
    try {
      const env = await retrievePassword(phone.trim(), code.trim(), password);
      if (env.code !== 200) {
        setMsg(env.msg);
        return;
      }
      showToast(T.retrieve.success);
      navigate(paths.login, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={T.retrieve.title}>
      <form className="us-form" onSubmit={submit} noValidate aria-label={T.retrieve.title}>
        <FormField
          label={T.fields.phone}
          placeholder={T.fields.phonePh}
          value={phone}
          onChange={setPhone}
          error={errors.phone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          name="phone"
        />
        <FormField
          label={T.fields.code}
          placeholder={T.fields.codePh}
          value={code}
          onChange={setCode}
          error={errors.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          name="code"
          aside={<SmsCodeButton onSend={sendSms} labels={T.sms} />}
        />
        <FormField
          label={T.change.newPassword}
          placeholder={T.fields.passwordPh}
          value={password}
          onChange={setPassword}
          error={errors.password}
          type="password"
          autoComplete="new-password"
          maxLength={20}
          name="password"
        />
        <FormField
          label={T.change.confirm}
          placeholder={T.fields.confirmPh}
          value={confirm}
          onChange={setConfirm}
          error={errors.confirm}
          type="password"
          autoComplete="new-password"
          maxLength={20}
          name="confirm"
        />
        <FormMessage text={msg} />
        <button type="submit" className="us-btn us-btn--block" disabled={busy}>
          {T.retrieve.submit}
        </button>
      </form>
    </AuthShell>
  );
}

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
        <FormField
          label={T.change.oldPassword}
          value={oldPassword}
          onChange={setOld}
          error={errors.old}
          type="password"
          autoComplete="current-password"
          maxLength={20}
          name="oldPassword"
        />
        <FormField
          label={T.change.newPassword}
          placeholder={T.fields.passwordPh}
          value={password}
          onChange={setPassword}
          error={errors.password}
          type="password"
          autoComplete="new-password"
          maxLength={20}
          name="password"
        />
        <FormField
          label={T.change.confirm}
          placeholder={T.fields.confirmPh}
          value={confirm}
          onChange={setConfirm}
          error={errors.confirm}
          type="password"
          autoComplete="new-password"
          maxLength={20}
          name="confirm"
        />
        <FormMessage text={msg} />
        <button type="submit" className="us-btn us-btn--block" disabled={busy}>
          {T.change.submit}
        </button>
      </form>
    </div>
  );
}
