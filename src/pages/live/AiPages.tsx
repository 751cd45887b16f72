/**
 * /live/ai/list: upcoming football matches with the model's outcome probabilities, expected goals
 * and most likely score. /live/ai?id=: one match with its score grid and the factors behind it;
 * without an id, the model's track record (calibration).
 */
import { Link, useSearch } from 'wouter';
import { paths } from '../../app/paths';
import { formatChinaTime, LivePaths, useCoreRequest } from './core-bridge';
import type { AiCalibration, AiDetail, AiPrediction } from '../../../workers/protocol/index';
import { CalibrationChart, FactorList, LikelyScores, ProbBar, ScoreGrid } from '../../components/live/AiViews';
import { readableOnWhite } from '../../components/live/league-color';
import { LIVE_TEXT } from '../../components/live/strings';
import '../../components/live/live.css';
import { LiveTitleBar } from '../../components/live/LiveTitleBar';

const aiDetailPath = (id: number) => `${paths.liveAi}?id=${id}`;

function Track({ c }: { c: AiCalibration | null }) {
  if (!c) return null;
  return (
    <section className="lv-section" data-calibration>
      <h4>{LIVE_TEXT.calibration}</h4>
      {c.matches === 0 ? (
        <p className="lv-empty">暂无已完场的预测</p>
      ) : (
        <>
          <div className="lv-ai-summary">
            <div>
              <b data-hit-rate>{(c.hitRate * 100).toFixed(1)}%</b>
              <span>命中率（{c.matches} 场）</span>
            </div>
            <div>
              <b>{c.brier.toFixed(3)}</b>
              <span>Brier（随机 0.667）</span>
            </div>
            <div>
              <b>{c.logLoss.toFixed(3)}</b>
              <span>对数损失（随机 1.099）</span>
            </div>
          </div>
          <CalibrationChart calibration={c} />
          <p className="lv-note">{LIVE_TEXT.calibrationHint}</p>
        </>
      )}
    </section>
  );
}

function PredictionCard({ p }: { p: AiPrediction }) {
  return (
    <Link href={aiDetailPath(p.matchId)} className="lv-ai-card" data-ai-match={p.matchId}>
      <div className="lv-row-top">
        <span className="lv-league" style={{ color: readableOnWhite(p.leagueColor) }}>
          {p.leagueName}
        </span>
        <span className="lv-time">{formatChinaTime(p.ot * 1000, 'MM-DD HH:mm')}</span>
        <span style={{ marginLeft: 'auto' }}>
          <LikelyScores p={p} />
        </span>
      </div>
      <div className="lv-ai-teams">
        <span>{p.home.name}</span>
        <span style={{ fontSize: 12, color: '#888', fontWeight: 400 }}>
          xG {p.xgHome.toFixed(2)} : {p.xgAway.toFixed(2)}
        </span>
        <span>{p.away.name}</span>
      </div>
      <ProbBar p={p} />
    </Link>
  );
}

export function AiListPage() {
  const list = useCoreRequest<AiPrediction[]>({ path: LivePaths.aiList });
  const calib = useCoreRequest<AiCalibration>({ path: LivePaths.aiCalibration });
  return (
    <div className="lv-page" data-page="live-ai-list">
      <LiveTitleBar title={LIVE_TEXT.aiListTitle} back={paths.liveHot} />
      {calib.data && calib.data.matches > 0 && (
        <p className="lv-note" style={{ paddingTop: 8 }}>
          <Link href={paths.liveAi}>{LIVE_TEXT.hitRate(calib.data.hitRate, calib.data.matches)} ›</Link>
        </p>
      )}
      {list.loading ? (
        <p className="lv-empty">{LIVE_TEXT.loading}</p>
      ) : !list.data || list.data.length === 0 ? (
        <p className="lv-empty">{list.code !== null && list.code !== 200 ? list.msg : LIVE_TEXT.aiEmpty}</p>
      ) : (
        list.data.map((p) => <PredictionCard key={p.matchId} p={p} />)
      )}
      <p className="lv-note">{LIVE_TEXT.modelNote}</p>
    </div>
  );
}

function AiDetailView({ id }: { id: number }) {
  const d = useCoreRequest<AiDetail>({ path: LivePaths.aiDetail, params: { id } });
  if (d.loading) return <p className="lv-empty">{LIVE_TEXT.loading}</p>;
  if (!d.data) return <p className="lv-empty">{d.msg || LIVE_TEXT.notFound}</p>;
  const p = d.data;
  return (
    <div data-ai-detail={p.matchId}>
      <div className="lv-ai-card">
        <div className="lv-row-top">
          <span className="lv-league" style={{ color: readableOnWhite(p.leagueColor) }}>
            {p.leagueName}
          </span>
          <span>{formatChinaTime(p.ot * 1000, 'MM-DD HH:mm')}</span>
          <Link href={paths.zqDetail(p.matchId)} style={{ marginLeft: 'auto' }}>
            比赛详情 ›
          </Link>
        </div>
        <div className="lv-ai-teams">
          <span>{p.home.name}</span>
          <span>VS</span>
          <span>{p.away.name}</span>
        </div>
        <ProbBar p={p} />
        <div className="lv-ai-summary">
          <div>
            <b>
              {p.xgHome.toFixed(2)} : {p.xgAway.toFixed(2)}
            </b>
            <span>{LIVE_TEXT.xg}</span>
          </div>
          <div>
            <b data-likely-score>
              {p.score[0]}-{p.score[1]}
            </b>
            <span>
              {LIVE_TEXT.likelyScore}（{(p.scoreProb * 100).toFixed(1)}%）
            </span>
          </div>
        </div>
      </div>
      <section className="lv-section">
        <h4>比分概率（%）</h4>
        <ScoreGrid grid={p.grid} home={p.home.name} away={p.away.name} />
      </section>
      <section className="lv-section">
        <h4>{LIVE_TEXT.factors}</h4>
        <FactorList factors={p.factors} home={p.home.name} away={p.away.name} />
      </section>
      <p className="lv-note">
        {LIVE_TEXT.modelNote}。样本 {p.model.sampleSize} 场，场均每队进球基准 {p.model.baseRate.toFixed(2)}，主场系数 ×
        {p.model.homeAdvantage.toFixed(2)}；预测于 {formatChinaTime(p.madeAt, 'MM-DD HH:mm')}。
      </p>
    </div>
  );
}

export function AiPage() {
  const search = useSearch();
  const id = Number(new URLSearchParams(search).get('id'));
  const calib = useCoreRequest<AiCalibration>({ path: LivePaths.aiCalibration });
  const hasId = Number.isSafeInteger(id) && id > 0;
  return (
    <div className="lv-page" data-page="live-ai">
      <LiveTitleBar title={LIVE_TEXT.aiTitle} back={paths.liveAiList} />
      {hasId && <AiDetailView id={id} />}
      <Track c={calib.data} />
      {!hasId && (
        <p className="lv-note">
          <Link href={paths.liveAiList}>查看即将开赛的 AI 预测 ›</Link>
        </p>
      )}
    </div>
  );
}
