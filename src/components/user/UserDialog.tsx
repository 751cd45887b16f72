import type { ReactNode } from 'react';

/**
 * A modal card of the 我的 pages (the portrait cropper, the slide check): named by its title, a
 * muted hint under it, then its body. `className` sets the card's width.
 */
export function UserDialog({
  titleId,
  className,
  title,
  hint,
  children,
}: {
  titleId: string;
  className: string;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <div className={`us-dialog ${className}`} role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <h2 id={titleId} className="us-dialog__title">
        {title}
      </h2>
      <p className="us-dialog__hint">{hint}</p>
      {children}
    </div>
  );
}
