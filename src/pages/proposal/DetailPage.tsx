/**
 * /proposal/detail?id=: a tip with its expert (level, hit rate, streak, followers, follow), the
 * live match card, the pick at the odds of publishing, the outcome once settled (红 / 黑 / 走),
 * and the reasoning: free, or after buying it with coins from the wallet gifts use.
 */
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { getCore, useCoreRequest, useMatch, useSession, expertLevelName } from '../../core/index';
import { ProposalPaths, tipOnSale, type TipDetail, type TipPurchase } from '../../../workers/protocol/api/proposal';
import { isFinal } from '../../../workers/protocol/status';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { MARKET_TEXT, TJ_TEXT, pickText } from '../../components/proposal/strings';
import { paths } from '../../app/paths';
import { LiveMatchCard, ResultTag, queryId } from './parts';
import { LiveTitleBar } from '../../components/live/LiveTitleBar';

function Detail({ tip, onChange }: { tip: TipDetail; onChange: () => void }) {
  const session = useSession();
  const [reason, setReason] = useState<string | null>(tip.reason);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [follow, setFollow] = useState(tip.expert.follow);
  const [busy, setBusy] = useState(false);
  const e = tip.expert;
  const live = useMatch(tip.matchId, tip.sport);
  const over = Boolean(live ? live.isFinished || live.isVoid : isFinal(tip.sport, tip.match.s));
  const onSale = tipOnSale(tip, over);
  // The server settles a tip within a few seconds of the final whistle: ask again until it has.
  useEffect(() => {
    if (!over || tip.result !== null) return;
    const t = setInterval(onChange, 2000);
    return () => clearInterval(t);
  }, [over, tip.result, onChange]);
  const buy = async () => {
    setBusy(true);
    const env = await getCore().request<TipPurchase>({
      path: ProposalPaths.buy,
      method: 'POST',
      body: { tipId: tip.id },
      silent: true,
    });
    setBusy(false);
    if (env.code === 200) {
      setReason(env.data.reason);
      setMsg({ ok: true, text: TJ_TEXT.bought(env.data.balance) });
    } else setMsg({ ok: false, text: env.msg });
  };
  const toggleFollow = async () => {
    const env = await getCore().request<{ follow: 0 | 1 }>({
      path: ProposalPaths.follow,
      method: 'POST',
      body: { expertId: e.id },
      silent: true,
    });
    // A refused follow keeps the state and shows the server's message.
    if (env.code === 200) {
      setFollow(env.data.follow);
      onChange();
    } else setMsg({ ok: false, text: env.msg });
  };
  return (
    <>
      <section className="tj-card tj-expert" data-expert-id={e.id}>
        <div className="tj-expert-main">
          <b>{e.nickName}</b>
          <span className="tj-level">{expertLevelName(e.level)}</span>
          <div className="tj-sub">
            {TJ_TEXT.hitRate(e.record.hitRate)} · {TJ_TEXT.streak(e.record.streak)} · {TJ_TEXT.followers(e.followers)}
          </div>
          <div className="tj-sub">
            {TJ_TEXT.record(e.record.red, e.record.black, e.record.push)} · {TJ_TEXT.profit(e.record.profit)}
          </div>
        </div>
        {session.loggedIn && session.user?.id !== e.id && (
          <button type="button" className={`tj-btn${follow ? ' ghost' : ''}`} onClick={() => void toggleFollow()}>
            {follow ? TJ_TEXT.following : TJ_TEXT.follow}
          </button>
        )}
      </section>
      <section className="tj-card">
        <LiveMatchCard match={tip.match} />
      </section>
      <section className="tj-card" data-tip-id={tip.id}>
        <div className="tj-expert">
          <div className="tj-expert-main">
            <b>
              {MARKET_TEXT[tip.market]} · {TJ_TEXT.pick} {pickText(tip.market, tip.pick, tip.line)}
            </b>
            <div className="tj-sub">
              {TJ_TEXT.oddsAt} {tip.odds.toFixed(2)} · {tip.price > 0 ? TJ_TEXT.price(tip.price) : TJ_TEXT.free}
            </div>
          </div>
          <ResultTag tip={tip} />
        </div>
      </section>
      <section className="tj-card">
        <h2 className="tj-sub">{TJ_TEXT.reason}</h2>
        {reason !== null ? (
          <p className="tj-reason" data-tip-reason>
            {reason}
          </p>
        ) : (
          <div className="tj-locked">
            <p>{onSale ? TJ_TEXT.locked : TJ_TEXT.closed}</p>
            {!onSale ? null : session.loggedIn ? (
              <button type="button" className="tj-btn" disabled={busy} onClick={() => void buy()}>
                {TJ_TEXT.buy(tip.price)}
              </button>
            ) : (
              <Link href={paths.login}>{TJ_TEXT.loginToBuy}</Link>
            )}
          </div>
        )}
        {tip.refunded && <p className="tj-ok">{TJ_TEXT.refunded}</p>}
        {msg && <p className={msg.ok ? 'tj-ok' : 'tj-msg'}>{msg.text}</p>}
      </section>
    </>
  );
}

export function DetailPage() {
  const id = queryId(useSearch());
  const [reload, setReload] = useState(0);
  const [again] = useState(() => () => setReload((n) => n + 1));
  const state = useCoreRequest<TipDetail>(id ? { path: ProposalPaths.detail, params: { id } } : null, reload);
  return (
    <div className="lv-page tj-page">
      <LiveTitleBar title={TJ_TEXT.title} back={paths.proposalMatchList()} />
      {state.data ? (
        <Detail key={state.data.id} tip={state.data} onChange={again} />
      ) : state.loading ? (
        <LoadingOverlay />
      ) : (
        <p className="lv-empty" role="alert">
          {id === null || state.code === 4004 ? TJ_TEXT.notFound : TJ_TEXT.loadFailed(state.msg)}
        </p>
      )}
    </div>
  );
}
