/**
 * Pull down at the top of the page to refresh (touch), with the state announced; keyboard and
 * mouse users have the refresh button the pages put in their header.
 */
import { useRef, useState, type ReactNode } from 'react';
import { NEWS_TEXT as T } from './strings';

const TRIGGER_PX = 64;

export function PullToRefresh({
  onRefresh,
  refreshing,
  children,
}: {
  onRefresh: () => void;
  refreshing: boolean;
  children: ReactNode;
}) {
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  return (
    <div
      onTouchStart={(e) => {
        start.current = window.scrollY <= 0 ? e.touches[0]!.clientY : null;
      }}
      onTouchMove={(e) => {
        if (start.current === null) return;
        setPull(Math.max(0, Math.min(120, e.touches[0]!.clientY - start.current)));
      }}
      onTouchEnd={() => {
        if (pull >= TRIGGER_PX) onRefresh();
        start.current = null;
        setPull(0);
      }}
    >
      <div className="nw-pull" style={{ height: refreshing ? 36 : pull / 2 }} role="status" aria-live="polite">
        {refreshing ? T.refreshing : pull >= TRIGGER_PX ? T.releaseToRefresh : pull > 0 ? T.pullToRefresh : ''}
      </div>
      {children}
    </div>
  );
}
