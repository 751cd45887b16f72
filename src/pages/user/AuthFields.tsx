/**
 * The sign-in fields, each configured once (input mode, autofill hint, length): phone, SMS code
 * with its send button, and a password. Login, register, retrieve and change password use them.
 */
import { FormField } from '../../components/user/FormField';
import { SmsCodeButton } from '../../components/user/SmsCodeButton';
import { USER_TEXT as T } from './strings';

interface FieldProps {
  value: string;
  onChange(value: string): void;
  error: string | null | undefined;
}

export function PhoneField(props: FieldProps) {
  return (
    <FormField
      label={T.fields.phone}
      placeholder={T.fields.phonePh}
      {...props}
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      maxLength={11}
      name="phone"
    />
  );
}

export function SmsCodeField({ onSend, ...props }: FieldProps & { onSend: () => Promise<boolean> }) {
  return (
    <FormField
      label={T.fields.code}
      placeholder={T.fields.codePh}
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      name="code"
      aside={<SmsCodeButton onSend={onSend} labels={T.sms} />}
    />
  );
}

export function PasswordField(
  props: FieldProps & {
    label: string;
    placeholder?: string;
    name: string;
    /** 'current-password' for the password a user has, 'new-password' for one being set. */
    autoComplete: 'current-password' | 'new-password';
  },
) {
  return <FormField {...props} type="password" maxLength={20} />;
}

/** A new password and its confirmation (register, retrieve, change password). */
export function NewPasswordFields(props: {
  labels: { password: string; confirm: string };
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
  errors: { password?: string | null; confirm?: string | null };
}) {
  return (
    <>
      <PasswordField
        label={props.labels.password}
        placeholder={T.fields.passwordPh}
        value={props.password}
        onChange={props.onPassword}
        error={props.errors.password}
        autoComplete="new-password"
        name="password"
      />
      <PasswordField
        label={props.labels.confirm}
        placeholder={T.fields.confirmPh}
        value={props.confirm}
        onChange={props.onConfirm}
        error={props.errors.confirm}
        autoComplete="new-password"
        name="confirm"
      />
    </>
  );
}
