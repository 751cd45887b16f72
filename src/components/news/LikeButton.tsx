/** A like toggle with its count; pressed state for screen readers. Props only. */
export function LikeButton({
  liked,
  count,
  busy,
  onToggle,
  label,
}: {
  liked: boolean;
  count: number;
  busy?: boolean;
  onToggle: () => void;
  label: string;
}) {
  return (
    <button
      type="button"
      className={liked ? 'nw-like nw-like--on' : 'nw-like'}
      aria-pressed={liked}
      aria-label={`${label} ${count}`}
      disabled={busy}
      onClick={onToggle}
      data-like-count={count}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          d="M7 10v10H4V10h3zm2 10V10l4-7c1.5 0 2.5 1 2.2 2.6L14.6 9H20a2 2 0 0 1 2 2.3l-1.3 7A2 2 0 0 1 18.7 20H9z"
          fill={liked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      <span>{count}</span>
    </button>
  );
}
