/**
 * 滑动验证: the server's puzzle (a background with a gap, and the piece cut from it); the user
 * drags the slider (pointer, or arrow keys then Enter) until the piece fills the gap. The offset
 * goes to the server, which alone knows the gap; a right answer gives the vertoken to `onSolved`,
 * a wrong one loads a new puzzle (each puzzle takes one answer).
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Envelope, SlideAnswer, SlideChallenge } from '../../../workers/protocol/index';
import { UserDialog } from './UserDialog';

export interface SlideVerifyTexts {
  title: string;
  hint: string;
  handle: string;
  refresh: string;
  cancel: string;
  checking: string;
  loading: string;
  failed: string;
}

export interface SlideVerifyProps {
  load: () => Promise<Envelope<SlideChallenge>>;
  answer: (id: string, x: number) => Promise<Envelope<SlideAnswer>>;
  onSolved: (vertoken: string) => void;
  onCancel: () => void;
  texts: SlideVerifyTexts;
}

type Phase = 'loading' | 'ready' | 'checking' | 'failed';

export function SlideVerify({ load, answer, onSolved, onCancel, texts }: SlideVerifyProps) {
  const [challenge, setChallenge] = useState<SlideChallenge | null>(null);
  const [x, setX] = useState(0);
  const [phase, setPhase] = useState<Phase>('loading');
  const [msg, setMsg] = useState<string | null>(null);
  const drag = useRef<{ pointerX: number; startX: number } | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const refresh = useCallback(async () => {
    setPhase('loading');
    setX(0);
    // The core answers failures as envelopes; a call that throws (the core restarting) reads alike.
    const env = await load().catch((): Envelope<SlideChallenge> => ({ code: 5000, msg: texts.failed, data: null! }));
    if (!alive.current) return;
    if (env.code !== 200) {
      setChallenge(null);
      setMsg(env.msg);
      setPhase('failed');
      return;
    }
    setChallenge(env.data);
    setPhase('ready');
  }, [load, texts.failed]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const max = challenge ? challenge.width - challenge.pieceSize : 0;
  const clampX = (v: number) => Math.max(0, Math.min(max, v));

  const submit = async (pos: number) => {
    if (!challenge || phase !== 'ready') return;
    setPhase('checking');
    const env = await answer(challenge.id, Math.round(pos)).catch((): Envelope<SlideAnswer> => ({
      code: 5000,
      msg: texts.failed,
      data: { vertoken: '' },
    }));
    if (!alive.current) return;
    if (env.code === 200) {
      onSolved(env.data.vertoken);
      return;
    }
    setMsg(env.msg);
    await refresh();
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (phase !== 'ready') return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { pointerX: e.clientX, startX: x };
    setMsg(null);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current) return;
    setX(clampX(drag.current.startX + e.clientX - drag.current.pointerX));
  };
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current) return;
    const final = clampX(drag.current.startX + e.clientX - drag.current.pointerX);
    drag.current = null;
    setX(final);
    void submit(final);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.shiftKey ? 10 : 1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      setMsg(null);
      setX((v) => clampX(v + (e.key === 'ArrowRight' ? step : -step)));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      void submit(x);
    }
  };

  return (
    <UserDialog titleId="us-slide-title" className="us-slide" title={texts.title} hint={texts.hint}>
      <div
        className="us-slide__stage"
        style={challenge ? { width: challenge.width, height: challenge.height } : undefined}
        aria-busy={phase === 'loading'}
        data-slide-id={challenge?.id}
      >
        {challenge ? (
          <>
            <img className="us-slide__bg" src={challenge.background} alt="" draggable={false} />
            <img
              className="us-slide__piece"
              src={challenge.piece}
              alt=""
              draggable={false}
              data-slide-piece
              style={{ left: x, top: challenge.pieceY, width: challenge.pieceSize, height: challenge.pieceSize }}
            />
          </>
        ) : (
          <span className="us-slide__loading">{phase === 'loading' ? texts.loading : null}</span>
        )}
      </div>
      <div className="us-slide__track" style={challenge ? { width: challenge.width } : undefined}>
        <span className="us-slide__fill" style={{ width: x + (challenge?.pieceSize ?? 0) / 2 }} aria-hidden="true" />
        <button
          type="button"
          className="us-slide__handle"
          role="slider"
          aria-label={texts.handle}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={Math.round(x)}
          disabled={phase !== 'ready'}
          style={{ left: x, width: challenge?.pieceSize }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (drag.current = null)}
          onKeyDown={onKeyDown}
        >
          <span aria-hidden="true">→</span>
        </button>
      </div>
      <p className="us-slide__msg" role="alert">
        {phase === 'checking' ? texts.checking : msg}
      </p>
      <div className="us-slide__actions">
        <button type="button" className="us-btn us-btn--ghost" onClick={onCancel}>
          {texts.cancel}
        </button>
        <button
          type="button"
          className="us-btn us-btn--ghost"
          onClick={() => void refresh()}
          disabled={phase === 'checking'}
        >
          {texts.refresh}
        </button>
      </div>
    </UserDialog>
  );
}
