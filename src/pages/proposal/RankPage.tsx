/**
 * /proposal/rank and /proposal/rank/attention: experts over the last 7 / 30 days by hit rate
 * (only with enough decided tips), profit (units at the published odds) or streak; the second
 * only the experts I follow. Also where a user applies to become an expert.
 */
import { useState } from 'react';
import { getCore, useCoreRequest, useSession, expertLevelName } from '../../core/index';
import {
  ProposalPaths,
  RANK_MIN_DECIDED_TIPS,
  type ExpertApplicationState,
  type ExpertRankRow,
  type TipCard,
} from '../../../workers/protocol/api/proposal';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { RequestGate } from '../../components/RequestGate';
import { TJ_TEXT } from '../../components/proposal/strings';
import { paths } from '../../app/paths';
import { TjChips, TjLinks, TipRow } from './parts';
import { LiveTitleBar } from '../../components/live/LiveTitleBar';

type By = 'hitRate' | 'profit' | 'streak';

function keyText(by: By, r: ExpertRankRow): string {
  return by === 'hitRate'
    ? TJ_TEXT.hitRate(r.hitRate)
    : by === 'profit'
      ? TJ_TEXT.profit(r.profit)
      : TJ_TEXT.streak(r.streak);
}

function ExpertTips({ expertId }: { expertId: number }) {
  const tips = useCoreRequest<TipCard[]>({ path: ProposalPaths.expertTips, params: { id: expertId } });
  if (!tips.data) return tips.loading ? <LoadingOverlay /> : null;
  return (
    <div className="tj-card">
      {tips.data.length === 0 ? (
        <p className="lv-empty">{TJ_TEXT.noTips}</p>
      ) : (
        tips.data.map((t) => <TipRow key={t.id} tip={t} />)
      )}
    </div>
  );
}

function Apply() {
  const session = useSession();
  const [reload, setReload] = useState(0);
  const state = useCoreRequest<ExpertApplicationState>(
    session.loggedIn && session.ready ? { path: ProposalPaths.apply, silent: true } : null,
    reload,
  );
  const [msg, setMsg] = useState('');
  const s = state.data;
  if (!s || s.status === 'expert') return null;
  const apply = async () => {
    const env = await getCore().request<ExpertApplicationState>({
      path: ProposalPaths.apply,
      method: 'POST',
      silent: true,
    });
    setMsg(env.code === 200 ? TJ_TEXT.applied : env.msg);
    setReload((n) => n + 1);
  };
  return (
    <section className="tj-card" aria-label={TJ_TEXT.apply}>
      <b>{TJ_TEXT.apply}</b>
      <p className="tj-sub">{TJ_TEXT.myRecord(s.settled, s.hits)}</p>
      {TJ_TEXT.applyState[s.status] && <p className="tj-sub">{TJ_TEXT.applyState[s.status]}</p>}
      {s.blocked ? (
        <p className="tj-sub">{s.blocked}</p>
      ) : (
        <button type="button" className="tj-btn" onClick={() => void apply()}>
          {TJ_TEXT.apply}
        </button>
      )}
      {msg && <p className="tj-msg">{msg}</p>}
    </section>
  );
}

export function RankPage({ attention }: { attention: boolean }) {
  const [days, setDays] = useState<7 | 30>(7);
  const [by, setBy] = useState<By>('hitRate');
  const [open, setOpen] = useState<number | null>(null);
  const state = useCoreRequest<ExpertRankRow[]>({
    path: attention ? ProposalPaths.rankAttention : ProposalPaths.rank,
    query: { days, by },
  });
  return (
    <div className="lv-page tj-page">
      <LiveTitleBar title={attention ? TJ_TEXT.rankAttention : TJ_TEXT.rank} back={paths.proposalMatchList()} />
      <TjLinks />
      <div className="tj-filters" role="group" aria-label="时间">
        <TjChips options={[7, 30] as const} value={days} onChange={setDays} labelOf={(d) => TJ_TEXT.days[d]} />
        <TjChips
          options={['hitRate', 'profit', 'streak'] as const}
          value={by}
          onChange={setBy}
          labelOf={(b) => TJ_TEXT.by[b]}
        />
      </div>
      {by === 'hitRate' && (
        <p className="tj-sub" style={{ padding: '0 10px' }}>{`至少 ${RANK_MIN_DECIDED_TIPS} 场红黑才上榜`}</p>
      )}
      <RequestGate state={state} failed={(s) => TJ_TEXT.loadFailed(s.msg)}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="lv-empty">{attention ? TJ_TEXT.noRankAttention : TJ_TEXT.noRank}</p>
          ) : (
            <ol className="db-rows" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-expert-rank>
              {rows.map((r) => (
                <li key={r.expertId}>
                  <button
                    type="button"
                    className="tj-rank-row"
                    style={{ width: '100%', border: 'none', textAlign: 'left' }}
                    data-expert-id={r.expertId}
                    data-rank={r.rank}
                    aria-expanded={open === r.expertId}
                    onClick={() => setOpen(open === r.expertId ? null : r.expertId)}
                  >
                    <span className="tj-rank-no">{r.rank}</span>
                    <span className="tj-expert-main">
                      <b>{r.nickName}</b>
                      <span className="tj-level">{expertLevelName(r.level)}</span>
                      <br />
                      <small className="tj-sub">{TJ_TEXT.record(r.red, r.black, r.push)}</small>
                    </span>
                    <span className="tj-rank-key">{keyText(by, r)}</span>
                  </button>
                  {open === r.expertId && <ExpertTips expertId={r.expertId} />}
                </li>
              ))}
            </ol>
          )
        }
      </RequestGate>
      {!attention && <Apply />}
    </div>
  );
}
