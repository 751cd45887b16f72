/** /live/hot: hot matches of both sports in one list, live ones first (the 比赛 tab's home). */
import { useMemo, useState } from 'react';
import { useConnection, useMatchList, useSettings, type MatchListValue, type Sport } from './core-bridge';
import { LIVE_TEXT } from '../../components/live/strings';
import { useConnectionDown } from '../../app/connection-banner';
import { LiveAlerts } from './LiveAlerts';
import { MatchList, type ListItem } from './MatchList';
import { SettingsSheet } from './SettingsSheet';
import { SportHeader } from './ListPage';
import '../../components/live/live.css';
import { DemoDataNote } from '../../components/DemoDataNote';

/** Lists are ordered live → upcoming → finished; interleave the two sports by those groups. */
export function mergeHot(zq: MatchListValue | undefined, lq: MatchListValue | undefined): ListItem[] {
  const parts = (v: MatchListValue | undefined, sport: Sport) => {
    const ids = v?.ids ?? [];
    const live = v?.counts.live ?? 0;
    const upcoming = v?.counts.upcoming ?? 0;
    const tag = (xs: number[]) => xs.map((id) => ({ sport, id }));
    return [tag(ids.slice(0, live)), tag(ids.slice(live, live + upcoming)), tag(ids.slice(live + upcoming))];
  };
  const a = parts(zq, 'zq');
  const b = parts(lq, 'lq');
  return [...a[0], ...b[0], ...a[1], ...b[1], ...a[2], ...b[2]];
}

export function HotPage() {
  const zq = useMatchList('zq', 'hot');
  const lq = useMatchList('lq', 'hot');
  const settings = useSettings();
  const offline = useConnectionDown(useConnection());
  const [sheet, setSheet] = useState(false);
  const items = useMemo(() => mergeHot(zq, lq), [zq, lq]);
  const live = (zq?.counts.live ?? 0) + (lq?.counts.live ?? 0);
  return (
    <div className="lv-page" data-page="live-hot">
      <LiveAlerts />
      <header className="lv-head lv-sticky">
        <SportHeader active="hot" onSettings={() => setSheet(true)} />
        <div className="lv-countbar">
          <span data-list-count>
            热门 {items.length} 场{live > 0 ? ` · 进行中 ${live}` : ''}
          </span>
        </div>
      </header>
      <DemoDataNote />
      {!zq || !lq || ((zq.loading || lq.loading) && items.length === 0) ? (
        <p className="lv-empty" role="status">
          {LIVE_TEXT.loading}
        </p>
      ) : items.length === 0 ? (
        <p className="lv-empty" role="status">
          {offline ? LIVE_TEXT.offlineEmpty : LIVE_TEXT.empty}
        </p>
      ) : (
        <MatchList items={items} showRank={settings?.pmChecked ?? false} />
      )}
      {sheet && <SettingsSheet onClose={() => setSheet(false)} />}
    </div>
  );
}
