/**
 * Deleting my comment asks first in the app's dialog: 取消 keeps it, 删除 deletes it once and the
 * count drops. The core's news module is faked and records what was asked of it.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { CommentView } from '../../../../workers/protocol/api/news';

const deleted: number[] = [];
const mine: CommentView = {
  id: 41,
  parentId: null,
  author: { id: 7, nickName: '我', portrait: '' },
  replyTo: null,
  text: '这球该进的',
  likes: 0,
  liked: false,
  mine: true,
  createdAt: Date.now() - 60_000,
  replies: [],
};
vi.mock('../../../../src/core/news', () => ({
  newsApi: {
    comments: async () => ({ code: 200, msg: '', data: { list: [mine], total: 1, next: null } }),
    deleteComment: async (id: number) => {
      deleted.push(id);
      return { code: 200, msg: '已删除', data: { id } };
    },
  },
}));
const { CommentSection } = await import('../../../../src/components/news/CommentSection');

const click = (el: Element) =>
  act(async () => {
    fireEvent.click(el);
  });

describe('CommentSection: 删除', () => {
  it('asks in the dialog; 取消 keeps the comment, 删除 deletes it once', async () => {
    const counts: number[] = [];
    render(
      <CommentSection
        kind="post"
        targetId={5}
        loggedIn
        onLoginNeeded={() => {}}
        onCountChange={(d) => counts.push(d)}
      />,
    );
    await screen.findByText('这球该进的');
    const remove = screen.getByRole('button', { name: '删除' });

    await click(remove);
    const dialog = screen.getByRole('alertdialog', { name: '删除评论' });
    expect(dialog.textContent).toContain('确定删除这条评论吗？');
    await click(within(dialog).getByRole('button', { name: '取消' }));
    expect(deleted).toEqual([]);
    expect(screen.getByText('这球该进的')).toBeTruthy();

    await click(remove);
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '删除' }));
    expect(deleted).toEqual([41]);
    expect(counts).toEqual([-1]);
    expect(screen.queryByText('这球该进的')).toBeNull();
  });
});
