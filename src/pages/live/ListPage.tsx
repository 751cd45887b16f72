/**
 * /live/zq/{type?} and /live/lq/{type?}: tabs 即时 (js, default) / 赛程 / 赛果 / 关注, a date strip
 * for schedule and results, the filter sheet (cookie-persisted) and the settings sheet.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, Redirect } from 'wouter';
import { paths } from '../../app/paths';
import {
  chinaDay,
  formatChinaTime,
  useConnection,
  useMatchList,
  useSettings,
  weekdayText,
  type ListTab,
  type Sport,
} from './core-bridge';
import { DateStrip, type DateStripDay } from '../../components/live/DateStrip';
import { FilterPanel } from '../../components/live/FilterPanel';
import { LIVE_TEXT } from '../../components/live/strings';
import { useConnectionDown } from '../../app/connection-banner';
import { LiveAlerts } from './LiveAlerts';
import { MatchList } from './MatchList';
import { SettingsSheet } from './SettingsSheet';
import { useListFilter, useShowHiddenCount } from './use-list-filter';
import '../../components/live/live.css';
import { DemoDataNote } from '../../components/DemoDataNote';

export const LIST_TABS = ['js', 'sc', 'result', 'follow'] as const;
type PageTab = (typeof LIST_TABS)[number];

const DAY_MS = 86_400_000;

/** Seven days from `from` days after today (China dates), labelled with Chinese weekdays. */
export function dateStripDays(nowMs: number, from: number): DateStripDay[] {
  return Array.from({ length: 7 }, (_, i) => {
    const ms = nowMs + (from + i) * DAY_MS;
    return {
      date: chinaDay(ms),
      label: formatChinaTime(ms, 'MM-DD'),
      weekday: from + i === 0 ? LIVE_TEXT.today : weekdayText(ms),
    };
  });
}

export function SportHeader({
  active,
  onFilter,
  onSettings,
}: {
  active: Sport | 'hot';
  onFilter?: () => void;
  onSettings: () => void;
}) {
  return (
    <div className="lv-head-bar">
      <button type="button" className="lv-icon-btn" onClick={onSettings} aria-label={LIVE_TEXT.settings}>
        ⚙ {LIVE_TEXT.settings}
      </button>
      <nav className="lv-sports" aria-label="赛事">
        <Link href={paths.liveHot} className={active === 'hot' ? 'on' : ''}>
          {LIVE_TEXT.hot}
        </Link>
        <Link href={paths.liveZq()} className={active === 'zq' ? 'on' : ''}>
          {LIVE_TEXT.sports.zq}
        </Link>
        <Link href={paths.liveLq()} className={active === 'lq' ? 'on' : ''}>
          {LIVE_TEXT.sports.lq}
        </Link>
      </nav>
      {onFilter ? (
        <button type="button" className="lv-icon-btn" onClick={onFilter} aria-label={LIVE_TEXT.filter}>
          {LIVE_TEXT.filter}
        </button>
      ) : (
        <Link href={paths.liveAiList} className="lv-icon-btn" style={{ textDecoration: 'none', lineHeight: '44px' }}>
          AI
        </Link>
      )}
    </div>
  );
}

export function ListPage({ sport, type }: { sport: Sport; type: string | undefined }) {
  const tab = (type ?? 'js') as PageTab;
  const [now] = useState(() => Date.now());
  const [filter, setFilter] = useListFilter(sport);
  const [showHidden, setShowHidden] = useShowHiddenCount();
  const [sheet, setSheet] = useState<null | 'filter' | 'settings'>(null);
  const [draftType, setDraftType] = useState(filter.type);
  const days = useMemo(() => dateStripDays(now, tab === 'result' ? -6 : 0), [now, tab]);
  const [pickedDate, setPickedDate] = useState<string | null>(null);
  // 赛果 opens on the last day with results: today, or yesterday while nothing of today has finished
  // (just after midnight 北京时间 a fan wants last night's results, not an empty page).
  const [todayEmpty, setTodayEmpty] = useState<Sport | null>(null);
  const date =
    tab === 'sc' || tab === 'result'
      ? pickedDate && days.some((d) => d.date === pickedDate)
        ? pickedDate
        : tab === 'result'
          ? days[todayEmpty === sport ? 5 : 6].date
          : days[0].date
      : undefined;
  const list = useMatchList(sport, tab as ListTab, { date, filter });
  const noResultsToday =
    tab === 'result' &&
    date === days[6].date &&
    !!list &&
    !list.loading &&
    list.counts.total + list.counts.hidden === 0;
  useEffect(() => {
    if (noResultsToday && !pickedDate) setTodayEmpty(sport);
  }, [noResultsToday, pickedDate, sport]);
  // The sheet's league counts come from the list of the type being chosen (before the league filter).
  const draftList = useMatchList(sport, tab as ListTab, { date, filter: { type: draftType, leagueIds: null } });
  const settings = useSettings();
  const offline = useConnectionDown(useConnection());
  const items = useMemo(() => (list?.ids ?? []).map((id) => ({ sport, id })), [list?.ids, sport]);

  if (!(LIST_TABS as readonly string[]).includes(tab))
    return <Redirect to={sport === 'zq' ? paths.liveZq() : paths.liveLq()} replace />;
  const tabHref = (t: PageTab) => (sport === 'zq' ? paths.liveZq(t) : paths.liveLq(t));

  return (
    <div className="lv-page" data-page={`live-${sport}`} data-tab={tab}>
      <LiveAlerts sport={sport} />
      <header className="lv-head lv-sticky">
        <SportHeader
          active={sport}
          onSettings={() => setSheet('settings')}
          onFilter={() => {
            setDraftType(filter.type);
            setSheet('filter');
          }}
        />
        <nav className="lv-tabs" aria-label="列表">
          {LIST_TABS.map((t) => (
            <Link
              key={t}
              href={tabHref(t)}
              className={t === tab ? 'on' : ''}
              aria-current={t === tab ? 'page' : undefined}
            >
              {LIVE_TEXT.tabs[t]}
              {t === 'js' && tab === 'js' && list && list.counts.live > 0 && <em>{list.counts.live}</em>}
            </Link>
          ))}
        </nav>
        {date && <DateStrip days={days} value={date} onChange={setPickedDate} />}
        <div className="lv-countbar">
          <span data-list-count>
            共 {list?.counts.total ?? 0} 场{list && list.counts.live > 0 ? ` · 进行中 ${list.counts.live}` : ''}
          </span>
          {showHidden && list && list.counts.hidden > 0 && (
            <span data-hidden>{LIVE_TEXT.hiddenCount(list.counts.hidden)}</span>
          )}
          {filter.type !== 'all' && <span>{LIVE_TEXT.filterTypes[filter.type]}</span>}
        </div>
      </header>
      <DemoDataNote />
      {!list || (list.loading && items.length === 0) ? (
        <p className="lv-empty" role="status">
          {LIVE_TEXT.loading}
        </p>
      ) : items.length === 0 ? (
        <p className="lv-empty" role="status">
          {offline ? LIVE_TEXT.offlineEmpty : tab === 'follow' ? LIVE_TEXT.emptyFollow : LIVE_TEXT.empty}
        </p>
      ) : (
        <MatchList items={items} showRank={settings?.pmChecked ?? false} />
      )}
      {sheet === 'filter' && (
        <FilterPanel
          key={draftType}
          type={draftType}
          leagues={draftList?.leagues ?? []}
          selected={draftType === filter.type ? filter.leagueIds : null}
          showHiddenCount={showHidden}
          onTypeChange={setDraftType}
          onShowHiddenCountChange={setShowHidden}
          onClose={() => setSheet(null)}
          onConfirm={(f) => {
            setFilter(f);
            setSheet(null);
          }}
        />
      )}
      {sheet === 'settings' && <SettingsSheet onClose={() => setSheet(null)} />}
    </div>
  );
}
