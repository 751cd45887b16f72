import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SettingsPanel } from '../../../../src/components/live/SettingsPanel';
import { DEFAULT_LIVE_SETTINGS } from '../../../../workers/core/api';

describe('SettingsPanel', () => {
  it('shows the spec defaults: goal, red, yellow, corner on; ranking off', () => {
    render(<SettingsPanel settings={DEFAULT_LIVE_SETTINGS} onChange={() => undefined} />);
    const sw = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
    expect(sw('进球提醒').checked).toBe(true);
    expect(sw('红牌提醒').checked).toBe(true);
    expect(sw('黄牌提醒').checked).toBe(true);
    expect(sw('角球提醒').checked).toBe(true);
    expect(sw('显示球队排名').checked).toBe(false);
    expect(sw('只提醒关注的比赛').checked).toBe(false);
    expect(screen.getByText('0 秒')).toBeTruthy();
  });

  it('each switch writes its own flag', () => {
    const onChange = vi.fn();
    render(<SettingsPanel settings={DEFAULT_LIVE_SETTINGS} onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch', { name: '黄牌提醒' }));
    expect(onChange).toHaveBeenLastCalledWith({ hpChecked: false });
    fireEvent.click(screen.getByRole('switch', { name: '显示球队排名' }));
    expect(onChange).toHaveBeenLastCalledWith({ pmChecked: true });
    fireEvent.click(screen.getByRole('switch', { name: '只提醒关注的比赛' }));
    expect(onChange).toHaveBeenLastCalledWith({ followedOnly: true });
  });

  it('alert delay is whole seconds within 0–60', () => {
    const onChange = vi.fn();
    const { rerender } = render(<SettingsPanel settings={DEFAULT_LIVE_SETTINGS} onChange={onChange} />);
    const range = screen.getByRole('slider', { name: '提醒延迟' });
    fireEvent.change(range, { target: { value: '15' } });
    expect(onChange).toHaveBeenLastCalledWith({ alertDelaySec: 15 });
    expect(range.getAttribute('max')).toBe('60');
    rerender(<SettingsPanel settings={{ ...DEFAULT_LIVE_SETTINGS, alertDelaySec: 15 }} onChange={onChange} />);
    expect(screen.getByText('15 秒')).toBeTruthy();
  });
});
