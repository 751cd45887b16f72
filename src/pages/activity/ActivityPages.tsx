/** The activity sub-pages: join with an invite code, rules and verification, lottery, ranks, history, address. */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useSession } from '../../core/index';
import { formatChinaTime } from '../../core/format';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { PageHeader } from '../../components/user/PageHeader';
import { ListState } from '../../components/user/ListState';
import { FormField } from '../../components/user/FormField';
import type { ActivityAddress, ActivityCurrent, ActivityDrawResult } from '../../../workers/protocol/index';
import { goBack, useLoad, type Loaded } from '../user/use-load';
import { activityApi, newClientId } from './activity-api';
import { ACTIVITY_TEXT as T } from './strings';

const STATE_TEXT = { loading: T.loading, empty: T.noIssue, failed: T.failed };

function Shell({ title, children }: { title: string; children: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <div className="us-page ac-page">
      <PageHeader title={title} backLabel={T.back} onBack={() => goBack(navigate, paths.activity)} />
      {children}
    </div>
  );
}

function LoginFirst() {
  return (
    <p className="us-list-state" role="status">
      {T.loginFirst} · <Link href={paths.login}>{T.toLogin}</Link>
    </p>
  );
}

function useCurrent(deps: readonly unknown[] = []): Loaded<ActivityCurrent> {
  const session = useSession();
  return useLoad(() => activityApi.current(), [session.loggedIn, ...deps]);
}

// --- /activity/reg ---------------------------------------------------------------------------

export function ActivityRegPage() {
  const session = useSession();
  const current = useCurrent();
  const issueNo = current.data?.issue.issueNo ?? null;
  const invites = useLoad(
    session.loggedIn && issueNo !== null && current.data?.me ? () => activityApi.inviteList(issueNo) : null,
    [issueNo, current.data?.me?.inviteCode],
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (issueNo === null) return;
    setBusy(true);
    try {
      const env = await activityApi.join(issueNo, code.trim());
      if (env.code !== 200) setError(env.msg);
      else {
        showToast(T.reg.done);
        current.reload();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Shell title={T.reg.title}>
      <ListState
        loading={current.loading}
        error={current.error}
        empty={false}
        texts={STATE_TEXT}
        onRetry={current.reload}
      />
      {!session.loggedIn && <LoginFirst />}
      {session.loggedIn && current.data && !current.data.me && (
        <form className="us-form us-card" onSubmit={submit} noValidate aria-label={T.reg.title}>
          <FormField
            label={T.reg.code}
            placeholder={T.reg.codePlaceholder}
            value={code}
            onChange={(v) => {
              setCode(v);
              setError(null);
            }}
            error={error}
            maxLength={16}
            name="inviteCode"
            autoComplete="off"
          />
          <button
            type="submit"
            className="us-btn us-btn--block"
            disabled={busy || current.data.issue.status !== 'open'}
          >
            {T.reg.submit}
          </button>
        </form>
      )}
      {current.data?.me && (
        <>
          <section className="us-card" aria-labelledby="ac-code">
            <h2 className="us-card__title" id="ac-code">
              {T.reg.myCode}
            </h2>
            <p className="ac-code" data-invite-code>
              {current.data.me.inviteCode}
            </p>
          </section>
          <section className="us-card" aria-labelledby="ac-invites">
            <h2 className="us-card__title" id="ac-invites">
              {T.reg.invites}
            </h2>
            <ListState
              loading={invites.loading}
              error={invites.error}
              empty={invites.data?.length === 0}
              texts={{ ...STATE_TEXT, empty: T.reg.noInvites }}
              onRetry={invites.reload}
            />
            <ul className="us-rows">
              {invites.data?.map((i) => (
                <li key={`${i.nickName}-${i.joinedAt}`} className="us-row">
                  <span>{i.nickName}</span>
                  <span className="us-row__value">{T.reg.joinedAt(formatChinaTime(i.joinedAt))}</span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </Shell>
  );
}

// --- /activity/rule (rules, fairness, verify) ------------------------------------------------------

export function ActivityRulePage() {
  const issues = useLoad(() => activityApi.issues(), []);
  const closed = issues.data?.filter((i) => i.status === 'closed') ?? [];
  const [verifying, setVerifying] = useState<number | null>(null);
  const report = useLoad(verifying === null ? null : () => activityApi.verify(verifying), [verifying]);
  return (
    <Shell title={T.rule.title}>
      <section className="us-card" aria-labelledby="ac-rules">
        <h2 className="us-card__title" id="ac-rules">
          {T.rule.title}
        </h2>
        <ol className="ac-rules">
          {T.rule.items.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ol>
      </section>
      <section className="us-card" aria-labelledby="ac-fair">
        <h2 className="us-card__title" id="ac-fair">
          {T.rule.fairTitle}
        </h2>
        <ol className="ac-rules">
          {T.rule.fair.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ol>
      </section>
      <section className="us-card" aria-labelledby="ac-verify">
        <h2 className="us-card__title" id="ac-verify">
          {T.rule.verifyTitle}
        </h2>
        <ListState
          loading={issues.loading}
          error={issues.error}
          empty={issues.data !== null && closed.length === 0}
          texts={{ ...STATE_TEXT, empty: T.rule.noClosed }}
          onRetry={issues.reload}
        />
        <ul className="us-rows">
          {closed.map((i) => (
            <li key={i.issueNo} className="us-row">
              <span>
                {T.issueNo(i.issueNo)} · {i.title}
              </span>
              <button type="button" className="us-btn us-btn--small" onClick={() => setVerifying(i.issueNo)}>
                {T.rule.verify}
              </button>
            </li>
          ))}
        </ul>
        {verifying !== null && (
          <div className="ac-verify" aria-live="polite" data-verify-issue={verifying}>
            <ListState
              loading={report.loading}
              error={report.error}
              empty={false}
              texts={STATE_TEXT}
              onRetry={report.reload}
            />
            {report.data && (
              <>
                <p className="ac-hash-label">{T.seedHash}</p>
                <code className="ac-hash">{report.data.seedHash}</code>
                <p className="ac-hash-label">{T.seed}</p>
                <code className="ac-hash">{report.data.seed}</code>
                <p className={report.data.seedMatchesHash ? 'ac-ok' : 'ac-bad'}>
                  {report.data.seedMatchesHash ? T.rule.hashOk : T.rule.hashBad}
                </p>
                <p
                  className={report.data.allMatch ? 'ac-ok' : 'ac-bad'}
                  data-verify-result={report.data.allMatch ? 'ok' : 'bad'}
                >
                  {report.data.draws.every((d) => d.ok)
                    ? T.rule.allOk(report.data.draws.length)
                    : T.rule.someBad(report.data.draws.filter((d) => !d.ok).length, report.data.draws.length)}
                </p>
                <div className="ac-table-wrap">
                  <table className="ac-table">
                    <thead>
                      <tr>
                        <th scope="col">{T.rule.cols.user}</th>
                        <th scope="col">{T.rule.cols.drawNo}</th>
                        <th scope="col">{T.rule.cols.roll}</th>
                        <th scope="col">{T.rule.cols.recorded}</th>
                        <th scope="col">{T.rule.cols.expected}</th>
                        <th scope="col">{T.rule.cols.ok}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {report.data.draws.map((d) => {
                        const name = (id: number) => report.data?.prizes.find((p) => p.id === id)?.name ?? String(id);
                        return (
                          <tr key={`${d.userId}-${d.drawNo}`}>
                            <td>{d.userId}</td>
                            <td>{d.drawNo}</td>
                            <td>{d.roll}</td>
                            <td>{name(d.recordedPrizeId)}</td>
                            <td>{name(d.expectedPrizeId)}</td>
                            <td className={d.ok ? 'ac-ok' : 'ac-bad'}>{d.ok ? T.rule.ok : T.rule.bad}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </div>
        )}
      </section>
    </Shell>
  );
}

// --- /activity/lottery -----------------------------------------------------------------------------

const WHEEL_COLORS = ['#f5c542', '#ffffff', '#f08a24', '#fdf1d6', '#e4572e', '#fff7e0', '#c89b3c', '#f9e3b4'];

export function ActivityLotteryPage() {
  const session = useSession();
  const current = useCurrent();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActivityDrawResult | null>(null);
  const [turn, setTurn] = useState(0);
  const pendingId = useRef<string | null>(null);
  const data = current.data;
  const prizes = data?.prizes ?? [];
  const draw = async () => {
    if (!data) return;
    setBusy(true);
    setResult(null);
    // Kept until an answer arrives, so a retry after a lost answer draws once.
    pendingId.current ??= newClientId();
    try {
      const env = await activityApi.draw(data.issue.issueNo, pendingId.current);
      if (env.code === 200) {
        pendingId.current = null;
        const index = Math.max(
          0,
          prizes.findIndex((p) => p.id === env.data.prizeId),
        );
        const seg = 360 / Math.max(1, prizes.length);
        // Land the pointer (top) on the middle of the prize's segment, after five full turns.
        setTurn((t) => t - (t % 360) + 360 * 5 + (360 - (index * seg + seg / 2)));
        setResult(env.data);
        current.reload();
      } else {
        if (env.code !== 5000) pendingId.current = null;
        showToast(env.msg);
      }
    } finally {
      setBusy(false);
    }
  };
  const seg = 360 / Math.max(1, prizes.length);
  const gradient = prizes
    .map((_, i) => `${WHEEL_COLORS[i % WHEEL_COLORS.length]} ${i * seg}deg ${(i + 1) * seg}deg`)
    .join(', ');
  return (
    <Shell title={T.lottery.title}>
      <ListState
        loading={current.loading && !data}
        error={current.error}
        empty={false}
        texts={STATE_TEXT}
        onRetry={current.reload}
      />
      {!session.loggedIn && <LoginFirst />}
      {data && (
        <>
          <section className="us-card ac-lottery" aria-labelledby="ac-wheel-title">
            <h2 className="us-card__title" id="ac-wheel-title">
              {T.lottery.wheel}
            </h2>
            <div className="ac-wheel" aria-hidden="true">
              <div
                className="ac-wheel__disc"
                style={{ background: `conic-gradient(${gradient})`, transform: `rotate(${turn}deg)` }}
              >
                {prizes.map((p, i) => (
                  <span key={p.id} className="ac-wheel__label" style={{ transform: `rotate(${i * seg + seg / 2}deg)` }}>
                    <span>{p.name}</span>
                  </span>
                ))}
              </div>
              <span className="ac-wheel__pointer" />
            </div>
            {data.me && (
              <p className="us-muted" data-activity-chances>
                {data.me.chances > 0 ? T.lottery.chancesLeft(data.me.chances) : T.lottery.noChance}
              </p>
            )}
            {session.loggedIn && (
              <button
                type="button"
                className="us-btn us-btn--block"
                disabled={busy || !data.me || data.me.chances <= 0 || data.issue.status !== 'open'}
                onClick={() => void draw()}
              >
                {busy ? T.lottery.drawing : T.lottery.draw}
              </button>
            )}
            <p className="ac-result" role="status" aria-live="polite" data-draw-result={result?.prizeName ?? ''}>
              {result && (result.prizeKind === 'none' ? T.lottery.none : T.lottery.won(result.prizeName))}
            </p>
            {result?.prizeKind === 'physical' && (
              <Link href={paths.activitySub('address')}>{T.lottery.needAddress}</Link>
            )}
          </section>
          <section className="us-card" aria-labelledby="ac-prizes">
            <h2 className="us-card__title" id="ac-prizes">
              {T.lottery.prizes}
            </h2>
            <ul className="us-rows">
              {prizes.map((p) => (
                <li key={p.id} className="us-row">
                  <span>{p.name}</span>
                  <span className="us-row__value">{T.lottery.stock(p.stock)}</span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </Shell>
  );
}

// --- /activity/rank --------------------------------------------------------------------------------

export function ActivityRankPage() {
  const current = useCurrent();
  const [scope, setScope] = useState<'issue' | 'all'>('issue');
  const issueNo = current.data?.issue.issueNo ?? null;
  const rank = useLoad(
    issueNo === null && scope === 'issue' ? null : () => activityApi.rank(scope === 'issue' ? issueNo : null),
    [scope, issueNo],
  );
  return (
    <Shell title={T.rank.title}>
      <div className="ac-tabs" role="tablist" aria-label={T.rank.title}>
        {(['issue', 'all'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={scope === s}
            className="ac-tab"
            onClick={() => setScope(s)}
          >
            {s === 'issue' ? T.rank.issue : T.rank.all}
          </button>
        ))}
      </div>
      <section className="us-card" role="tabpanel" aria-label={scope === 'issue' ? T.rank.issue : T.rank.all}>
        <ListState
          loading={rank.loading || current.loading}
          error={rank.error ?? current.error}
          empty={rank.data?.length === 0}
          texts={{ ...STATE_TEXT, empty: T.rank.empty }}
          onRetry={rank.reload}
        />
        <ol className="us-rows ac-rank">
          {rank.data?.map((r) => (
            <li key={`${r.rank}-${r.nickName}`} className={`us-row${r.isMe ? ' is-me' : ''}`}>
              <span>
                <strong className="ac-rank__no">{r.rank}</strong> {r.nickName}
                {r.isMe ? T.rank.me : ''}
              </span>
              <span className="us-row__value">{T.rank.points(r.points)}</span>
            </li>
          ))}
        </ol>
      </section>
    </Shell>
  );
}

// --- /activity/history -----------------------------------------------------------------------------

export function ActivityHistoryPage() {
  const session = useSession();
  const current = useCurrent();
  const issueNo = current.data?.issue.issueNo ?? null;
  const enabled = session.loggedIn && issueNo !== null;
  const guesses = useLoad(enabled ? () => activityApi.guessList(issueNo) : null, [issueNo, session.loggedIn]);
  const draws = useLoad(enabled ? () => activityApi.drawList(issueNo) : null, [issueNo, session.loggedIn]);
  return (
    <Shell title={T.history.title}>
      {!session.loggedIn && <LoginFirst />}
      <ListState
        loading={current.loading}
        error={current.error}
        empty={false}
        texts={STATE_TEXT}
        onRetry={current.reload}
      />
      {enabled && (
        <>
          <section className="us-card" aria-labelledby="ac-guesses">
            <h2 className="us-card__title" id="ac-guesses">
              {T.history.guesses}
            </h2>
            <ListState
              loading={guesses.loading}
              error={guesses.error}
              empty={guesses.data?.length === 0}
              texts={{ ...STATE_TEXT, empty: T.history.noGuesses }}
              onRetry={guesses.reload}
            />
            <ul className="us-rows">
              {guesses.data?.map((g) => (
                <li key={g.matchId} className="us-row" data-match-id={g.matchId}>
                  <span>
                    {g.home} - {g.away} · {T.pickNames[g.pick]} · {T.history.stake(g.stake)}
                  </span>
                  <span className="us-row__value" data-outcome={g.outcome}>
                    {T.history.outcome[g.outcome]}
                    {g.payout > 0 ? ` · ${T.history.payout(g.payout)}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section className="us-card" aria-labelledby="ac-draws">
            <h2 className="us-card__title" id="ac-draws">
              {T.history.draws}
            </h2>
            <ListState
              loading={draws.loading}
              error={draws.error}
              empty={draws.data?.length === 0}
              texts={{ ...STATE_TEXT, empty: T.history.noDraws }}
              onRetry={draws.reload}
            />
            <ul className="us-rows">
              {draws.data?.map((d) => (
                <li key={d.drawNo} className="us-row">
                  <span>{T.history.drawNo(d.drawNo)}</span>
                  <span className="us-row__value">
                    {d.prizeName} · {formatChinaTime(d.at)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </Shell>
  );
}

// --- /activity/address -----------------------------------------------------------------------------

type AddressErrors = Partial<Record<keyof ActivityAddress, string>>;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The same rules as the server, so most mistakes show before a round trip. */
export function addressErrors(a: ActivityAddress): AddressErrors {
  const e: AddressErrors = {};
  const check = (k: keyof ActivityAddress, min: number, max: number, bad: string, shape?: RegExp) => {
    const v = a[k].trim();
    if (v.length < min || v.length > max) e[k] = bad;
    else if (CONTROL.test(v)) e[k] = T.address.control;
    else if (shape && !shape.test(v)) e[k] = bad;
  };
  check('name', 2, 20, T.address.nameBad, /^[\u4e00-\u9fa5A-Za-z·\s]+$/);
  if (!/^1[3-9]\d{9}$/.test(a.mobile.trim())) e.mobile = T.address.mobileBad;
  check('region', 2, 50, T.address.regionBad);
  check('detail', 5, 120, T.address.detailBad);
  return e;
}

export function ActivityAddressPage() {
  const session = useSession();
  const stored = useLoad(session.loggedIn ? () => activityApi.address() : null, [session.loggedIn]);
  const [form, setForm] = useState<ActivityAddress | null>(null);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const value = form ?? stored.data ?? { name: '', mobile: '', region: '', detail: '' };
  const set = (k: keyof ActivityAddress) => (v: string) => {
    setForm({ ...value, [k]: v });
    setErrors((e) => ({ ...e, [k]: undefined }));
    setServerError(null);
  };
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e = addressErrors(value);
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      const env = await activityApi.saveAddress(value);
      if (env.code !== 200) setServerError(env.msg);
      else {
        stored.set(env.data);
        setForm(null);
        showToast(T.address.saved);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Shell title={T.address.title}>
      {!session.loggedIn ? (
        <LoginFirst />
      ) : stored.loading ? (
        <ListState loading error={null} empty={false} texts={STATE_TEXT} />
      ) : (
        <form className="us-form us-card" onSubmit={submit} noValidate aria-label={T.address.title}>
          <FormField
            label={T.address.name}
            value={value.name}
            onChange={set('name')}
            error={errors.name}
            maxLength={20}
            name="name"
            autoComplete="name"
          />
          <FormField
            label={T.address.mobile}
            value={value.mobile}
            onChange={set('mobile')}
            error={errors.mobile}
            maxLength={11}
            inputMode="numeric"
            name="mobile"
            autoComplete="tel"
          />
          <FormField
            label={T.address.region}
            placeholder={T.address.regionPlaceholder}
            value={value.region}
            onChange={set('region')}
            error={errors.region}
            maxLength={50}
            name="region"
          />
          <FormField
            label={T.address.detail}
            value={value.detail}
            onChange={set('detail')}
            error={errors.detail}
            maxLength={120}
            name="detail"
            autoComplete="street-address"
          />
          <p className="us-field__error" role="alert">
            {serverError ?? stored.error ?? ''}
          </p>
          <button type="submit" className="us-btn us-btn--block" disabled={busy}>
            {T.address.submit}
          </button>
        </form>
      )}
    </Shell>
  );
}
