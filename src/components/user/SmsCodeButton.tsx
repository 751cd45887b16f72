/** "获取验证码" with a 60 s countdown after a successful send. `onSend` resolves true when sent. */
import { useEffect, useState } from 'react';

export const SMS_COOLDOWN_S = 60;

export interface SmsCodeButtonProps {
  onSend: () => Promise<boolean>;
  labels: { send: string; sending: string; resend: (s: number) => string };
  disabled?: boolean;
}

export function SmsCodeButton({ onSend, labels, disabled }: SmsCodeButtonProps) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return (
    <button
      type="button"
      className="us-sms-btn"
      disabled={disabled || busy || left > 0}
      onClick={async () => {
        setBusy(true);
        try {
          if (await onSend()) setLeft(SMS_COOLDOWN_S);
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? labels.sending : left > 0 ? labels.resend(left) : labels.send}
    </button>
  );
}
