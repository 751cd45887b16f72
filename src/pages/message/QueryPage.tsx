/**
 * The frame of the message area's search pages (找人, 搜索聊天记录): the query lives in the
 * address (?q=), so back from a result returns to the same results. The page supplies the API it
 * asks and how its rows are drawn.
 */
import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paths } from '../../app/paths';
import { LoadedListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { getCore } from '../../core/index';
import { goBack, type Loaded } from '../user/use-load';
import { useMyLoad } from './use-my-load';
import { QueryForm } from './PeopleParts';
import { PEOPLE_TEXT as T } from './people-strings';

/** The address's query, and what `apiPath` answers for it (nothing is asked while it is empty). */
export function useQueryList<R>(apiPath: string): { q: string; list: Loaded<R[]> } {
  const q = new URLSearchParams(useSearch()).get('q')?.trim() ?? '';
  const list = useMyLoad(q ? () => getCore().request<R[]>({ path: apiPath, query: { q }, silent: true }) : null, [q]);
  return { q, list };
}

export interface QueryTexts {
  title: string;
  label: string;
  placeholder: string;
  submit: string;
  /** Shown before anything is asked. */
  hint: string;
  loading: string;
  empty: string;
  failed: string;
}

export function QueryPage<R>({
  pagePath,
  texts,
  q,
  list,
  children,
}: {
  /** This page's path: a new query replaces its address. */
  pagePath: string;
  texts: QueryTexts;
  q: string;
  list: Loaded<R[]>;
  /** The rows, once there are some. */
  children: (rows: R[]) => ReactNode;
}) {
  const [, navigate] = useLocation();
  return (
    <div className="us-page">
      <PageHeader title={texts.title} onBack={() => goBack(navigate, paths.message)} backLabel={T.back} />
      <QueryForm
        label={texts.label}
        placeholder={texts.placeholder}
        submit={texts.submit}
        initial={q}
        onQuery={(next) => navigate(`${pagePath}?q=${encodeURIComponent(next)}`, { replace: true })}
      />
      {!q ? (
        <p className="us-list-state">{texts.hint}</p>
      ) : (
        <>
          <LoadedListState list={list} texts={texts} />
          {!list.loading && list.data && list.data.length > 0 && children(list.data)}
        </>
      )}
    </div>
  );
}
