/**
 * The match card in a chat bubble (issue 13): it holds the match's row stream in the core while
 * mounted (one watch of `{ kind: 'match', id, sport }`, let go on unmount), shows the score it was
 * shared with until the core has the row, then follows the live score; 演示数据 when simulated.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import type { MatchView } from '../../../../src/core/index';
import type { ImMatchCard } from '../../../../workers/protocol/chat';
import { footballView } from '../live/fixtures';

type Key = { kind: string; id: number; sport: string };
const watchers = new Map<string, Set<() => void>>();
const values = new Map<string, MatchView>();
const keyId = (k: Key) => `${k.kind}:${k.id}:${k.sport}`;
const fakeCore = {
  cache: {
    watch(key: Key, onChange: () => void) {
      const id = keyId(key);
      if (!watchers.has(id)) watchers.set(id, new Set());
      watchers.get(id)!.add(onChange);
      return () => watchers.get(id)!.delete(onChange);
    },
    peek: (key: Key) => values.get(keyId(key)),
  },
};
vi.mock('../../../../src/core/get-core', () => ({ getCore: () => fakeCore }));

const { MatchCardBubble } = await import('../../../../src/pages/message/MatchCardBubble');

function push(view: MatchView) {
  const id = `match:${view.id}:${view.sport}`;
  values.set(id, view);
  act(() => watchers.get(id)?.forEach((f) => f()));
}

const card: ImMatchCard = {
  matchId: 1001,
  sport: 'zq',
  league: '英超',
  home: '阿森纳',
  away: '切尔西',
  homeScore: 2,
  awayScore: 1,
  demo: true,
};

afterEach(() => {
  cleanup();
  watchers.clear();
  values.clear();
});

describe('MatchCardBubble', () => {
  it('watches the match while mounted, follows its live score, and lets go on unmount', () => {
    const { container, unmount } = render(<MatchCardBubble card={card} />);
    const el = container.querySelector('[data-match-id="1001"]')!;
    expect(el.getAttribute('href')).toBe('/live/zq/detail/1001');
    expect(el.querySelector('[data-score]')!.textContent).toBe('2-1');
    expect(el.textContent).toContain('演示数据');
    expect(watchers.get('match:1001:zq')?.size).toBe(1);

    push(footballView({ id: 1001, score: [3, 1], s: 4, isLive: true, hasKickedOff: true, minuteText: '67' }));
    expect(el.querySelector('[data-score]')!.textContent).toBe('3-1');
    expect(el.textContent).toContain("67'");
    expect(el.getAttribute('aria-label')).toContain('3 比 1');

    unmount();
    expect(watchers.get('match:1001:zq')?.size).toBe(0);
  });

  it('says VS before kick-off and leaves out 演示数据 for a real feed', () => {
    const { container } = render(<MatchCardBubble card={{ ...card, homeScore: 0, awayScore: 0, demo: false }} />);
    expect(container.querySelector('[data-score]')!.textContent).toBe('VS');
    expect(container.textContent).not.toContain('演示数据');
  });
});
