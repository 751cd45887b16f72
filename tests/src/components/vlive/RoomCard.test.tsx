/** A room card's badge (issue 31): 直播中 only for a broadcast; the built-in test signal says 测试信号. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RoomCard } from '../../../../src/components/vlive/RoomCard';
import type { VliveRoom } from '../../../../workers/protocol/index';

afterEach(cleanup);

const room = (o: Partial<VliveRoom>): VliveRoom => ({
  id: '1001',
  title: '英超焦点战',
  cover: '/c.jpg',
  tag: '足球',
  heat: 12_345,
  live: true,
  categoryId: 1,
  anchor: { id: 1, name: '小王', avatar: '/a.jpg' },
  matchId: null,
  sport: null,
  followed: false,
  testSignal: false,
  ...o,
});

describe('RoomCard', () => {
  it('says 直播中 for a broadcast, 测试信号 for the test signal, 未开播 offline', () => {
    render(<RoomCard room={room({})} href="/vlive/detail/1001" />);
    expect(screen.getByText('直播中').className).toBe('vl-badge vl-badge--live');
    cleanup();
    render(<RoomCard room={room({ testSignal: true })} href="/vlive/detail/1001" />);
    expect(screen.getByText('测试信号').className).toBe('vl-badge vl-badge--test');
    expect(screen.queryByText('直播中')).toBeNull();
    cleanup();
    render(<RoomCard room={room({ live: false })} href="/vlive/detail/1001" />);
    expect(screen.getByText('未开播')).toBeTruthy();
  });
});
