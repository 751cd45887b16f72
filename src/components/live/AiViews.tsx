/** AI prediction views: outcome bar, score grid, factors and the calibration (reliability) chart. */
import { FLAT_SCORE_GAP, type AiCalibration, type AiFactor, type AiPrediction } from '../../../workers/protocol/api/ai';
import { LIVE_TEXT } from './strings';

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

export function ProbBar({ p }: { p: Pick<AiPrediction, 'pHome' | 'pDraw' | 'pAway'> }) {
  return (
    <div>
      <div
        className="lv-ai-probs"
        role="img"
        aria-label={`${LIVE_TEXT.homeWin}${pct(p.pHome)} ${LIVE_TEXT.draw}${pct(p.pDraw)} ${LIVE_TEXT.awayWin}${pct(p.pAway)}`}
      >
        <span className="lv-ai-h" style={{ flexGrow: p.pHome }} data-p-home>
          {pct(p.pHome)}
        </span>
        <span className="lv-ai-d" style={{ flexGrow: p.pDraw }} data-p-draw>
          {pct(p.pDraw)}
        </span>
        <span className="lv-ai-a" style={{ flexGrow: p.pAway }} data-p-away>
          {pct(p.pAway)}
        </span>
      </div>
      <div className="lv-ai-legend">
        <span>{LIVE_TEXT.homeWin}</span>
        <span>{LIVE_TEXT.draw}</span>
        <span>{LIVE_TEXT.awayWin}</span>
      </div>
    </div>
  );
}

export function ScoreGrid({ grid, home, away }: { grid: number[][]; home: string; away: string }) {
  const max = Math.max(...grid.flat(), 1e-9);
  return (
    <table className="lv-ai-grid" aria-label="比分概率">
      <thead>
        <tr>
          <th>
            {home.slice(0, 2)}\{away.slice(0, 2)}
          </th>
          {grid[0].map((_, j) => (
            <th key={j}>{j}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {grid.map((row, i) => (
          <tr key={i}>
            <th>{i}</th>
            {row.map((p, j) => (
              <td key={j} style={{ background: `rgba(212,169,74,${(p / max) * 0.9 + 0.05})` }} title={`${i}-${j}`}>
                {(p * 100).toFixed(1)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FactorList({ factors, home, away }: { factors: AiFactor[]; home: string; away: string }) {
  return (
    <ul className="lv-factors">
      {factors.map((f) => (
        <li key={f.key} data-factor={f.key}>
          <span>
            <b>{f.label}</b>
            {f.favours !== 'none' && (
              <em style={{ fontStyle: 'normal', color: '#9a6b00' }}> 利好{f.favours === 'home' ? home : away}</em>
            )}
          </span>
          <span>{f.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** Reliability diagram: each bucket's mean predicted probability against how often it happened. */
export function CalibrationChart({ calibration }: { calibration: AiCalibration }) {
  const S = 240;
  const pad = 28;
  const xy = (p: number) => pad + p * (S - 2 * pad);
  const pts = calibration.buckets.filter((b) => b.count > 0);
  const maxCount = Math.max(1, ...pts.map((b) => b.count));
  return (
    <div className="lv-calib">
      <svg viewBox={`0 0 ${S} ${S}`} role="img" aria-label="预测校准图">
        <rect x={pad} y={pad} width={S - 2 * pad} height={S - 2 * pad} fill="#fafafa" stroke="#ddd" />
        <line x1={xy(0)} y1={S - xy(0)} x2={xy(1)} y2={S - xy(1)} stroke="#bbb" strokeDasharray="4 3" />
        {[0, 0.5, 1].map((t) => (
          <g key={t} fontSize="9" fill="#888">
            <text x={xy(t)} y={S - 10} textAnchor="middle">
              {pct(t)}
            </text>
            <text x={8} y={S - xy(t) + 3}>
              {pct(t)}
            </text>
          </g>
        ))}
        <polyline
          fill="none"
          stroke="#d4a94a"
          strokeWidth="2"
          points={pts.map((b) => `${xy(b.predicted)},${S - xy(b.observed)}`).join(' ')}
        />
        {pts.map((b) => (
          <circle
            key={b.from}
            cx={xy(b.predicted)}
            cy={S - xy(b.observed)}
            r={2.5 + 4 * Math.sqrt(b.count / maxCount)}
            fill="#d4a94a"
            data-bucket={b.from}
          >
            <title>{`预测 ${pct(b.predicted)}，实际 ${pct(b.observed)}（${b.count} 次）`}</title>
          </circle>
        ))}
        <text x={S / 2} y={16} textAnchor="middle" fontSize="10" fill="#555">
          横轴：预测概率 · 纵轴：实际发生频率
        </text>
      </svg>
    </div>
  );
}

/**
 * The most likely score, or, when the top scores are nearly as likely as each other, all three
 * with their chances: a single 1-1 on every card would read as a forecast it is not.
 */
export function LikelyScores({ p }: { p: Pick<AiPrediction, 'score' | 'topScores'> }) {
  const top = p.topScores;
  const flat = top.length >= 3 && top[0]!.p - top[2]!.p < FLAT_SCORE_GAP;
  if (!flat)
    return (
      <span data-likely-scores>
        {LIVE_TEXT.likelyScore}{' '}
        <b style={{ color: '#222' }}>
          {p.score[0]}-{p.score[1]}
        </b>
      </span>
    );
  return (
    <span data-likely-scores data-flat>
      {LIVE_TEXT.closeScores}{' '}
      {top.map((t) => (
        <b key={`${t.score[0]}-${t.score[1]}`} style={{ color: '#222', marginLeft: 4 }}>
          {t.score[0]}-{t.score[1]}
          <small style={{ color: '#888', fontWeight: 400 }}> {(t.p * 100).toFixed(0)}%</small>
        </b>
      ))}
    </span>
  );
}
