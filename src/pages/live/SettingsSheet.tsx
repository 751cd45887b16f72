/** The settings sheet of the live lists: reads the core's settings, writes each change back. */
import { getCore, useSettings, type LiveSettings } from './core-bridge';
import { SettingsPanel } from '../../components/live/SettingsPanel';
import { LIVE_TEXT } from '../../components/live/strings';
import { showToast } from '../../state/ui';

export function SettingsSheet({ onClose }: { onClose: () => void }) {
  const settings = useSettings();
  const update = (patch: Partial<LiveSettings>) => {
    void getCore()
      .updateSettings(patch)
      .catch((e: unknown) => showToast(e instanceof Error ? e.message : String(e)));
  };
  return (
    <div className="lv-sheet-backdrop" onClick={onClose}>
      <div className="lv-sheet" role="dialog" aria-label={LIVE_TEXT.settingsTitle} onClick={(e) => e.stopPropagation()}>
        <div className="lv-sheet-title">{LIVE_TEXT.settingsTitle}</div>
        {settings ? (
          <SettingsPanel settings={settings} onChange={update} />
        ) : (
          <p className="lv-empty">{LIVE_TEXT.loading}</p>
        )}
        <div className="lv-filter-foot">
          <span />
          <button type="button" className="primary" onClick={onClose}>
            {LIVE_TEXT.confirm}
          </button>
        </div>
      </div>
    </div>
  );
}
