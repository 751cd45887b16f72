/**
 * Publishing a tip (experts only, before kick-off): the market and side at the odds the server
 * quotes now (the server records its own quote, never one sent from here), a price in coins
 * (0 = free) and the reasoning. The server's refusal message is shown as it is.
 */
import { useState } from 'react';
import { getCore, useCoreRequest, useSession } from '../../core/index';
import {
  ProposalPaths,
  type ExpertApplicationState,
  type MarketQuote,
  type TipMarketCode,
  type TipPickCode,
} from '../../../workers/protocol/api/proposal';
import { MARKET_TEXT, TJ_TEXT, pickText } from '../../components/proposal/strings';
import { TjChips } from './parts';

/** Whether the signed-in user is an expert (the server's application state says so). */
export function useIsExpert(): boolean {
  const session = useSession();
  // Asked once the core has its session (before that a request would go without the token).
  const state = useCoreRequest<ExpertApplicationState>(
    session.loggedIn && session.ready ? { path: ProposalPaths.apply, silent: true } : null,
    session.user?.id ?? 0,
  );
  return state.data?.status === 'expert';
}

export function PublishForm({ matchId, onPublished }: { matchId: number; onPublished: () => void }) {
  const quotes = useCoreRequest<MarketQuote[]>({ path: ProposalPaths.quote, params: { id: matchId } });
  const [market, setMarket] = useState<TipMarketCode | null>(null);
  const [pick, setPick] = useState<TipPickCode | null>(null);
  const [price, setPrice] = useState('0');
  const [reason, setReason] = useState('');
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const list = quotes.data ?? [];
  const current = list.find((q) => q.market === (market ?? list[0]?.market)) ?? null;
  const submit = async () => {
    if (!current || !pick) return;
    setBusy(true);
    const env = await getCore().request<{ id: number }>({
      path: ProposalPaths.publish,
      method: 'POST',
      body: { matchId, market: current.market, pick, price, reason },
      silent: true,
    });
    setBusy(false);
    setMsg({ ok: env.code === 200, text: env.code === 200 ? TJ_TEXT.published : env.msg });
    if (env.code === 200) {
      setReason('');
      setPick(null);
      onPublished();
    }
  };
  return (
    <form
      className="tj-form"
      aria-label={TJ_TEXT.publish}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <b>{TJ_TEXT.publishTitle}</b>
      {list.length === 0 && !quotes.loading && <p className="tj-msg">{TJ_TEXT.noQuote}</p>}
      <div className="tj-filters" role="group" aria-label={TJ_TEXT.market}>
        <TjChips
          options={list.map((q) => q.market)}
          value={current?.market}
          onChange={(m) => {
            setMarket(m);
            setPick(null);
          }}
          labelOf={(m) => MARKET_TEXT[m]}
        />
      </div>
      {current && (
        <div className="tj-picks" role="group" aria-label={TJ_TEXT.pick}>
          {(Object.entries(current.odds) as Array<[TipPickCode, number]>).map(([side, odds]) => (
            <button
              key={side}
              type="button"
              data-pick={side}
              className={`tj-chip${pick === side ? ' on' : ''}`}
              aria-pressed={pick === side}
              onClick={() => setPick(side)}
            >
              {pickText(current.market, side, current.line)} {odds.toFixed(2)}
            </button>
          ))}
        </div>
      )}
      <input
        type="number"
        min={0}
        inputMode="numeric"
        aria-label={TJ_TEXT.pricePlaceholder}
        placeholder={TJ_TEXT.pricePlaceholder}
        value={price}
        onChange={(e) => setPrice(e.target.value)}
      />
      <textarea
        rows={3}
        aria-label={TJ_TEXT.reasonPlaceholder}
        placeholder={TJ_TEXT.reasonPlaceholder}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {msg && <p className={msg.ok ? 'tj-ok' : 'tj-msg'}>{msg.text}</p>}
      <button type="submit" className="tj-btn" disabled={busy || !current || !pick}>
        {TJ_TEXT.publish}
      </button>
    </form>
  );
}
