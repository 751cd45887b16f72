import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SlideVerify } from '../../../../src/components/user/SlideVerify';
import { USER_TEXT } from '../../../../src/pages/user/strings';
import type { Envelope, SlideAnswer, SlideChallenge } from '../../../../workers/protocol/index';

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A puzzle source that keeps its gap, as the server does, and answers like it. */
function puzzles(gap: number) {
  let n = 0;
  const answered = new Set<string>();
  const load = vi.fn(async (): Promise<Envelope<SlideChallenge>> => ({
    code: 200,
    msg: '',
    data: { id: `p${++n}`, width: 280, height: 160, pieceSize: 52, pieceY: 30, background: PIXEL, piece: PIXEL },
  }));
  const answer = vi.fn(async (id: string, x: number): Promise<Envelope<SlideAnswer>> => {
    if (answered.has(id)) return { code: 4001, msg: '验证已过期，请刷新后重试', data: { vertoken: '' } };
    answered.add(id);
    return Math.abs(x - gap) <= 5
      ? { code: 200, msg: '', data: { vertoken: `tok-${id}` } }
      : { code: 4001, msg: '验证失败，请重新拖动滑块', data: { vertoken: '' } };
  });
  return { load, answer };
}

describe('SlideVerify', () => {
  it('moves the piece with the slider and sends the drop; a miss loads a new puzzle, a hit gives the vertoken', async () => {
    const { load, answer } = puzzles(40);
    const onSolved = vi.fn();
    render(<SlideVerify load={load} answer={answer} onSolved={onSolved} onCancel={() => {}} texts={USER_TEXT.slide} />);
    const dialog = await screen.findByRole('dialog', { name: '安全验证' });
    const handle = screen.getByRole('slider', { name: '拖动滑块完成拼图' });
    await waitFor(() => expect((handle as HTMLButtonElement).disabled).toBe(false));
    expect(handle.getAttribute('aria-valuemax')).toBe('228');
    // A drop too early.
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    expect(handle.getAttribute('aria-valuenow')).toBe('10');
    expect((dialog.querySelector('[data-slide-piece]') as HTMLElement).style.left).toBe('10px');
    await act(async () => {
      fireEvent.keyDown(handle, { key: 'Enter' });
    });
    expect(answer).toHaveBeenLastCalledWith('p1', 10);
    await screen.findByText('验证失败，请重新拖动滑块');
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(handle.getAttribute('aria-valuenow')).toBe('0'));
    // Dragged by pointer to the gap.
    await waitFor(() => expect((handle as HTMLButtonElement).disabled).toBe(false));
    fireEvent.pointerDown(handle, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 300, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('200');
    await act(async () => {
      fireEvent.pointerUp(handle, { clientX: 141, pointerId: 1 });
    });
    expect(answer).toHaveBeenLastCalledWith('p2', 41);
    await waitFor(() => expect(onSolved).toHaveBeenCalledWith('tok-p2'));
  });

  it('shows why no puzzle came (e.g. too many), and tries again on 换一张', async () => {
    const load = vi
      .fn<() => Promise<Envelope<SlideChallenge>>>()
      .mockResolvedValueOnce({ code: 4029, msg: '验证太频繁，请稍后再试', data: null as unknown as SlideChallenge })
      .mockImplementation(puzzles(10).load);
    render(
      <SlideVerify
        load={load}
        answer={puzzles(10).answer}
        onSolved={() => {}}
        onCancel={() => {}}
        texts={USER_TEXT.slide}
      />,
    );
    await screen.findByText('验证太频繁，请稍后再试');
    expect((screen.getByRole('slider') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '换一张' }));
    await waitFor(() => expect((screen.getByRole('slider') as HTMLButtonElement).disabled).toBe(false));
  });
});
