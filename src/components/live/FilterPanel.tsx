/**
 * The list filter sheet: filter type (全部/精选/竞彩/北单), leagues grouped by initial letter with
 * per-league counts, select all / none / invert, and how many matches the choice hides.
 * Props only; the page persists the confirmed filter (cookie with the core's expiry rule).
 */
import { useMemo, useState } from 'react';
import type { ListFilter } from '../../core/index';
import { LIVE_TEXT } from './strings';
import { TabList } from '../TabList';

export interface LeagueCount {
  leagueId: number;
  leagueName: string;
  leagueLetter: string;
  count: number;
}

export interface FilterPanelProps {
  /** The filter type the league list below belongs to. */
  type: ListFilter['type'];
  leagues: LeagueCount[];
  /** Chosen leagues; null = all. */
  selected: number[] | null;
  /** Show the '已隐藏 N 场' line (spec hideCount). */
  showHiddenCount: boolean;
  onTypeChange: (type: ListFilter['type']) => void;
  onShowHiddenCountChange: (show: boolean) => void;
  onConfirm: (filter: ListFilter) => void;
  onClose: () => void;
}

const TYPES: ListFilter['type'][] = ['all', 'jx', 'jczq', 'bjdc'];

type Draft = { only: Set<number> } | { except: Set<number> };

export function groupByLetter(leagues: LeagueCount[]): Array<{ letter: string; leagues: LeagueCount[] }> {
  const groups = new Map<string, LeagueCount[]>();
  for (const l of leagues) {
    const letter = /^[A-Z]$/i.test(l.leagueLetter) ? l.leagueLetter.toUpperCase() : '#';
    const list = groups.get(letter) ?? [];
    list.push(l);
    groups.set(letter, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([letter, list]) => ({ letter, leagues: list.sort((a, b) => b.count - a.count) }));
}

export function FilterPanel(props: FilterPanelProps) {
  const { type, leagues, selected, showHiddenCount } = props;
  const allIds = useMemo(() => leagues.map((l) => l.leagueId), [leagues]);
  // The draft: either "only these" or "all but these", so leagues that arrive later (the list is
  // live) are chosen or not by the same rule the user expressed.
  const [draft, setDraft] = useState<Draft>(() => (selected ? { only: new Set(selected) } : { except: new Set() }));
  const [draftFor, setDraftFor] = useState(type);
  if (draftFor !== type) {
    // Another type shows another league list: start from everything chosen.
    setDraftFor(type);
    setDraft({ except: new Set() });
  }
  const isChosen = (id: number) => ('only' in draft ? draft.only.has(id) : !draft.except.has(id));
  const groups = useMemo(() => groupByLetter(leagues), [leagues]);
  const hidden = leagues.reduce((sum, l) => (isChosen(l.leagueId) ? sum : sum + l.count), 0);
  const chosenCount = leagues.filter((l) => isChosen(l.leagueId)).length;

  const toggle = (id: number) =>
    setDraft((prev) => {
      const set = new Set('only' in prev ? prev.only : prev.except);
      if (set.has(id)) set.delete(id);
      else set.add(id);
      return 'only' in prev ? { only: set } : { except: set };
    });

  const confirm = () => {
    const ids = allIds.filter(isChosen);
    props.onConfirm({ type, leagueIds: ids.length === allIds.length ? null : ids });
  };

  return (
    <div className="lv-sheet-backdrop" onClick={props.onClose}>
      <div
        className="lv-sheet lv-filter"
        role="dialog"
        aria-label={LIVE_TEXT.filter}
        onClick={(e) => e.stopPropagation()}
      >
        <TabList
          tabs={TYPES}
          value={type}
          onChange={props.onTypeChange}
          labelOf={(t) => LIVE_TEXT.filterTypes[t]}
          className="lv-filter-types"
        />
        <div className="lv-filter-body">
          {groups.map((g) => (
            <section key={g.letter} className="lv-filter-group" aria-label={g.letter}>
              <h4>{g.letter}</h4>
              <div className="lv-chips">
                {g.leagues.map((l) => (
                  <label key={l.leagueId} className={`lv-chip ${isChosen(l.leagueId) ? 'on' : ''}`}>
                    <input
                      type="checkbox"
                      checked={isChosen(l.leagueId)}
                      onChange={() => toggle(l.leagueId)}
                      aria-label={`${l.leagueName} ${l.count}`}
                    />
                    {l.leagueName}
                    <em>{l.count}</em>
                  </label>
                ))}
              </div>
            </section>
          ))}
          {leagues.length === 0 && <p className="lv-empty">{LIVE_TEXT.empty}</p>}
        </div>
        <div className="lv-filter-tools">
          <button type="button" onClick={() => setDraft({ except: new Set() })}>
            {LIVE_TEXT.selectAll}
          </button>
          <button type="button" onClick={() => setDraft({ only: new Set() })}>
            {LIVE_TEXT.selectNone}
          </button>
          <button type="button" onClick={() => setDraft({ only: new Set(allIds.filter((id) => !isChosen(id))) })}>
            {LIVE_TEXT.invert}
          </button>
          <label className="lv-switch-inline">
            <input
              type="checkbox"
              checked={showHiddenCount}
              onChange={(e) => props.onShowHiddenCountChange(e.target.checked)}
            />
            {LIVE_TEXT.showHiddenCount}
          </label>
        </div>
        <div className="lv-filter-foot">
          <span data-hidden-count>
            {showHiddenCount ? LIVE_TEXT.hiddenCount(hidden) : LIVE_TEXT.leaguesChosen(chosenCount, leagues.length)}
          </span>
          <button type="button" onClick={props.onClose}>
            {LIVE_TEXT.cancel}
          </button>
          <button type="button" className="primary" onClick={confirm}>
            {LIVE_TEXT.confirm}
          </button>
        </div>
      </div>
    </div>
  );
}
