/**
 * A virtualised list of match rows (window scrolling, fixed row height). Each row subscribes to
 * its own match in the core, so a goal re-renders that row only, never the list.
 */
import { memo, useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../app/paths';
import { getCore, useMatch, type MatchView, type Sport } from './core-bridge';
import { MATCH_ROW_HEIGHT, MatchRow } from '../../components/live/MatchRow';
import { showToast } from '../../state/ui';
import { useWindowList } from '../../components/use-window-list';

export interface ListItem {
  sport: Sport;
  id: number;
}

function useRowActions() {
  const [, navigate] = useLocation();
  const onOpen = useCallback(
    (m: MatchView) => navigate(m.sport === 'zq' ? paths.zqDetail(m.id) : paths.lqDetail(m.id)),
    [navigate],
  );
  const onToggleFollow = useCallback((m: MatchView) => {
    void getCore()
      .follow(m.id, m.sport)
      .then(
        (r) => {
          if (!r.ok) showToast(r.msg);
        },
        (e: unknown) => showToast(e instanceof Error ? e.message : String(e)),
      );
  }, []);
  return useMemo(() => ({ onOpen, onToggleFollow }), [onOpen, onToggleFollow]);
}

const RowSlot = memo(function RowSlot({
  item,
  showRank,
  actions,
}: {
  item: ListItem;
  showRank: boolean;
  actions: ReturnType<typeof useRowActions>;
}) {
  const match = useMatch(item.id, item.sport);
  if (!match) return <div className="lv-row lv-row-skeleton" style={{ height: MATCH_ROW_HEIGHT }} aria-busy />;
  return <MatchRow match={match} showRank={showRank} onOpen={actions.onOpen} onToggleFollow={actions.onToggleFollow} />;
});

export function MatchList({ items, showRank }: { items: ListItem[]; showRank: boolean }) {
  const { ref, virtualizer, margin } = useWindowList<HTMLDivElement>({
    count: items.length,
    estimateSize: () => MATCH_ROW_HEIGHT,
    overscan: 4,
    getItemKey: (i) => `${items[i].sport}:${items[i].id}`,
  });
  const actions = useRowActions();
  return (
    <div ref={ref} className="lv-list-inner" style={{ height: virtualizer.getTotalSize() }} data-rows={items.length}>
      {virtualizer.getVirtualItems().map((v) => {
        const item = items[v.index];
        return (
          <div
            key={v.key}
            className="lv-list-item"
            style={{ height: MATCH_ROW_HEIGHT, transform: `translateY(${v.start - margin}px)` }}
          >
            <RowSlot item={item} showRank={showRank} actions={actions} />
          </div>
        );
      })}
    </div>
  );
}
