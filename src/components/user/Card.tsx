/**
 * The card and row pieces the 我的 and activity pages are built from: a card named by its
 * heading, a card around a loaded list with its loading/failed/empty line, a label-and-value
 * row, and a row that links on (with the › that says so, hidden from screen readers).
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ListState } from './ListState';

export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="us-card" aria-labelledby={id}>
      <h2 className="us-card__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface ListSource {
  data: readonly unknown[] | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/** `empty` defaults to "the list came back with nothing"; pass it when the rows are filtered. */
export function ListCard({
  id,
  title,
  list,
  texts,
  empty = list.data?.length === 0,
  after,
  children,
}: {
  id: string;
  title: string;
  list: ListSource;
  texts: { loading: string; empty: string; failed: string };
  empty?: boolean;
  /** What follows the rows inside the card (a detail opened from a row). */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card id={id} title={title}>
      <ListState loading={list.loading} error={list.error} empty={empty} texts={texts} onRetry={list.reload} />
      <ul className="us-rows">{children}</ul>
      {after}
    </Card>
  );
}

export function ValueRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <li className="us-row">
      <span>{label}</span>
      <span className="us-row__value">{children}</span>
    </li>
  );
}

/** With a `value` the › follows it inside the value; without, the › stands alone at the end. */
export function LinkRow({
  href,
  label,
  value,
  valueTestId,
}: {
  href: string;
  label: ReactNode;
  value?: ReactNode;
  valueTestId?: string;
}) {
  return (
    <li>
      <Link href={href} className="us-row">
        <span>{label}</span>
        {value === undefined ? (
          <span className="us-row__arrow" aria-hidden="true">
            ›
          </span>
        ) : (
          <span className="us-row__value" data-testid={valueTestId}>
            {value} <span aria-hidden="true">›</span>
          </span>
        )}
      </Link>
    </li>
  );
}
