/**
 * The one back chevron of every top bar (我的, the live-style title bars, match detail): a 22 px
 * stroke in the text colour, so it reads on the dark bars and the light ones alike. A "‹" glyph at
 * body size was a 6 px mark that fans missed.
 */
export function BackIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" data-back-icon>
      <path
        d="M15 5l-7 7 7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
