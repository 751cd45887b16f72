/**
 * The list filter of a sport, kept in a cookie that expires at the sport's reset hour (football
 * 10:00, basketball 15:00; the expiry rule is the core's `filterCookieExpiry`).
 */
import { useCallback, useState } from 'react';
import { loadListFilter, saveListFilter, type ListFilter, type Sport } from './core-bridge';
import { IS_SERVER } from '../../core/ssr';

export const ALL_MATCHES: ListFilter = { type: 'all', leagueIds: null };

export function useListFilter(sport: Sport): [ListFilter, (f: ListFilter) => void] {
  const [state, setState] = useState(() => ({ sport, filter: loadListFilter(sport) ?? ALL_MATCHES }));
  if (state.sport !== sport) setState({ sport, filter: loadListFilter(sport) ?? ALL_MATCHES });
  const save = useCallback(
    (f: ListFilter) => {
      saveListFilter(sport, f);
      setState({ sport, filter: f });
    },
    [sport],
  );
  return [state.sport === sport ? state.filter : (loadListFilter(sport) ?? ALL_MATCHES), save];
}

const HIDE_COUNT_KEY = 'lv_show_hidden_count';

/** The filter sheet's "show how many are hidden" option (spec hideCount), per device. */
export function useShowHiddenCount(): [boolean, (v: boolean) => void] {
  // Not known on the server (issue 29): shown until the browser's choice is read.
  const [v, setV] = useState(() => IS_SERVER || localStorage.getItem(HIDE_COUNT_KEY) !== '0');
  return [
    v,
    useCallback((next: boolean) => {
      localStorage.setItem(HIDE_COUNT_KEY, next ? '1' : '0');
      setV(next);
    }, []),
  ];
}
