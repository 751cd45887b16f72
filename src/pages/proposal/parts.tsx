/** Pieces shared by the expert-tips pages: filter chips, tip rows, the live match card. */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useMatch } from '../../core/index';
import { expertLevelName } from '../../core/format';
import type { Match, TipCard } from '../../../workers/protocol/index';
import { tipOnSale } from '../../../workers/protocol/api/proposal';
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

/** The area's sub-navigation: the app's pill sub-tabs (lv-subtabs), the page you are on marked. */
export function TjLinks() {
  const [location] = useLocation();
  const links = [
    [paths.proposalMatchList(), TJ_TEXT.matchList, location === '/proposal' || location === '/proposal/matchList'],
    [paths.proposalRank, TJ_TEXT.rank, location === paths.proposalRank],
    [paths.proposalRankAttention, TJ_TEXT.rankAttention, location === paths.proposalRankAttention],
  ] as const;
  return (
    <nav className="lv-subtabs tj-links" aria-label={TJ_TEXT.title}>
      {links.map(([href, text, here]) => (
        <Link key={href} href={href} aria-current={here ? 'page' : undefined}>
          {text}
        </Link>
      ))}
    </nav>
  );
}

/** 足球 / 篮球 of the tip pages: the app's tab strip (lv-tabs), dark text on white, gold underline. */
export function TjSportTabs({ sport }: { sport: 'zq' | 'lq' }) {
  return (
    <nav className="lv-tabs" aria-label={TJ_TEXT.sport}>
      {(['zq', 'lq'] as const).map((s) => (
        <Link
          key={s}
          href={paths.proposalMatchList(s)}
          className={s === sport ? 'on' : ''}
          aria-current={s === sport ? 'page' : undefined}
        >
          {TJ_TEXT.sports[s]}
        </Link>
      ))}
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
      {/* A settled tip is no longer sold: its row shows the result, not a price. */}
      <span className="tj-price">
        {tip.price === 0 ? TJ_TEXT.free : tipOnSale(tip, false) ? TJ_TEXT.price(tip.price) : ''}
      </span>
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
