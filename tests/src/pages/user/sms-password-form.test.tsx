/**
 * The one form behind 注册 and 找回密码: the same checks for both, the agreement consent only
 * when registering, nothing sent while a field is wrong, and the server's refusal shown.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SmsPasswordForm, type SmsPasswordFormProps } from '../../../../src/pages/user/SmsPasswordForm';
import { USER_TEXT as T } from '../../../../src/pages/user/strings';

function renderForm(over: Partial<SmsPasswordFormProps> = {}) {
  const onSubmit = vi.fn(async () => ({ ok: true, msg: '' }));
  const onDone = vi.fn();
  const props: SmsPasswordFormProps = {
    title: T.register.title,
    scene: 'register',
    passwordLabel: T.fields.password,
    confirmLabel: T.fields.confirm,
    submitLabel: T.register.submit,
    withConsent: true,
    onSubmit,
    onDone,
    ...over,
  };
  render(<SmsPasswordForm {...props} />);
  return { onSubmit: (over.onSubmit as typeof onSubmit | undefined) ?? onSubmit, onDone };
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function submit(label: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: label }));
  });
}

describe('SmsPasswordForm', () => {
  it('registering asks for the consent and sends nothing until every field is right', async () => {
    const { onSubmit, onDone } = renderForm();
    await submit(T.register.submit);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(T.errors.phone)).toBeTruthy();
    fill(T.fields.phone, ' 13800000009 ');
    fill(T.fields.code, '123456');
    fill(T.fields.password, 'abc12345');
    fill(T.fields.confirm, 'abc12345');
    await submit(T.register.submit);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(T.errors.agreement)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox'));
    });
    await submit(T.register.submit);
    expect(onSubmit).toHaveBeenCalledWith({ phone: '13800000009', code: '123456', password: 'abc12345' });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('retrieving a password has no consent, and shows the refusal instead of finishing', async () => {
    const onSubmit = vi.fn(async () => ({ ok: false, msg: '验证码错误' }));
    const { onDone } = renderForm({
      title: T.retrieve.title,
      scene: 'password',
      passwordLabel: T.change.newPassword,
      confirmLabel: T.change.confirm,
      submitLabel: T.retrieve.submit,
      withConsent: false,
      onSubmit,
    });
    expect(screen.queryByRole('checkbox')).toBeNull();
    fill(T.fields.phone, '13800000009');
    fill(T.fields.code, '123456');
    fill(T.change.newPassword, 'abc12345');
    fill(T.change.confirm, 'abc12346');
    await submit(T.retrieve.submit);
    expect(screen.getByText(T.errors.confirm)).toBeTruthy();
    fill(T.change.confirm, 'abc12345');
    await submit(T.retrieve.submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('验证码错误');
    expect(onDone).not.toHaveBeenCalled();
  });
});
