/**
 * The tab side of reminders: the tab the core picked raises a system notification only where
 * the user granted it, tagged by the reminder so the same one never stacks. jsdom has no
 * Notification, so a recording class stands in for the browser's.
 */
import { describe, expect, it } from 'vitest';
import { askNotificationPermission, raiseSystemNotification } from '../../../src/app/system-notification';
import type { ReminderEvent } from '../../../src/core/index';

function fakeNotification(permission: NotificationPermission) {
  let asked = 0;
  class FakeNotification {
    static permission = permission;
    static requestPermission = async () => {
      asked++;
      return 'granted' as NotificationPermission;
    };
    onclick: (() => void) | null = null;
    closed = false;
    constructor(
      readonly title: string,
      readonly options?: NotificationOptions,
    ) {
      raised.push(this);
    }
    close() {
      this.closed = true;
    }
  }
  const raised: FakeNotification[] = [];
  return { Ctor: FakeNotification as unknown as typeof Notification, raised, asked: () => asked };
}

const reminder: ReminderEvent = {
  id: '/vlive/detail/r1@1',
  title: '您预约的直播开始了',
  text: '主播：今晚英超',
  path: '/vlive/detail/r1',
  at: 1,
  system: true,
};

describe('system notification of a reminder', () => {
  it('is raised, tagged by the reminder, and opens the room when tapped, where granted', () => {
    const n = fakeNotification('granted');
    const opened: string[] = [];
    expect(raiseSystemNotification(reminder, (p) => opened.push(p), n.Ctor)).toBe(true);
    expect(n.raised).toHaveLength(1);
    expect(n.raised[0].title).toBe('您预约的直播开始了');
    expect(n.raised[0].options).toMatchObject({ body: '主播：今晚英超', tag: reminder.id });
    n.raised[0].onclick?.();
    expect(opened).toEqual(['/vlive/detail/r1']);
    expect(n.raised[0].closed).toBe(true);
  });

  it('is not raised where the user did not grant it, nor where the browser has none', () => {
    for (const p of ['denied', 'default'] as const) {
      const n = fakeNotification(p);
      expect(raiseSystemNotification(reminder, () => undefined, n.Ctor)).toBe(false);
      expect(n.raised).toHaveLength(0);
    }
    expect(raiseSystemNotification(reminder, () => undefined, undefined)).toBe(false);
  });

  it('asks for permission only while the user has not decided', () => {
    const undecided = fakeNotification('default');
    askNotificationPermission(undecided.Ctor);
    expect(undecided.asked()).toBe(1);
    const denied = fakeNotification('denied');
    askNotificationPermission(denied.Ctor);
    expect(denied.asked()).toBe(0);
  });
});
