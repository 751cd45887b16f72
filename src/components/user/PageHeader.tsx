/** The user area's top bar: back, title, an optional action on the right. */
import type { ReactNode } from 'react';
import { BackIcon } from '../BackIcon';
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
        <BackIcon />
      </button>
      <h1 className="us-header__title">{title}</h1>
      <div className="us-header__right">{right}</div>
    </header>
  );
}
