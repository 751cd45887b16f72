/**
 * A windowed `<ul>` (articles, posts, conversations, people, contacts): only the rows near the
 * viewport are rendered; each row is placed by the `offset` it is given
 * (`transform: translateY(offset)`). Rows of varying height call `measure` with their element.
 */
import type { AriaAttributes, Key, ReactNode } from 'react';
import { useWindowList } from './use-window-list';

type DataAttributes = { [name: `data-${string}`]: string | number | boolean | undefined };

export interface RowPlace {
  key: Key;
  index: number;
  offset: number;
  measure: (el: HTMLElement | null) => void;
}

export function WindowedList<T>({
  items,
  keyOf,
  estimateSize,
  overscan,
  gap,
  paddingStart,
  className,
  attrs,
  renderRow,
}: {
  items: readonly T[];
  keyOf: (item: T) => string | number;
  estimateSize: (index: number) => number;
  overscan: number;
  gap?: number;
  paddingStart?: number;
  className: string;
  /** The list's own data-* hooks and ARIA (its name, aria-busy). */
  attrs?: AriaAttributes & DataAttributes;
  renderRow: (item: T, place: RowPlace) => ReactNode;
}) {
  const { ref, virtualizer, offsetOf } = useWindowList<HTMLUListElement>({
    count: items.length,
    estimateSize,
    overscan,
    gap,
    paddingStart,
    getItemKey: (i) => keyOf(items[i]!),
  });
  return (
    <ul ref={ref} className={className} {...attrs} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((v) =>
        renderRow(items[v.index]!, {
          key: v.key,
          index: v.index,
          offset: offsetOf(v),
          measure: virtualizer.measureElement,
        }),
      )}
    </ul>
  );
}
