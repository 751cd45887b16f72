/**
 * The one form behind 注册 and 找回密码: phone, SMS code, a new password twice (and, to
 * register, the agreement consent). The pages differ only in their labels, the SMS scene and
 * what a valid form is sent to.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormMessage } from '../../components/user/FormField';
import { PhoneField, SmsCodeField, NewPasswordFields } from './AuthFields';
import type { SmsScene } from './centre-api';
import { USER_TEXT as T } from './strings';
import { codeError, passwordError, phoneError } from './validation';
import { AgreementConsent, AuthShell, firstError, useSmsSender, type Errors } from './AuthShell';

export interface SmsPasswordValues {
  phone: string;
  code: string;
  password: string;
}

export interface SmsPasswordFormProps {
  title: string;
  scene: Extract<SmsScene, 'register' | 'password'>;
  passwordLabel: string;
  confirmLabel: string;
  submitLabel: string;
  /** Registering asks for the agreement consent; retrieving a password does not. */
  withConsent: boolean;
  /** Sends the checked form; an answer with `ok: false` shows its `msg` under the form. */
  onSubmit(values: SmsPasswordValues): Promise<{ ok: boolean; msg: string }>;
  /** Called after a successful submit (toast, navigation). */
  onDone(): void;
  footer?: ReactNode;
}

export function SmsPasswordForm(props: SmsPasswordFormProps) {
  const { title, scene, withConsent } = props;
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [msg, setMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sendSms = useSmsSender(phone, scene, setErrors, setMsg);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      phone: phoneError(phone),
      code: codeError(code),
      password: passwordError(password),
      confirm: confirm === password ? null : T.errors.confirm,
      ...(withConsent ? { agree: agree ? null : T.errors.agreement } : {}),
    };
    setErrors(next);
    if (firstError(next)) return;
    setBusy(true);
    try {
      const res = await props.onSubmit({ phone: phone.trim(), code: code.trim(), password });
      if (!res.ok) {
        setMsg(res.msg);
        return;
      }
      props.onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={title}>
      <form className="us-form" onSubmit={submit} noValidate aria-label={title}>
        <PhoneField value={phone} onChange={setPhone} error={errors.phone} />
        <SmsCodeField value={code} onChange={setCode} error={errors.code} onSend={sendSms} />
        <NewPasswordFields
          labels={{ password: props.passwordLabel, confirm: props.confirmLabel }}
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={errors}
        />
        {withConsent && <AgreementConsent checked={agree} onChange={setAgree} error={errors.agree ?? null} />}
        <FormMessage text={msg} />
        <button type="submit" className="us-btn us-btn--block" disabled={busy}>
          {props.submitLabel}
        </button>
        {props.footer}
      </form>
    </AuthShell>
  );
}
