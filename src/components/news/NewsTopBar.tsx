/**
 * The top bar of the news and community lists: the columns (or feeds) as links, the current one
 * marked for screen readers with `aria-current`, anything the page adds, and the refresh button.
 * Props only.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export interface TopTab {
  key: string | number;
  href: string;
  label: string;
  on: boolean;
}

export function NewsTopBar({
  label,
  tabs,
  refreshLabel,
  onRefresh,
  children,
}: {
  label: string;
  tabs: readonly TopTab[];
  refreshLabel: string;
  onRefresh: () => void;
  children?: ReactNode;
}) {
  return (
    <header className="nw-top">
      <nav className="nw-tabs" aria-label={label}>
        {tabs.map((t) => (
          <Link
            key={t.key}
            href={t.href}
            className={t.on ? 'nw-tab nw-tab--on' : 'nw-tab'}
            aria-current={t.on ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {children}
      <button type="button" className="nw-icon-btn" aria-label={refreshLabel} onClick={onRefresh}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </header>
  );
}
