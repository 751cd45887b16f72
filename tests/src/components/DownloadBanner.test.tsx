import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShellBanner } from '../../../src/app/ShellBanner';
import { BANNER_HIDE_KEY } from '../../../src/app/download-banner-flag';

function stubStandalone(on: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches: on && q === '(display-mode: standalone)',
    media: q,
    addEventListener() {},
    removeEventListener() {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const day = (h: number, m = 0) => new Date(2026, 10, 22, h, m).getTime();

describe('download banner', () => {
  it('shows app name + 直播, the slogan and 立即下载 → /download', () => {
    stubStandalone(false);
    render(<ShellBanner appName="球赛" now={() => day(10)} />);
    expect(screen.getByText('球赛直播')).toBeTruthy();
    expect(screen.getByText('顶级体育赛事直播APP')).toBeTruthy();
    expect(screen.getByRole('link', { name: '立即下载' }).getAttribute('href')).toBe('/download');
  });

  it('is hidden when running as an installed home-screen app', () => {
    stubStandalone(true);
    render(<ShellBanner appName="球赛" now={() => day(10)} />);
    expect(screen.queryByText('顶级体育赛事直播APP')).toBeNull();
  });

  it('once closed stays hidden for the rest of the day, and is back the next day', () => {
    stubStandalone(false);
    const first = render(<ShellBanner appName="球赛" now={() => day(10)} />);
    fireEvent.click(screen.getByRole('button', { name: '关闭下载提示' }));
    expect(screen.queryByText('顶级体育赛事直播APP')).toBeNull();
    expect(localStorage.getItem(BANNER_HIDE_KEY)).not.toBeNull();
    first.unmount();

    const later = render(<ShellBanner appName="球赛" now={() => day(23, 59)} />);
    expect(screen.queryByText('顶级体育赛事直播APP')).toBeNull();
    later.unmount();

    render(<ShellBanner appName="球赛" now={() => day(24, 1)} />);
    expect(screen.getByText('顶级体育赛事直播APP')).toBeTruthy();
  });
});
