import type { ReactNode } from 'react';
import type { TabKey } from '../app/tab-bar-items';

/** The frame every tab icon shares. */
const SVG_PROPS = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

/** What each icon draws inside the shared frame. */
const ICON_PARTS: Record<TabKey, ReactNode> = {
  matches: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5l4 2.9-1.5 4.6h-5L8 10.4z" />
      <path d="M12 3v4.5M16 10.4l4.2-1.5M14.5 15l2.6 3.7M9.5 15l-2.6 3.7M8 10.4L3.8 8.9" />
    </>
  ),
  headlines: (
    <>
      <rect x="3.5" y="4" width="17" height="16" rx="2" />
      <path d="M7 8.5h10M7 12h10M7 15.5h6" />
    </>
  ),
  vlive: (
    <>
      <rect x="3" y="6" width="18" height="13" rx="2.5" />
      <path d="M8.5 2.5L12 6l3.5-3.5" />
      <path d="M10.5 10v5l4-2.5z" fill="currentColor" />
    </>
  ),
  message: (
    <>
      <path d="M4 5.5h16v10.5H10l-4.5 3.5V16H4z" />
      <path d="M8 10.5h.01M12 10.5h.01M16 10.5h.01" strokeWidth={2.6} />
    </>
  ),
  chatgpt: (
    <>
      <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
      <path d="M18.5 15.5l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8.5" r="4" />
      <path d="M4.5 20.5c.8-4 3.8-6 7.5-6s6.7 2 7.5 6" />
    </>
  ),
};

/** Inline SVG icons of the tab bar; they take the link's colour (currentColor). */
export function TabIcon({ tab }: { tab: TabKey }) {
  return <svg {...SVG_PROPS}>{ICON_PARTS[tab]}</svg>;
}
