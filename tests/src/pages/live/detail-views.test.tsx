import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StatsView } from '../../../../src/components/live/StatsView';
import { formationLines, LineupPitch, NAME_DY, PITCH_H } from '../../../../src/components/live/LineupPitch';
import { ChatRoom } from '../../../../src/components/live/ChatRoom';
import { ProbBar } from '../../../../src/components/live/AiViews';
import { IncidentTimeline, TextLiveList } from '../../../../src/components/live/TextLiveTimeline';
import type { Lineup, TeamLineup } from '../../../../workers/protocol/index';

function team(formation: string, n = 11): TeamLineup {
  return {
    teamId: 1,
    teamName: '阿森纳',
    formation,
    coach: '阿尔特塔',
    starters: Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      name: `球员${i + 1}`,
      number: i + 1,
      position: i === 0 ? 'GK' : 'MF',
    })),
    bench: [],
  };
}

describe('detail views', () => {
  it('stats: bar types as bars, pie types as pies, with both sides', () => {
    const { container } = render(
      <StatsView
        stats={[
          { type: 2, home: 5, away: 3 },
          { type: 25, home: 58, away: 42 },
          { type: 24, home: 30, away: 10 },
        ]}
      />,
    );
    expect(container.querySelectorAll('.lv-statpie')).toHaveLength(1);
    expect(container.querySelector('.lv-statpie[data-stat-type="25"] figcaption')!.textContent).toBe('控球率');
    const corner = container.querySelector('.lv-statbar[data-stat-type="2"]')!;
    expect(corner.querySelector('[data-home]')!.textContent).toBe('5');
    expect(corner.querySelector('[data-away]')!.textContent).toBe('3');
    expect((corner.querySelector('.lv-statbar-home i') as HTMLElement).style.width).toBe('62.5%');
    expect(screen.getByText('危险进攻')).toBeTruthy();
  });

  it('lineup: formation lines from the starters, goalkeeper first', () => {
    expect(formationLines(team('4-3-3')).map((l) => l.length)).toEqual([1, 4, 3, 3]);
    expect(formationLines(team('4-2-3-1')).map((l) => l.length)).toEqual([1, 4, 2, 3, 1]);
    // A formation that does not add up still shows everyone.
    expect(formationLines(team('4-4-2', 10)).flat()).toHaveLength(10);
    const lineup: Lineup = { home: team('4-4-2'), away: { ...team('3-5-2'), teamName: '切尔西' } };
    const { container } = render(<LineupPitch lineup={lineup} />);
    expect(container.querySelectorAll('[data-lineup="home"] circle')).toHaveLength(11);
    expect(container.querySelectorAll('[data-lineup="away"] circle')).toHaveLength(11);
  });

  it("lineup: every name, the away goalkeeper's included, sits inside the pitch", () => {
    const lineup: Lineup = { home: team('4-4-2'), away: { ...team('4-3-3'), teamName: '切尔西' } };
    const { container } = render(<LineupPitch lineup={lineup} />);
    const ys = [...container.querySelectorAll('[data-lineup] > g')].map((g) =>
      Number(/translate\([^,]+,([^)]+)\)/.exec(g.getAttribute('transform')!)![1]),
    );
    expect(ys).toHaveLength(22);
    for (const y of ys) {
      expect(y - 10).toBeGreaterThanOrEqual(0);
      expect(y + NAME_DY + 3).toBeLessThanOrEqual(PITCH_H);
      // Clear of the team/formation labels either side of the halfway line (at ±8…16 px).
      expect(y + NAME_DY < PITCH_H / 2 - 20 || y - 10 > PITCH_H / 2 + 20).toBe(true);
    }
  });

  it('chat: visitors read and are offered login; users send', async () => {
    const msgs = [
      {
        id: 'a',
        roomId: 'match-1',
        userId: 1,
        nickName: '球迷甲',
        avatar: '',
        nobleLevel: 0,
        text: '好球！',
        kind: 'text' as const,
        at: 1,
      },
    ];
    const onLogin = vi.fn();
    const { rerender } = render(
      <ChatRoom messages={msgs} canWrite={false} onSend={async () => true} onLogin={onLogin} />,
    );
    expect(screen.getByText('好球！')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    expect(onLogin).toHaveBeenCalled();
    const onSend = vi.fn(async () => true);
    rerender(<ChatRoom messages={msgs} canWrite onSend={onSend} onLogin={onLogin} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: ' 加油 ' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(onSend).toHaveBeenCalledWith('加油');
    await waitFor(() => expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe(''));
  });

  it('AI outcome bar shows the three probabilities', () => {
    const { container } = render(<ProbBar p={{ pHome: 0.52, pDraw: 0.26, pAway: 0.22 }} />);
    expect(container.querySelector('[data-p-home]')!.textContent).toBe('52%');
    expect(container.querySelector('[data-p-draw]')!.textContent).toBe('26%');
    expect(container.querySelector('[data-p-away]')!.textContent).toBe('22%');
  });

  it('text live newest first and the incidents timeline by side', () => {
    const { container } = render(
      <>
        <IncidentTimeline
          incidents={[
            {
              id: 'i1',
              matchId: 1,
              sport: 'zq',
              type: 'goal',
              side: 'home',
              minute: 12,
              text: '阿森纳 进球',
              score: [1, 0],
              at: 1,
            },
            {
              id: 'i2',
              matchId: 1,
              sport: 'zq',
              type: 'corner',
              side: 'away',
              minute: 14,
              text: '角球',
              score: [1, 0],
              at: 2,
            },
            {
              id: 'i3',
              matchId: 1,
              sport: 'zq',
              type: 'red',
              side: 'away',
              minute: 30,
              text: '切尔西 红牌',
              score: [1, 0],
              at: 3,
            },
          ]}
        />
        <TextLiveList lines={[{ id: 't2', matchId: 1, minute: 30, text: '红牌！', type: 'red', at: 3 }]} />
      </>,
    );
    const evs = container.querySelectorAll('[data-incident]');
    expect([...evs].map((e) => e.getAttribute('data-incident'))).toEqual(['red', 'goal']); // corners stay out, newest on top
    expect(evs[1].querySelector('.lv-ev-home')!.textContent).toBe('阿森纳 进球');
    expect(container.querySelector('[data-line-id="t2"] .lv-tl-min')!.textContent).toBe("30'");
  });
});
