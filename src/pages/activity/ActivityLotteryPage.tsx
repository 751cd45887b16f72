/** /activity/lottery: the prize wheel; one chance spends into one draw. */
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { useSession } from '../../core/index';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { LoadState } from '../../components/user/ListState';
import { Card, ValueRow } from '../../components/user/Card';
import type { ActivityDrawResult } from '../../../workers/protocol/index';
import { activityApi, newClientId } from './activity-api';
import { ACTIVITY_TEXT as T } from './strings';
import { LoginFirst, STATE_TEXT, Shell, useCurrent } from './ActivityShell';

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
      <LoadState load={current} loading={current.loading && !data} texts={STATE_TEXT} />
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
                    <span
                      data-wheel-label
                      style={labelUpsideDown(i * seg + seg / 2 + turn) ? { transform: 'rotate(180deg)' } : undefined}
                    >
                      {p.name}
                    </span>
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
          <Card id="ac-prizes" title={T.lottery.prizes}>
            <ul className="us-rows">
              {prizes.map((p) => (
                <ValueRow key={p.id} label={p.name}>
                  {T.lottery.stock(p.stock)}
                </ValueRow>
              ))}
            </ul>
          </Card>
        </>
      )}
    </Shell>
  );
}

/**
 * Whether a label drawn at `angle` degrees on the wheel (0 = top, clockwise, the disc's turn
 * included) would read upside down: in the lower half it does, so it is turned half a circle in
 * place. Computed for where the disc comes to rest, so every label reads upright there.
 */
export function labelUpsideDown(angle: number): boolean {
  const a = ((angle % 360) + 360) % 360;
  return a > 90 && a < 270;
}
