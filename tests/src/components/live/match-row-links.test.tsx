/** Team names, crests and league names in match rows and the article's match card open their own pages. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { MatchRow } from '../../../../src/components/live/MatchRow';
import { RelatedMatch } from '../../../../src/pages/news/RelatedMatch';
import { basketballView, footballView } from '../../pages/live/fixtures';

const here = () => `${window.location.pathname}${window.location.search}`;

beforeEach(() => window.history.replaceState(null, '', '/live/zq'));
afterEach(cleanup);

describe('MatchRow links', () => {
  it('a team name or crest opens the team page, not the match', () => {
    const onOpen = vi.fn();
    const m = footballView({});
    const { container } = render(<MatchRow match={m} onOpen={onOpen} />);
    const row = container.querySelector(`[data-match-id="${m.id}"]`)!;
    const home = row.querySelector<HTMLAnchorElement>(`a[data-team-link="${m.home.id}"]`)!;
    const away = row.querySelector<HTMLAnchorElement>(`a[data-team-link="${m.away.id}"]`)!;
    expect(home.getAttribute('href')).toBe(`/database/team/zq?id=${m.home.id}`);
    expect(home.textContent).toContain(m.home.name);
    expect(home.getAttribute('aria-label')).toBe(`${m.home.name} 球队资料`);
    // Cards belong to the team's link too (one block per side).
    expect(home.classList.contains('lv-home')).toBe(true);
    expect(away.classList.contains('lv-away')).toBe(true);
    expect(home.querySelector('img.lv-crest')).not.toBeNull();
    expect(away.querySelector('img.lv-crest')).not.toBeNull();

    fireEvent.click(home.querySelector('img')!);
    expect(here()).toBe(`/database/team/zq?id=${m.home.id}`);
    fireEvent.click(away);
    expect(here()).toBe(`/database/team/zq?id=${m.away.id}`);
    expect(onOpen).not.toHaveBeenCalled();

    // The rest of the row still opens the match; the score hook is untouched.
    fireEvent.click(row.querySelector('[data-score]')!);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(row.querySelector('[data-score]')!.textContent).toBe(`${m.score[0]}-${m.score[1]}`);
  });

  it('the league name opens the league page; basketball rows use the lq routes', () => {
    const onOpen = vi.fn();
    const m = basketballView({});
    const { container } = render(<MatchRow match={m} onOpen={onOpen} />);
    const league = container.querySelector<HTMLAnchorElement>(`a[data-league-link="${m.li}"]`)!;
    // The left column: league name and kick-off time in one link.
    expect(league.querySelector('.lv-league')!.textContent).toBe(m.leagueName);
    expect(league.querySelector('.lv-time')!.textContent).toBe(m.openTimeText);
    expect(league.getAttribute('aria-label')).toBe(`${m.leagueName} 联赛资料`);
    expect(league.getAttribute('href')).toBe(`/database/detail/lq?id=${m.li}`);
    fireEvent.click(league);
    expect(here()).toBe(`/database/detail/lq?id=${m.li}`);
    expect(container.querySelector(`a[data-team-link="${m.home.id}"]`)!.getAttribute('href')).toBe(
      `/database/team/lq?id=${m.home.id}`,
    );
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('Enter on a team link is the link’s, Enter on the row opens the match', () => {
    const onOpen = vi.fn();
    const m = footballView({});
    const { container } = render(<MatchRow match={m} onOpen={onOpen} />);
    fireEvent.keyDown(container.querySelector(`a[data-team-link="${m.home.id}"]`)!, { key: 'Enter' });
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.keyDown(container.querySelector(`[data-match-id="${m.id}"]`)!, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('a modified click (new tab) is left to the browser and does not open the match', () => {
    const onOpen = vi.fn();
    const m = footballView({});
    const { container } = render(<MatchRow match={m} onOpen={onOpen} />);
    fireEvent.click(container.querySelector(`a[data-team-link="${m.away.id}"]`)!, { ctrlKey: true });
    expect(here()).toBe('/live/zq');
    expect(onOpen).not.toHaveBeenCalled();
  });
});

describe('RelatedMatch links', () => {
  it('teams and league open their pages; the card opens the match', () => {
    const m = footballView({ score: [2, 1] });
    const { container } = render(<RelatedMatch match={m} demo={false} />);
    const card = container.querySelector(`[data-match-id="${m.id}"]`)!;
    expect(card.querySelector('[data-score]')!.textContent).toBe('2-1');

    const away = card.querySelector<HTMLAnchorElement>(`a[data-team-link="${m.away.id}"]`)!;
    expect(away.querySelector('img')!.getAttribute('src')).toBe(m.away.logo);
    fireEvent.click(away.querySelector('img')!);
    expect(here()).toBe(`/database/team/zq?id=${m.away.id}`);
    fireEvent.click(card.querySelector(`a[data-league-link="${m.li}"]`)!);
    expect(here()).toBe(`/database/detail?id=${m.li}`);

    fireEvent.click(card);
    expect(here()).toBe(`/live/zq/detail/${m.id}`);
    window.history.replaceState(null, '', '/news/1002/1');
    fireEvent.click(card.querySelector('[data-score]')!);
    expect(here()).toBe(`/live/zq/detail/${m.id}`);
  });
});
