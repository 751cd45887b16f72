/**
 * 登录: password or SMS code, with the agreement consent (spec §2 User). After a few failed
 * password logins the server asks for 滑动验证 (Code.SLIDE_REQUIRED): the puzzle opens, and the
 * login is sent again with its vertoken.
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { getCore } from '../../core/index';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { FormMessage } from '../../components/user/FormField';
import { SlideVerify } from '../../components/user/SlideVerify';
import { Code } from '../../../workers/protocol/codes';
import { centreApi } from './centre-api';
import { PasswordField, PhoneField, SmsCodeField } from './AuthFields';
import { USER_TEXT as T } from './strings';
import { codeError, phoneError } from './validation';
import { AgreementConsent, AuthShell, firstError, useSmsSender, type Errors } from './AuthShell';
import { TabList } from '../../components/TabList';

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
  const [slide, setSlide] = useState(false);
  const sendSms = useSmsSender(phone, 'login', setErrors, setMsg);

  const send = async (vertoken?: string) => {
    setBusy(true);
    try {
      const res = await getCore().login(
        mode === 'password' ? { phone: phone.trim(), password, vertoken } : { phone: phone.trim(), code: code.trim() },
      );
      if (!res.ok) {
        setMsg(res.msg);
        if (res.code === Code.SLIDE_REQUIRED) setSlide(true);
        return;
      }
      showToast(T.login.success);
      navigate(paths.user, { replace: true });
    } finally {
      setBusy(false);
    }
  };

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
    await send();
  };

  return (
    <AuthShell title={T.login.title}>
      {slide && (
        <div className="us-sheet">
          <SlideVerify
            load={centreApi.slideChallenge}
            answer={centreApi.slideAnswer}
            texts={T.slide}
            onCancel={() => setSlide(false)}
            onSolved={(vertoken) => {
              setSlide(false);
              setMsg(null);
              void send(vertoken);
            }}
          />
        </div>
      )}
      <TabList
        tabs={['password', 'code'] as const}
        value={mode}
        onChange={(m) => {
          setMode(m);
          setMsg(null);
        }}
        labelOf={(m) => (m === 'password' ? T.login.byPassword : T.login.byCode)}
        className="us-tabs"
        tabClassName="us-tabs__tab"
        activeClassName="is-active"
        label={T.login.title}
      />
      <form
        className="us-form"
        onSubmit={submit}
        noValidate
        aria-label={mode === 'password' ? T.login.byPassword : T.login.byCode}
      >
        <PhoneField value={phone} onChange={setPhone} error={errors.phone} />
        {mode === 'password' ? (
          <PasswordField
            label={T.fields.password}
            placeholder={T.fields.passwordPh}
            value={password}
            onChange={setPassword}
            error={errors.password}
            autoComplete="current-password"
            name="password"
          />
        ) : (
          <SmsCodeField value={code} onChange={setCode} error={errors.code} onSend={sendSms} />
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
