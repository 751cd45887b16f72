/**
 * My tips (/user/proposal): a compose form on top, my own tips below, newest first. Reasons are
 * rendered as text, never as HTML. (My posts, /user/community, are in ./CommunityPage.)
 */
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { formatChinaTime, usePagedLoad } from '../../core/index';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { FormMessage, TextAreaField } from '../../components/user/FormField';
import { PageHeader } from '../../components/user/PageHeader';
import { TIP_PICKS, TIP_REASON_MAX, type MyTip, type TipPick } from '../../../workers/protocol/api/user-centre';
import { centreApi } from './centre-api';
import { hasErrors, hitRateText, outcomeTone, pickText, tipDraftErrors, type TipDraftErrors } from './my-content';
import { USER_TEXT as T } from './strings';
import { goBack, useLoad } from './use-load';
import { PagedList } from './UserList';

const PR = T.proposal;

const kickOff = (ot: number) => formatChinaTime(ot * 1000, 'MM-DD HH:mm');

function TipItem({ tip }: { tip: MyTip }) {
  const m = tip.match;
  const started = tip.outcome !== 'pending';
  return (
    <li className="us-list__item us-tip" data-testid="my-tip">
      <div className="us-tip__body">
        <div className="us-tip__head">
          <span className="us-tip__league" style={{ color: m.leagueColor }}>
            {m.leagueName}
          </span>
          <span className="us-muted">
            {kickOff(m.ot)} {PR.kickOff}
          </span>
          <span className={`us-outcome us-outcome--${outcomeTone(tip.outcome)}`} data-testid="tip-outcome">
            {PR.outcomes[tip.outcome]}
          </span>
        </div>
        <div className="us-tip__teams">
          <span>{m.homeName}</span>
          <span className="us-tip__score">{started ? `${m.score[0]} - ${m.score[1]}` : 'VS'}</span>
          <span>{m.awayName}</span>
        </div>
        <p className="us-tip__pick">
          {PR.myPick}：<strong>{pickText(tip.pick, m.homeName, m.awayName)}</strong>
        </p>
        {tip.reason && <p className="us-tip__reason">{tip.reason}</p>}
      </div>
    </li>
  );
}

export function ProposalPage() {
  const [, navigate] = useLocation();
  const tips = usePagedLoad((page: number) => centreApi.tips(page), []);
  const matches = useLoad(() => centreApi.tipMatches(), []);
  const [matchId, setMatchId] = useState<number | null>(null);
  const [pick, setPick] = useState<TipPick | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<TipDraftErrors>({ match: null, pick: null, reason: null });
  const [msg, setMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = matches.data?.find((m) => m.id === matchId) ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = tipDraftErrors(matchId, pick, reason);
    setErrors(found);
    if (hasErrors(found) || matchId === null || pick === null) return;
    setBusy(true);
    try {
      const env = await centreApi.addTip(matchId, pick, reason.trim());
      if (env.code !== 200) return setMsg(env.msg);
      setMsg(null);
      setMatchId(null);
      setPick(null);
      setReason('');
      showToast(PR.success);
      tips.reload();
      matches.reload();
    } finally {
      setBusy(false);
    }
  };

  const stats = tips.first?.stats;
  const rate = stats ? hitRateText(stats) : null;
  return (
    <div className="us-page">
      <PageHeader title={PR.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      {stats && (
        <section className="us-card us-tip-stats" aria-label={PR.hitRate}>
          <span className="us-tip-stats__label">{PR.hitRate}</span>
          <strong className="us-tip-stats__rate" data-testid="tip-hit-rate">
            {rate ?? '--'}
          </strong>
          <span className="us-muted">{rate ? PR.record(stats.hits, stats.settled) : PR.noSettled}</span>
        </section>
      )}
      <form className="us-form us-card" onSubmit={submit} noValidate aria-labelledby="us-tip-compose">
        <h2 id="us-tip-compose" className="us-card__title">
          {PR.compose}
        </h2>
        <div className={`us-field${errors.match ? ' us-field--error' : ''}`}>
          <label className="us-field__label" htmlFor="us-tip-match">
            {PR.match}
          </label>
          <select
            id="us-tip-match"
            className="us-field__input us-select"
            value={matchId ?? ''}
            onChange={(e) => {
              setMatchId(e.target.value ? Number(e.target.value) : null);
              setErrors((x) => ({ ...x, match: null }));
            }}
            disabled={!matches.data || matches.data.length === 0}
            aria-invalid={errors.match ? true : undefined}
            aria-describedby="us-tip-match-err"
          >
            <option value="">
              {matches.loading
                ? T.lists.loading
                : matches.data?.length === 0
                  ? PR.noMatches
                  : (matches.error ?? PR.matchPh)}
            </option>
            {matches.data?.map((m) => (
              <option key={m.id} value={m.id}>
                {`${kickOff(m.ot)} ${m.leagueName} ${m.homeName} VS ${m.awayName}`}
              </option>
            ))}
          </select>
          <p className="us-field__error" id="us-tip-match-err" aria-live="polite">
            {errors.match ?? ''}
          </p>
        </div>
        <fieldset className="us-kinds us-picks" aria-describedby="us-tip-pick-err">
          <legend className="us-field__label">{PR.pick}</legend>
          {TIP_PICKS.map((p) => (
            <label key={p} className={`us-chip us-pick${pick === p ? ' is-active' : ''}`}>
              <input
                type="radio"
                name="pick"
                value={p}
                checked={pick === p}
                onChange={() => {
                  setPick(p);
                  setErrors((x) => ({ ...x, pick: null }));
                }}
                className="visually-hidden"
              />
              <span className="us-pick__main">{PR.picks[p]}</span>
              <span className="us-pick__side">
                {chosen && p !== 'draw' ? (p === 'home' ? chosen.homeName : chosen.awayName) : PR.pickHint[p]}
              </span>
            </label>
          ))}
        </fieldset>
        <p className="us-field__error" id="us-tip-pick-err" aria-live="polite">
          {errors.pick ?? ''}
        </p>
        <TextAreaField
          id="us-tip-reason"
          label={PR.reasonLabel}
          value={reason}
          onChange={setReason}
          maxLength={TIP_REASON_MAX}
          rows={3}
          placeholder={PR.reasonPh}
          error={errors.reason}
          count={T.community.count}
        />
        <FormMessage text={msg} />
        <button type="submit" className="us-btn us-btn--block" disabled={busy}>
          {PR.submit}
        </button>
      </form>
      <h2 className="us-section-title">{PR.mine(tips.first?.total ?? 0)}</h2>
      <PagedList list={tips} empty={PR.empty} label={PR.title}>
        {tips.items.map((t) => (
          <TipItem key={t.id} tip={t} />
        ))}
      </PagedList>
    </div>
  );
}
