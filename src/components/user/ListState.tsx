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

/** The loading and failure states of one loaded answer that is not a list (it has no empty state). */
export function LoadState({
  load,
  loading = load.loading,
  texts,
}: {
  load: { loading: boolean; error: string | null; reload: () => void };
  /** When it counts as loading, if not whenever `load` is (e.g. only until the first answer). */
  loading?: boolean;
  texts: { loading: string; failed: string };
}) {
  return (
    <ListState
      loading={loading}
      error={load.error}
      empty={false}
      texts={{ ...texts, empty: '' }}
      onRetry={load.reload}
    />
  );
}

/** The states of a list loaded whole: empty when it came back with nothing. */
export function LoadedListState({
  list,
  texts,
}: {
  list: { data: readonly unknown[] | null; loading: boolean; error: string | null; reload: () => void };
  texts: { loading: string; empty: string; failed: string };
}) {
  return (
    <ListState
      loading={list.loading}
      error={list.error}
      empty={list.data?.length === 0}
      texts={texts}
      onRetry={list.reload}
    />
  );
}
