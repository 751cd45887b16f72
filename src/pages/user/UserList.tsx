/**
 * The lists of the 我的 pages: the loading/failed/empty line over the rows; a paged list also has
 * 加载更多 under them (busy while a page loads, the failure and a retry on the button).
 */
import type { ReactNode } from 'react';
import { ListState } from '../../components/user/ListState';
import type { PagedLoad, PageOf } from '../../core/use-paged-load';
import type { Loaded } from './use-load';
import { USER_TEXT as T } from './strings';

type PagedSource = Omit<PagedLoad<PageOf<unknown>, unknown>, 'first' | 'update'>;

function MoreButton({ list }: { list: PagedSource }) {
  if (!list.hasMore) return null;
  return (
    <p className="us-center">
      <button
        type="button"
        className="us-btn us-btn--small us-btn--ghost"
        onClick={list.loadMore}
        disabled={list.loadingMore}
      >
        {list.loadingMore ? T.lists.loading : list.moreError ? `${list.moreError} · ${T.lists.failed}` : T.lists.more}
      </button>
    </p>
  );
}

interface ListProps {
  /** The line when the list has nothing. */
  empty: string;
  label?: string;
  /** The rows (`li`s). */
  children: ReactNode;
}

function ListBody({
  state,
  isEmpty,
  empty,
  label,
  children,
}: ListProps & { state: { loading: boolean; error: string | null; reload: () => void }; isEmpty: boolean }) {
  return (
    <>
      <ListState
        loading={state.loading}
        error={state.error}
        empty={isEmpty}
        texts={{ loading: T.lists.loading, empty, failed: T.lists.failed }}
        onRetry={state.reload}
      />
      <ul className="us-list" aria-label={label}>
        {children}
      </ul>
    </>
  );
}

/** A list loaded whole. */
export function LoadedList({ list, ...props }: ListProps & { list: Omit<Loaded<readonly unknown[]>, 'set'> }) {
  return <ListBody state={list} isEmpty={list.data?.length === 0} {...props} />;
}

export function PagedList({ list, ...props }: ListProps & { list: PagedSource }) {
  return (
    <>
      <ListBody state={list} isEmpty={list.items.length === 0} {...props} />
      <MoreButton list={list} />
    </>
  );
}
