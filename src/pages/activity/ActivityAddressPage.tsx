/** /activity/address: where a won prize is shipped. */
import { useState, type FormEvent } from 'react';
import { useSession } from '../../core/index';
import { showToast } from '../../state/ui';
import { ListState } from '../../components/user/ListState';
import { FormField, type FormFieldProps } from '../../components/user/FormField';
import type { ActivityAddress } from '../../../workers/protocol/index';
import { useLoad } from '../user/use-load';
import { activityApi } from './activity-api';
import { ACTIVITY_TEXT as T } from './strings';
import { addressProblems, type AddressProblems } from '../../../workers/protocol/api/activity';
import { LoginFirst, STATE_TEXT, Shell } from './ActivityShell';

type AddressErrors = AddressProblems;

/** The protocol's rules, the same as the server's, so most mistakes show before a round trip. */
export const addressErrors = (a: ActivityAddress): AddressErrors => addressProblems(a);

/** The four inputs, in order: how long each may be and what the browser may fill in. */
const ADDRESS_FIELDS: ReadonlyArray<
  { key: keyof ActivityAddress } & Pick<FormFieldProps, 'maxLength' | 'autoComplete' | 'inputMode' | 'placeholder'>
> = [
  { key: 'name', maxLength: 20, autoComplete: 'name' },
  { key: 'mobile', maxLength: 11, inputMode: 'numeric', autoComplete: 'tel' },
  { key: 'region', maxLength: 50, placeholder: T.address.regionPlaceholder },
  { key: 'detail', maxLength: 120, autoComplete: 'street-address' },
];

export function ActivityAddressPage() {
  const session = useSession();
  const stored = useLoad(session.loggedIn ? () => activityApi.address() : null, [session.loggedIn]);
  const [form, setForm] = useState<ActivityAddress | null>(null);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const value = form ?? stored.data ?? { name: '', mobile: '', region: '', detail: '' };
  const set = (k: keyof ActivityAddress) => (v: string) => {
    setForm({ ...value, [k]: v });
    setErrors((e) => ({ ...e, [k]: undefined }));
    setServerError(null);
  };
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e = addressErrors(value);
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      const env = await activityApi.saveAddress(value);
      if (env.code !== 200) setServerError(env.msg);
      else {
        stored.set(() => env.data);
        setForm(null);
        showToast(T.address.saved);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Shell title={T.address.title}>
      {!session.loggedIn ? (
        <LoginFirst />
      ) : stored.loading ? (
        <ListState loading error={null} empty={false} texts={STATE_TEXT} />
      ) : (
        <form className="us-form us-card" onSubmit={submit} noValidate aria-label={T.address.title}>
          {ADDRESS_FIELDS.map(({ key, ...input }) => (
            <FormField
              key={key}
              {...input}
              label={T.address[key]}
              value={value[key]}
              onChange={set(key)}
              error={errors[key]}
              name={key}
            />
          ))}
          <p className="us-field__error" role="alert">
            {serverError ?? stored.error ?? ''}
          </p>
          <button type="submit" className="us-btn us-btn--block" disabled={busy}>
            {T.address.submit}
          </button>
        </form>
      )}
    </Shell>
  );
}
