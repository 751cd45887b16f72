/** Loading, failure and empty states of a list, announced to screen readers. */
export function ListState({
  loading,
  error,
  empty,
  texts,
  onRetry,
}: {
  loading: boolean;
  error: string | null;
  empty: boolean;
  texts: { loading: string; empty: string; failed: string };
  onRetry?: () => void;
}) {
  if (loading)
    return (
      <p className="us-list-state" role="status" aria-live="polite">
        {texts.loading}
      </p>
    );
  if (error)
    return (
      <p className="us-list-state us-list-state--error" role="alert">
        {onRetry ? (
          <button type="button" className="us-link" onClick={onRetry}>
            {error} · {texts.failed}
          </button>
        ) : (
          error
        )}
      </p>
    );
  if (empty)
    return (
      <p className="us-list-state us-list-state--empty" role="status">
        {texts.empty}
      </p>
    );
  return null;
}
