/** 实名认证: real name and ID number. */
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { FormField, FormMessage } from '../../components/user/FormField';
import { PageHeader } from '../../components/user/PageHeader';
import { centreApi } from './centre-api';
import { USER_TEXT as T } from './strings';
import { goBack, useLoad } from './use-load';
import { idNumberError, realNameError } from './validation';

export function CertificationPage() {
  const [, navigate] = useLocation();
  const state = useLoad(() => centreApi.realName(), []);
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [errors, setErrors] = useState<{ name: string | null; id: string | null }>({ name: null, id: null });
  const [msg, setMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { name: realNameError(name), id: idNumberError(idNumber) };
    setErrors(next);
    if (next.name || next.id) return;
    setBusy(true);
    try {
      const env = await centreApi.certify(name.trim(), idNumber.trim().toUpperCase());
      if (env.code !== 200) {
        setMsg(env.msg);
        return;
      }
      state.set(() => env.data);
      showToast(T.cert.success);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="us-page">
      <PageHeader title={T.cert.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      {state.data?.certified ? (
        <section className="us-card us-cert-done" aria-label={T.cert.done}>
          <p className="us-cert-done__title">✓ {T.cert.done}</p>
          <dl className="us-dl">
            <dt>{T.cert.name}</dt>
            <dd data-testid="cert-name">{state.data.name}</dd>
            <dt>{T.cert.idNumber}</dt>
            <dd data-testid="cert-id">{state.data.idNumber}</dd>
          </dl>
        </section>
      ) : (
        <form className="us-form us-card" onSubmit={submit} noValidate aria-label={T.cert.title}>
          <p className="us-muted">{T.cert.notice}</p>
          <FormField
            label={T.cert.name}
            placeholder={T.cert.namePh}
            value={name}
            onChange={setName}
            error={errors.name}
            maxLength={20}
            name="name"
            autoComplete="name"
          />
          <FormField
            label={T.cert.idNumber}
            placeholder={T.cert.idPh}
            value={idNumber}
            onChange={setIdNumber}
            error={errors.id}
            maxLength={18}
            name="idNumber"
            autoComplete="off"
          />
          <FormMessage text={msg} />
          <button type="submit" className="us-btn us-btn--block" disabled={busy || state.loading}>
            {T.cert.submit}
          </button>
        </form>
      )}
    </div>
  );
}
