/**
 * Goal alerts vibrate only once the user has touched the page (Chromium logs an error for every
 * earlier call), and never throw where vibration is refused or missing.
 */
import { describe, expect, it, vi } from 'vitest';
import { userHasInteracted, vibrateForAlert } from '../../../../src/pages/live/alert-effects';

function fakeNavigator(opts: { active?: boolean; vibrate?: (p: number[]) => boolean }): Navigator {
  return {
    ...(opts.active === undefined ? {} : { userActivation: { hasBeenActive: opts.active, isActive: false } }),
    ...(opts.vibrate ? { vibrate: opts.vibrate } : {}),
  } as unknown as Navigator;
}

describe('vibrateForAlert', () => {
  it('does not call vibrate before the user has touched the page', () => {
    const vibrate = vi.fn(() => true);
    vibrateForAlert(fakeNavigator({ active: false, vibrate }));
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('vibrates after the user has touched the page', () => {
    const vibrate = vi.fn(() => true);
    vibrateForAlert(fakeNavigator({ active: true, vibrate }));
    expect(vibrate).toHaveBeenCalledWith([120, 60, 120]);
  });

  it('never throws: no vibrate at all, or a browser that refuses with an exception', () => {
    expect(() => vibrateForAlert(fakeNavigator({ active: true }))).not.toThrow();
    const refusing = () => {
      throw new DOMException('not allowed', 'NotAllowedError');
    };
    expect(() => vibrateForAlert(fakeNavigator({ active: true, vibrate: refusing }))).not.toThrow();
  });

  it('tries where the browser cannot say whether the user has interacted', () => {
    expect(userHasInteracted(fakeNavigator({}))).toBe(true);
    expect(userHasInteracted(fakeNavigator({ active: false }))).toBe(false);
  });
});
