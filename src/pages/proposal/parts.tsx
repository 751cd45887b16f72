/** Pieces shared by the expert-tips pages: filter chips, tip rows, the live match card. */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useMatch } from '../../core/index';
import { expertLevelName } from '../../core/format';
import type { Match, TipCard } from '../../../workers/protocol/index';
import { MatchRow } from '../../components/live/MatchRow';
import { MARKET_TEXT, RESULT_TEXT, TJ_TEXT, pickText } from '../../components/proposal/strings';
import { paths } from '../../app/paths';

/** A row of chips of which one is chosen (pressed). */
export function TjChips<T extends string | number>({
  options,
  value,
  onChange,
  labelOf,
}: {
  options: readonly T[];
  value: T | null | undefined;
  onChange: (v: T) => void;
  labelOf: (v: T) => ReactNode;
}) {
  return options.map((o) => (
    <button
      key={o}
      type="button"
      className={`tj-chip${value === o ? ' on' : ''}`}
      aria-pressed={value === o}
      onClick={() => onChange(o)}
    >
      {labelOf(o)}
    </button>
  ));
}

export function TjLinks() {
  return (
    <nav className="tj-links">
      <Link href={paths.proposalMatchList()}>{TJ_TEXT.matchList}</Link>
      <Link href={paths.proposalRank}>{TJ_TEXT.rank}</Link>
      <Link href={paths.proposalRankAttention}>{TJ_TEXT.rankAttention}</Link>
    </nav>
  );
}

export function ResultTag({ tip }: { tip: Pick<TipCard, 'result'> }) {
  if (!tip.result) return <span className="tj-result" />;
  return (
    <span className={`tj-result tj-result-${tip.result}`} data-tip-result={tip.result}>
      {RESULT_TEXT[tip.result]}
    </span>
  );
}

export function TipRow({ tip }: { tip: TipCard }) {
  return (
    <Link href={paths.proposalDetail(tip.id)} className="tj-tip" data-tip-id={tip.id}>
      <span className="tj-tip-main">
        <b data-expert-id={tip.expertId}>{tip.nickName}</b>
        <span className="tj-level">{expertLevelName(tip.level)}</span>
        <br />
        <small>
          {MARKET_TEXT[tip.market]} · {TJ_TEXT.pick} {pickText(tip.market, tip.pick, tip.line)} @ {tip.odds.toFixed(2)}
        </small>
      </span>
      <span className="tj-price">{tip.price > 0 ? TJ_TEXT.price(tip.price) : TJ_TEXT.free}</span>
      <ResultTag tip={tip} />
    </Link>
  );
}

/** A match card that stays live through the core (score, minute, status). */
export function LiveMatchCard({ match }: { match: Match }) {
  const view = useMatch(match.id, match.sport);
  const [, navigate] = useLocation();
  if (!view) return <div className="lv-row lv-row-skeleton" aria-busy />;
  return (
    <MatchRow match={view} onOpen={(x) => navigate(x.sport === 'zq' ? paths.zqDetail(x.id) : paths.lqDetail(x.id))} />
  );
}

/** `?id=` of the page's query, or null. */
export function queryId(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
