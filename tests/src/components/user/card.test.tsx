/** The shared card pieces: a card is named by its heading, a list card says loading/empty/failed, rows link on. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Card, LinkRow, ListCard, ValueRow } from '../../../../src/components/user/Card';

const TEXTS = { loading: '加载中…', empty: '暂无记录', failed: '点此重试' };
const list = (over: Partial<Parameters<typeof ListCard>[0]['list']> = {}) => ({
  data: [] as readonly unknown[] | null,
  loading: false,
  error: null as string | null,
  reload: vi.fn(),
  ...over,
});

afterEach(cleanup);

describe('Card and ListCard', () => {
  it('a card is a region named by its heading', () => {
    render(
      <Card id="c1" title="我的邀请码">
        <p>ABC</p>
      </Card>,
    );
    expect(screen.getByRole('region', { name: '我的邀请码' }).textContent).toContain('ABC');
  });

  it('an empty list says so; a filtered list passes its own empty', () => {
    const { rerender } = render(
      <ListCard id="l1" title="抽奖记录" list={list()} texts={TEXTS}>
        {null}
      </ListCard>,
    );
    expect(screen.getByRole('status').textContent).toBe('暂无记录');
    rerender(
      <ListCard id="l1" title="抽奖记录" list={list({ data: [1] })} texts={TEXTS} empty>
        {null}
      </ListCard>,
    );
    expect(screen.getByRole('status').textContent).toBe('暂无记录');
    rerender(
      <ListCard id="l1" title="抽奖记录" list={list({ data: [1] })} texts={TEXTS}>
        <ValueRow label="第1次">一等奖</ValueRow>
      </ListCard>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('listitem').textContent).toBe('第1次一等奖');
  });

  it('a failed list retries through its reload', () => {
    const l = list({ data: null, error: '网络异常' });
    render(
      <ListCard id="l2" title="邀请记录" list={l} texts={TEXTS} after={<p>详情</p>}>
        {null}
      </ListCard>,
    );
    fireEvent.click(screen.getByRole('button', { name: '网络异常 · 点此重试' }));
    expect(l.reload).toHaveBeenCalledOnce();
    expect(screen.getByRole('region', { name: '邀请记录' }).textContent).toContain('详情');
  });
});

describe('LinkRow', () => {
  it('links with a hidden › alone, or after the value', () => {
    render(
      <ul>
        <LinkRow href="/user/about" label="关于我们" />
        <LinkRow href="/user/nickname" label="昵称" value="球迷" valueTestId="nick" />
      </ul>,
    );
    const about = screen.getByRole('link', { name: '关于我们' });
    expect(about.getAttribute('href')).toBe('/user/about');
    expect(about.querySelector('.us-row__arrow[aria-hidden="true"]')?.textContent).toBe('›');
    const nick = screen.getByRole('link', { name: /昵称/ });
    expect(screen.getByTestId('nick').textContent).toBe('球迷 ›');
    expect(nick.querySelector('.us-row__arrow')).toBeNull();
  });
});
