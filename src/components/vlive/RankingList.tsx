/** Givers ranking of a room. Props only. */
import type { VliveRankRow } from '../../../workers/protocol/index';
import { NobleBadge } from './NobleBadge';
import { VLIVE_TEXT } from './strings';

export function RankingList({ rows }: { rows: VliveRankRow[] }) {
  if (rows.length === 0) return <p className="vl-empty">{VLIVE_TEXT.rankEmpty}</p>;
  return (
    <ol className="vl-rank">
      {rows.map((r) => (
        <li key={`${r.rank}-${r.userId}`}>
          <span className={`vl-rank-no vl-rank-no--${r.rank}`}>{r.rank}</span>
          <span className="vl-rank-name">
            <NobleBadge level={r.nobleLevel} />
            {r.nickName}
          </span>
          <span className="vl-rank-total">
            {r.total} {VLIVE_TEXT.coin}
          </span>
        </li>
      ))}
    </ol>
  );
}
