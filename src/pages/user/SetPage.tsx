/** 设置: alert switches, alert delay, theme, logout. */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { getCore, useSession, useSettings, type LiveSettings } from '../../core/index';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { PageHeader } from '../../components/user/PageHeader';
import { Card, LinkRow } from '../../components/user/Card';
import { USER_TEXT as T } from './strings';
import { THEMES, applyTheme, readTheme, saveTheme, type ThemeKey } from './theme';
import { goBack } from './use-load';

const ALERT_KEYS = [
  'goalChecked',
  'redChecked',
  'hpChecked',
  'jqChecked',
  'followedOnly',
  'sound',
  'vibrate',
  'pmChecked',
] as const;

function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="us-row us-switch">
      <span>{label}</span>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <i aria-hidden="true" />
    </label>
  );
}

async function clearCaches(): Promise<void> {
  if ('caches' in window) {
    for (const key of await caches.keys()) await caches.delete(key);
  }
  sessionStorage.clear();
}

export function SetPage() {
  const [, navigate] = useLocation();
  const session = useSession();
  const settings = useSettings();
  const [theme, setTheme] = useState<ThemeKey>(() => readTheme());
  const [confirmLogout, setConfirmLogout] = useState(false);
  const update = (patch: Partial<LiveSettings>) => void getCore().updateSettings(patch);

  return (
    <div className="us-page">
      <PageHeader title={T.set.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      <Card id="us-set-theme" title={T.set.theme}>
        <div className="us-themes" role="radiogroup" aria-labelledby="us-set-theme">
          {(Object.keys(THEMES) as ThemeKey[]).map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={theme === k}
              className={`us-theme${theme === k ? ' is-active' : ''}`}
              style={{ ['--swatch' as string]: THEMES[k] }}
              onClick={() => {
                setTheme(k);
                saveTheme(k);
                applyTheme(k);
              }}
            >
              <span className="us-theme__swatch" aria-hidden="true" />
              {T.set.themeNames[k]}
            </button>
          ))}
        </div>
      </Card>
      <Card id="us-set-alerts" title={T.set.alerts}>
        {settings ? (
          <>
            {ALERT_KEYS.map((k) => (
              <Switch key={k} label={T.set[k]} checked={settings[k]} onChange={(v) => update({ [k]: v })} />
            ))}
            <label className="us-row">
              <span>{T.set.alertDelay}</span>
              <input
                type="number"
                className="us-num"
                min={0}
                max={60}
                value={settings.alertDelaySec}
                onChange={(e) =>
                  update({ alertDelaySec: Math.max(0, Math.min(60, Math.round(Number(e.target.value) || 0))) })
                }
              />
            </label>
          </>
        ) : (
          <p className="us-list-state" role="status">
            {T.lists.loading}
          </p>
        )}
      </Card>
      <ul className="us-rows us-card">
        {session.loggedIn && <LinkRow href={paths.userSub('changePassWord')} label={T.change.title} />}
        <li>
          <button
            type="button"
            className="us-row"
            onClick={async () => {
              await clearCaches();
              showToast(T.set.cacheCleared);
            }}
          >
            <span>{T.set.clearCache}</span>
          </button>
        </li>
        <LinkRow href={paths.agreement('yhxy')} label={T.set.agreement} />
        <LinkRow href={paths.agreement('yszc')} label={T.set.privacy} />
        <LinkRow href={paths.userSub('about')} label={T.set.about} />
      </ul>
      {session.loggedIn &&
        (confirmLogout ? (
          <div className="us-card us-confirm" role="alertdialog" aria-labelledby="us-logout-q">
            <p id="us-logout-q">{T.set.confirmLogout}</p>
            <div className="us-crop__actions">
              <button type="button" className="us-btn us-btn--ghost" onClick={() => setConfirmLogout(false)}>
                {T.crop.cancel}
              </button>
              <button
                type="button"
                className="us-btn us-btn--danger"
                onClick={async () => {
                  await getCore().logout();
                  showToast(T.set.loggedOut);
                  navigate(paths.user, { replace: true });
                }}
              >
                {T.set.logout}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="us-btn us-btn--block us-btn--danger us-logout"
            onClick={() => setConfirmLogout(true)}
          >
            {T.set.logout}
          </button>
        ))}
    </div>
  );
}
