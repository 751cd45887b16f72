/**
 * Shows the alerts the core releases to this tab (the core applies the settings, the delay and
 * the once-per-event rule across tabs), within the page's scope (./alert-scope.ts): one at a
 * time, the newest replacing the last; an alert the core withdraws (a goal taken back) goes. Adds sound and vibration when the settings allow.
 */
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../app/paths';
import { useAlerts, useFollowed, useSettings, type AlertEvent } from './core-bridge';
import { AlertToast } from '../../components/live/AlertToast';
import { playAlertSound, vibrateForAlert } from './alert-effects';
import { ALERT_SHOW_MS, alertBelongs, type AlertScope } from './alert-scope';

export function LiveAlerts(scope: AlertScope) {
  const [shown, setShown] = useState<AlertEvent | null>(null);
  const settings = useSettings();
  const followed = useFollowed();
  const latest = useRef({ settings, followed, scope });
  latest.current = { settings, followed, scope };
  const [, navigate] = useLocation();
  const dismiss = useCallback((id: string) => setShown((a) => (a?.id === id ? null : a)), []);
  useAlerts((alert) => {
    // Taken back (a goal 进球无效): the toast still showing it goes.
    if (alert.withdrawn) return dismiss(alert.id);
    const { settings: s, followed: f, scope: sc } = latest.current;
    if (!alertBelongs(alert, sc, f)) return;
    setShown(alert);
    setTimeout(() => dismiss(alert.id), ALERT_SHOW_MS);
    if (s?.sound) playAlertSound();
    if (s?.vibrate) vibrateForAlert();
  });
  if (!shown) return null;
  return (
    <div className="lv-alerts" aria-live="assertive">
      <AlertToast
        key={shown.id}
        alert={shown}
        onClose={() => dismiss(shown.id)}
        onOpen={() => navigate(shown.sport === 'zq' ? paths.zqDetail(shown.matchId) : paths.lqDetail(shown.matchId))}
      />
    </div>
  );
}
