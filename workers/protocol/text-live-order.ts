/**
 * Text live order, shared by the server (which answers newest first) and the core. Lines of one moment share their `at` (a basketball step stamps both sides'
 * plays with one time), so time alone does not order them; the feed's per-match sequence in the
 * id does ('123-t9' before '123-t10', which string order gets backwards).
 */
import type { TextLiveLine } from './live';

/** The sequence number at the end of a line id ('123-t10' → 10, '123-45-i' → 45), or null. */
export function textLineSeq(id: string): number | null {
  const m = /(\d+)\D*$/.exec(id);
  return m ? Number(m[1]) : null;
}

/** Newest first: later time first, then the later line of the same moment. */
export function textLiveNewestFirst<L extends Pick<TextLiveLine, 'id' | 'at'>>(lines: readonly L[]): L[] {
  return [...lines].sort((a, b) => {
    if (a.at !== b.at) return b.at - a.at;
    const sa = textLineSeq(a.id);
    const sb = textLineSeq(b.id);
    if (sa !== null && sb !== null && sa !== sb) return sb - sa;
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  });
}
