import { afterEach, describe, expect, it } from 'vitest';
import {
  BANNER_HIDE_COOKIE,
  BANNER_HIDE_KEY,
  bannerCookieHidden,
  bannerHiddenByUser,
  endOfDay,
  hideBannerForToday,
  isStandalone,
} from '../../../src/app/download-banner-flag';

afterEach(() => localStorage.clear());

describe('download banner hide flag', () => {
  const morning = new Date(2026, 10, 22, 9, 30).getTime();

  it('expires at the local end of the day it was set', () => {
    expect(endOfDay(morning)).toBe(new Date(2026, 10, 23, 0, 0, 0, 0).getTime());
    hideBannerForToday(localStorage, morning);
    expect(bannerHiddenByUser(localStorage, new Date(2026, 10, 22, 23, 59, 59).getTime())).toBe(true);
    expect(bannerHiddenByUser(localStorage, new Date(2026, 10, 23, 0, 0, 1).getTime())).toBe(false);
    expect(localStorage.getItem(BANNER_HIDE_KEY)).toBeNull();
  });

  it('shows the banner when nothing or garbage is stored', () => {
    expect(bannerHiddenByUser(localStorage, morning)).toBe(false);
    localStorage.setItem(BANNER_HIDE_KEY, 'soon');
    expect(bannerHiddenByUser(localStorage, morning)).toBe(false);
  });
});

describe('download banner hide cookie (read by the server)', () => {
  const morning = new Date(2026, 10, 22, 9, 30).getTime();
  const midnight = new Date(2026, 10, 23, 0, 0, 0, 0).getTime();

  it('is written with the flag, expiring at the same local midnight', () => {
    const doc = { cookie: '' };
    hideBannerForToday(localStorage, morning, doc);
    expect(doc.cookie).toBe(
      `${BANNER_HIDE_COOKIE}=${midnight}; path=/; expires=${new Date(midnight).toUTCString()}; SameSite=Lax`,
    );
    expect(localStorage.getItem(BANNER_HIDE_KEY)).toBe(String(midnight));
  });

  it('hides until that midnight, among other cookies, and not for garbage', () => {
    const header = `loggedIn=1; ${BANNER_HIDE_COOKIE}=${midnight}; other=x`;
    expect(bannerCookieHidden(header, morning)).toBe(true);
    expect(bannerCookieHidden(header, midnight)).toBe(false);
    expect(bannerCookieHidden('', morning)).toBe(false);
    expect(bannerCookieHidden(`${BANNER_HIDE_COOKIE}=soon`, morning)).toBe(false);
    expect(bannerCookieHidden(`x${BANNER_HIDE_COOKIE}=${midnight}`, morning)).toBe(false);
  });
});

describe('standalone detection', () => {
  const win = (standaloneMq: boolean, iosStandalone?: boolean) =>
    ({
      navigator: { standalone: iosStandalone },
      matchMedia: (q: string) => ({ matches: standaloneMq && q === '(display-mode: standalone)' }),
    }) as unknown as Window;

  it('is standalone in display-mode standalone or iOS home-screen mode', () => {
    expect(isStandalone(win(true))).toBe(true);
    expect(isStandalone(win(false, true))).toBe(true);
    expect(isStandalone(win(false))).toBe(false);
  });
});
