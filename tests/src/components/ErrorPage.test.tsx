import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorPage } from '../../../src/components/ErrorPage';
import { ErrorBoundary } from '../../../src/app/ErrorBoundary';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function Boom(): never {
  throw new Error('render failed');
}

describe('error page', () => {
  it('says 404-页面不存在 for 404 and 应用发生错误异常 otherwise, with a home link', () => {
    const { unmount } = render(<ErrorPage statusCode={404} native={false} onLeave={null} />);
    expect(screen.getByRole('heading').textContent).toBe('404-页面不存在');
    expect(screen.getByText('This page could not be found')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    unmount();
    render(<ErrorPage statusCode={500} native={false} onLeave={null} />);
    expect(screen.getByRole('heading').textContent).toBe('应用发生错误异常');
  });

  it('leaves by itself after a visible countdown', () => {
    const onLeave = vi.fn();
    render(<ErrorPage statusCode={404} native={false} onLeave={onLeave} seconds={3} />);
    expect(screen.getByText('3 秒后自动返回首页')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('1 秒后自动返回首页')).toBeTruthy();
    expect(onLeave).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('inside the native shell it announces closing instead', () => {
    render(<ErrorPage statusCode={500} native onLeave={vi.fn()} />);
    expect(screen.getByText('3 秒后自动关闭')).toBeTruthy();
  });
});

describe('error boundary', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page when a page throws while rendering', () => {
    render(
      <ErrorBoundary fallback={() => <ErrorPage statusCode={500} native={false} onLeave={null} />}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe('应用发生错误异常');
  });

  it('falls back to plain text when the error page itself fails', () => {
    render(
      <ErrorBoundary fallback={() => <Boom />}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByText('An error occurred while showing the error page')).toBeTruthy();
  });
});
