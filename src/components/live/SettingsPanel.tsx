/**
 * Live alert settings (spec §3 flags + our alert delay and followed-only option). Props only: the
 * page reads settings from the core and writes each change back through it.
 */
import type { LiveSettings } from '../../core/index';
import { LIVE_TEXT } from './strings';

export const ALERT_DELAY_MAX_SEC = 60;

type BoolKey =
  'goalChecked' | 'redChecked' | 'hpChecked' | 'jqChecked' | 'pmChecked' | 'followedOnly' | 'sound' | 'vibrate';

const ALERT_KEYS: BoolKey[] = ['goalChecked', 'redChecked', 'hpChecked', 'jqChecked'];
const OTHER_KEYS: BoolKey[] = ['followedOnly', 'sound', 'vibrate', 'pmChecked'];

export interface SettingsPanelProps {
  settings: LiveSettings;
  onChange: (patch: Partial<LiveSettings>) => void;
}

function Switch({ name, checked, onChange }: { name: BoolKey; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="lv-setting">
      <span>{LIVE_TEXT[name]}</span>
      <input
        type="checkbox"
        role="switch"
        name={name}
        checked={checked}
        aria-checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <i className="lv-switch" aria-hidden />
    </label>
  );
}

export function SettingsPanel({ settings, onChange }: SettingsPanelProps) {
  return (
    <div className="lv-settings">
      <h4>{LIVE_TEXT.alertTypes}</h4>
      {ALERT_KEYS.map((k) => (
        <Switch key={k} name={k} checked={settings[k]} onChange={(v) => onChange({ [k]: v })} />
      ))}
      <h4>{LIVE_TEXT.alertDelay}</h4>
      <label className="lv-setting lv-setting-range">
        <input
          type="range"
          name="alertDelaySec"
          min={0}
          max={ALERT_DELAY_MAX_SEC}
          step={1}
          value={settings.alertDelaySec}
          aria-label={LIVE_TEXT.alertDelay}
          onChange={(e) =>
            onChange({ alertDelaySec: Math.min(ALERT_DELAY_MAX_SEC, Math.max(0, Math.round(Number(e.target.value)))) })
          }
        />
        <output data-alert-delay>{LIVE_TEXT.seconds(settings.alertDelaySec)}</output>
      </label>
      <p className="lv-hint">{LIVE_TEXT.alertDelayHint}</p>
      <h4>{LIVE_TEXT.settings}</h4>
      {OTHER_KEYS.map((k) => (
        <Switch key={k} name={k} checked={settings[k]} onChange={(v) => onChange({ [k]: v })} />
      ))}
    </div>
  );
}
