/**
 * A real `<a href>` inside a clickable row (match rows, cards): it opens its own page and never the
 * row's. Hook-free on purpose, so a virtualised list pays nothing per row for it.
 */
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { navigate } from 'wouter/use-browser-location';

function onLinkClick(e: MouseEvent<HTMLAnchorElement>) {
  e.stopPropagation();
  // A modified click (new tab, download) stays the browser's.
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  navigate(e.currentTarget.getAttribute('href') ?? '/');
}

/** Enter on the link is the link's (the browser turns it into a click); the row must not see it. */
function onLinkKeyDown(e: KeyboardEvent<HTMLAnchorElement>) {
  e.stopPropagation();
}

export function RowLink({
  href,
  className,
  label,
  style,
  children,
  ...data
}: {
  href: string;
  className?: string;
  label?: string;
  style?: React.CSSProperties;
  children: ReactNode;
  [dataAttr: `data-${string}`]: string | number | undefined;
}) {
  return (
    <a
      href={href}
      className={className}
      aria-label={label}
      style={style}
      onClick={onLinkClick}
      onKeyDown={onLinkKeyDown}
      {...data}
    >
      {children}
    </a>
  );
}
