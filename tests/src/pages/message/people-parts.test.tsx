import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PeopleRows, SettingSwitch, chatPathOf } from '../../../../src/pages/message/PeopleParts';
import { idParam } from '../../../../src/pages/message/PersonalPage';

// jsdom has no layout and no ResizeObserver: give it an inert one (nothing ever resizes here).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

describe('PeopleRows', () => {
  it('keeps only a window of a thousand people in the DOM, each row opening that person’s card', () => {
    const people = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, nickName: `球迷${i + 1}`, avatar: '' }));
    const { container } = render(<PeopleRows people={people} label="我的粉丝" />);
    const list = screen.getByRole('list', { name: '我的粉丝' });
    expect(list.getAttribute('data-people')).toBe('1000');
    const rows = container.querySelectorAll('[data-user-id]');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]!.querySelector('a')!.getAttribute('href')).toBe('/message/personal?id=1');
    // The list is as tall as all rows, so the page scrolls through all of them.
    expect(parseInt(list.style.height, 10)).toBe(1000 * 64);
  });
});

describe('SettingSwitch', () => {
  it('moves at once, and moves back when the server refuses', async () => {
    let answer = false;
    render(<SettingSwitch label="消息免打扰" checked={false} onChange={async () => answer} />);
    const sw = screen.getByRole('switch', { name: '消息免打扰' }) as HTMLInputElement;
    await act(async () => {
      fireEvent.click(sw);
    });
    expect(sw.checked).toBe(false);
    answer = true;
    await act(async () => {
      fireEvent.click(sw);
    });
    expect(sw.checked).toBe(true);
    expect(sw.getAttribute('aria-checked')).toBe('true');
  });
});

describe('chatPathOf and idParam', () => {
  it('opens the other person of a private conversation, or the group', () => {
    expect(chatPathOf('p:3:9', 3)).toBe('/message/chat?peer=9');
    expect(chatPathOf('p:3:9', 9)).toBe('/message/chat?peer=3');
    expect(chatPathOf('p:3:9', 4)).toBeNull();
    expect(chatPathOf('p:3:9', null)).toBeNull();
    expect(chatPathOf('g:12', 4)).toBe('/message/chat?group=12');
  });

  it('takes only a positive 32-bit id', () => {
    expect(idParam('15')).toBe(15);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '2147483648', '99999999999']) expect(idParam(bad)).toBeNull();
  });
});
