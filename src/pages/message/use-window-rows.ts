/**
 * The people lists' fixed-height rows on the one windowed-list setup (../../components/use-window-list).
 */
import { useWindowList } from '../../components/use-window-list';

export function useWindowRows<E extends HTMLElement>(count: number, rowHeight: number, keyOf: (i: number) => string) {
  const { ref, virtualizer, offsetOf } = useWindowList<E>({
    count,
    estimateSize: () => rowHeight,
    overscan: 8,
    getItemKey: keyOf,
  });
  return {
    ref,
    totalSize: virtualizer.getTotalSize(),
    rows: virtualizer.getVirtualItems().map((v) => ({ index: v.index, key: v.key, top: offsetOf(v) })),
  };
}
