/**
 * Shows the alerts the core releases to this tab (the core applies the settings, the delay and
 * the once-per-event rule across tabs). Adds sound and vibration when the settings allow.
 */
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../app/paths';
import { useAlerts, useSettings, type AlertEvent } from './core-bridge';
import { AlertToast } from '../../components/live/AlertToast';
import { playAlertSound, vibrateForAlert } from './alert-effects';

const SHOW_MS = 6000;
const MAX_SHOWN = 3;

export function LiveAlerts() {
  const [alerts, setAlerts] = useState<AlertEvent[]>([]);
  const settings = useSettings();
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const [, navigate] = useLocation();
  const dismiss = useCallback((id: string) => setAlerts((list) => list.filter((a) => a.id !== id)), []);
  useAlerts((alert) => {
    setAlerts((list) => (list.some((a) => a.id === alert.id) ? list : [alert, ...list].slice(0, MAX_SHOWN)));
    setTimeout(() => dismiss(alert.id), SHOW_MS);
    const s = settingsRef.current;
    if (s?.sound) playAlertSound();
    if (s?.vibrate) vibrateForAlert();
  });
  if (alerts.length === 0) return null;
  return (
    <div className="lv-alerts" aria-live="assertive">
      {alerts.map((a) => (
        <AlertToast
          key={a.id}
          alert={a}
          onClose={() => dismiss(a.id)}
          onOpen={() => navigate(a.sport === 'zq' ? paths.zqDetail(a.matchId) : paths.lqDetail(a.matchId))}
        />
      ))}
    </div>
  );
}
