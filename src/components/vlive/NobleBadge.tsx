import { NOBLE_NAMES } from '../../../workers/protocol/api/vlive';

/** Colours of the nobility levels (index = level). */
export const NOBLE_COLORS = ['', '#7bb3ff', '#55c89a', '#b98cf0', '#f0a04b', '#f06b6b', '#e3b23c'] as const;

export function NobleBadge({ level }: { level: number }) {
  if (level <= 0) return null;
  const name = NOBLE_NAMES[level] ?? '';
  return (
    <span className="vl-noble" style={{ background: NOBLE_COLORS[level] ?? '#999' }} data-noble={level}>
      {name}
    </span>
  );
}
