import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Avatar } from '../../../../src/components/user/Avatar';
import { FormField, FormMessage } from '../../../../src/components/user/FormField';
import { ListState } from '../../../../src/components/user/ListState';
import { SMS_COOLDOWN_S, SmsCodeButton } from '../../../../src/components/user/SmsCodeButton';
import { clampLayout, coverScale, initialLayout, sourceRect, zoomTo } from '../../../../src/components/user/crop-math';
import { USER_TEXT } from '../../../../src/pages/user/strings';

afterEach(() => vi.useRealTimers());

describe('FormField', () => {
  it('names the input by its label and ties the error to it for screen readers', () => {
    const onChange = vi.fn();
    render(<FormField label="手机号" value="" onChange={onChange} error="请输入正确的11位手机号" name="phone" />);
    const input = screen.getByLabelText('手机号');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const errId = input.getAttribute('aria-describedby')!;
    const err = document.getElementById(errId)!;
    expect(err.textContent).toBe('请输入正确的11位手机号');
    expect(err.getAttribute('aria-live')).toBe('polite');
    fireEvent.change(input, { target: { value: '138' } });
    expect(onChange).toHaveBeenCalledWith('138');
  });

  it('has no invalid state without an error', () => {
    render(<FormField label="昵称" value="球迷" onChange={() => undefined} />);
    expect(screen.getByLabelText('昵称').hasAttribute('aria-invalid')).toBe(false);
  });

  it('announces a form message as an alert', () => {
    render(<FormMessage text="验证码错误" />);
    expect(screen.getByRole('alert').textContent).toBe('验证码错误');
  });
});

describe('SmsCodeButton', () => {
  it('counts down 60 s after a successful send and not after a refused one', async () => {
    vi.useFakeTimers();
    let answer = false;
    const onSend = vi.fn(async () => answer);
    render(<SmsCodeButton onSend={onSend} labels={USER_TEXT.sms} />);
    const btn = screen.getByRole('button');
    await act(async () => {
      fireEvent.click(btn);
    });
    expect(btn.textContent).toBe('获取验证码');
    expect((btn as HTMLButtonElement).disabled).toBe(false);
    answer = true;
    await act(async () => {
      fireEvent.click(btn);
    });
    expect(btn.textContent).toBe(`${SMS_COOLDOWN_S}秒后重发`);
    expect((btn as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 59; i++) await act(async () => void vi.advanceTimersByTime(1000));
    expect(btn.textContent).toBe('1秒后重发');
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(btn.textContent).toBe('获取验证码');
    expect(onSend).toHaveBeenCalledTimes(2);
  });
});

describe('ListState', () => {
  const texts = { loading: '加载中…', empty: '暂无系统消息', failed: '加载失败，点击重试' };
  it('shows loading, then error with retry, then empty', () => {
    const retry = vi.fn();
    const { rerender } = render(<ListState loading error={null} empty={false} texts={texts} />);
    expect(screen.getByRole('status').textContent).toBe('加载中…');
    rerender(<ListState loading={false} error="请先登录" empty={false} texts={texts} onRetry={retry} />);
    fireEvent.click(screen.getByRole('button'));
    expect(retry).toHaveBeenCalled();
    rerender(<ListState loading={false} error={null} empty texts={texts} />);
    expect(screen.getByRole('status').textContent).toBe('暂无系统消息');
    rerender(<ListState loading={false} error={null} empty={false} texts={texts} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('Avatar', () => {
  it('shows the initial until the image has loaded (spec §5)', () => {
    const images: Array<{ onload: (() => void) | null; src: string }> = [];
    vi.stubGlobal(
      'Image',
      class {
        onload: (() => void) | null = null;
        src = '';
        constructor() {
          images.push(this);
        }
      },
    );
    render(<Avatar src="/media/uploads/a.png" name="球迷甲" />);
    expect(screen.getByRole('img', { name: '球迷甲' }).querySelector('img')).toBeNull();
    expect(screen.getByText('球')).toBeTruthy();
    act(() => images[0]!.onload?.());
    expect(screen.getByRole('img', { name: '球迷甲' }).querySelector('img')?.getAttribute('src')).toBe(
      '/media/uploads/a.png',
    );
    vi.unstubAllGlobals();
  });
});

describe('crop math', () => {
  const V = 260;
  it('starts centred at cover scale', () => {
    const l = initialLayout(800, 400, V);
    expect(l.scale).toBeCloseTo(V / 400);
    expect(l.y).toBeCloseTo(0);
    expect(l.x).toBeCloseTo((V - 800 * l.scale) / 2);
    const r = sourceRect(l, V);
    expect(r.size).toBeCloseTo(400);
    expect(r.sx).toBeCloseTo(200);
  });
  it('never lets an empty edge into the crop', () => {
    const l = clampLayout({ scale: 0.01, x: 50, y: -9999 }, 800, 400, V);
    expect(l.scale).toBe(coverScale(800, 400, V));
    expect(l.x).toBe(0);
    expect(l.y).toBeCloseTo(V - 400 * l.scale);
  });
  it('zooms around the centre', () => {
    const l0 = initialLayout(400, 400, V);
    const l1 = zoomTo(l0, l0.scale * 2, 400, 400, V);
    const r = sourceRect(l1, V);
    expect(r.size).toBeCloseTo(200);
    expect(r.sx).toBeCloseTo(100);
    expect(r.sy).toBeCloseTo(100);
  });
});
