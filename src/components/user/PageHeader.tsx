/** The user area's top bar: back, title, an optional action on the right. */
import type { ReactNode } from 'react';
import './page-header.css';

export function PageHeader({
  title,
  onBack,
  backLabel,
  right,
}: {
  title: string;
  onBack: () => void;
  backLabel: string;
  right?: ReactNode;
}) {
  return (
    <header className="us-header">
      <button type="button" className="us-header__back" onClick={onBack} aria-label={backLabel}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M15 5l-7 7 7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <h1 className="us-header__title">{title}</h1>
      <div className="us-header__right">{right}</div>
    </header>
  );
}
