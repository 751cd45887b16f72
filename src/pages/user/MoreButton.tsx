/** 加载更多 under a paged list: busy while a page loads, the failure and a retry on the button. */
import { USER_TEXT as T } from './strings';

export function MoreButton({
  next,
  busy,
  error,
  onMore,
}: {
  next: boolean;
  busy: boolean;
  error: string | null;
  onMore: () => void;
}) {
  if (!next) return null;
  return (
    <p className="us-center">
      <button type="button" className="us-btn us-btn--small us-btn--ghost" onClick={onMore} disabled={busy}>
        {busy ? T.lists.loading : error ? `${error} · ${T.lists.failed}` : T.lists.more}
      </button>
    </p>
  );
}
