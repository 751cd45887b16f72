/**
 * The system notification of a reminder (a reserved broadcast started). Only where the browser
 * has notifications and the user granted them; the tag makes a second raise of the same reminder
 * (another browser window's core in the in-tab fallback) replace the first instead of stacking.
 */
import type { ReminderEvent } from '../core/index';

type NotificationCtor = typeof Notification;

/** Raises it and returns true, or returns false when notifications are not available or allowed. */
export function raiseSystemNotification(
  reminder: ReminderEvent,
  open: (path: string) => void,
  Ctor: NotificationCtor | undefined = globalThis.Notification,
): boolean {
  if (!Ctor || Ctor.permission !== 'granted') return false;
  const n = new Ctor(reminder.title, { body: reminder.text, tag: reminder.id });
  n.onclick = () => {
    globalThis.focus?.();
    open(reminder.path);
    n.close();
  };
  return true;
}

/** Asks once, on the user's own gesture (reserving a broadcast), whether reminders may notify. */
export function askNotificationPermission(Ctor: NotificationCtor | undefined = globalThis.Notification): void {
  if (Ctor && Ctor.permission === 'default') void Ctor.requestPermission().catch(() => undefined);
}
