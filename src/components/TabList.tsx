/**
 * The one tab strip: a `tablist` of buttons, the chosen one `aria-selected` and marked with the
 * area's active class (`on` in the live areas, `is-active` in 我的). Each area keeps its own look
 * through `className` and `tabClassName`.
 */
import type { ReactNode } from 'react';

export function TabList<T extends string | number>({
  tabs,
  value,
  onChange,
  labelOf,
  className,
  tabClassName,
  activeClassName = 'on',
  label,
  nav = false,
}: {
  tabs: readonly T[];
  value: T;
  onChange: (t: T) => void;
  labelOf: (t: T) => ReactNode;
  className: string;
  tabClassName?: string;
  /** Empty when the area styles `[aria-selected=true]` itself. */
  activeClassName?: string;
  /** The strip's accessible name. */
  label?: string;
  /** A `nav` rather than a `div` (the match detail's main tabs). */
  nav?: boolean;
}) {
  const Strip = nav ? 'nav' : 'div';
  return (
    <Strip className={className} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          aria-selected={t === value}
          className={[tabClassName, t === value && activeClassName].filter(Boolean).join(' ')}
          onClick={() => onChange(t)}
        >
          {labelOf(t)}
        </button>
      ))}
    </Strip>
  );
}
