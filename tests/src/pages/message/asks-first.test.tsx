/**
 * Messaging's risky actions ask first in the app's dialog (not the browser's confirm box): the
 * question shows as an alertdialog, 取消 leaves things as they were, and confirming sends the
 * action once. Pages render against a fake core that records every request.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ChatSettings, PersonCard } from '../../../../workers/protocol/api/message-people';
import type { Note } from '../../../../workers/protocol/api/message-note';
import type { GroupDetail } from '../../../../workers/protocol/api/message';

interface Sent {
  path: string;
  method?: string;
  body?: Record<string, unknown>;
}
let sent: Sent[] = [];
/** What the fake server answers for a path (code 200). */
let answers: Record<string, () => unknown> = {};

vi.mock('../../../../src/core/index', async () => ({
  ...(await import('../../../../src/core/format')),
  getCore: () => ({
    request: async (req: Sent) => {
      sent.push(req);
      return { code: 200, msg: '', data: answers[req.path]?.() ?? null };
    },
  }),
  useSession: () => ({ ready: true, token: 't', user: { id: 7 } }),
  useConversations: () => null,
}));
const { PersonalPage } = await import('../../../../src/pages/message/PersonalPage');
const { ChatDetailPage } = await import('../../../../src/pages/message/ChatDetailPage');
const { NotePage } = await import('../../../../src/pages/message/NotePage');
const { GroupDetailPage } = await import('../../../../src/pages/message/GroupDetailPage');
const { MessagePaths } = await import('../../../../workers/protocol/api/message');
const { MessagePeoplePaths } = await import('../../../../workers/protocol/api/message-people');
const { NotePaths } = await import('../../../../workers/protocol/api/message-note');

beforeEach(() => {
  sent = [];
  answers = {};
});

function renderAt(path: string, page: React.ReactElement) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {page}
    </Router>,
  );
  return location;
}
const props = {} as Parameters<typeof PersonalPage>[0];
const posts = (path: string) => sent.filter((r) => r.path === path && r.method === 'POST');
const click = (el: Element) =>
  act(async () => {
    fireEvent.click(el);
  });

describe('个人名片: 拉黑', () => {
  const card: PersonCard = {
    id: 12,
    nickName: '老球迷',
    avatar: '',
    following: true,
    followsMe: false,
    blocked: false,
    blockedMe: false,
    followerCount: 1,
    followingCount: 2,
    self: false,
  };

  it('asks in the dialog; 取消 sends nothing, 拉黑 blocks once', async () => {
    answers[MessagePeoplePaths.personal] = () => card;
    renderAt('/message/personal?id=12', <PersonalPage {...props} />);
    const block = await screen.findByRole('button', { name: '拉黑' });

    block.focus(); // a tap or Enter focuses it in a browser; jsdom's click does not
    await click(block);
    const dialog = screen.getByRole('alertdialog', { name: '拉黑此人' });
    expect(dialog.textContent).toContain('拉黑「老球迷」后，对方无法给你发消息');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '取消' }));
    await click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts(MessagePaths.block)).toEqual([]);
    expect(document.activeElement).toBe(block);

    await click(block);
    const ok = within(screen.getByRole('alertdialog', { name: '拉黑此人' })).getByRole('button', { name: '拉黑' });
    await click(ok);
    await click(ok);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts(MessagePaths.block).map((r) => r.body)).toEqual([{ userId: 12, on: 1 }]);
  });

  it('解除拉黑 is not asked', async () => {
    answers[MessagePeoplePaths.personal] = () => ({ ...card, blocked: true });
    renderAt('/message/personal?id=12', <PersonalPage {...props} />);
    await click(await screen.findByRole('button', { name: '解除拉黑' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts(MessagePaths.block).map((r) => r.body)).toEqual([{ userId: 12, on: 0 }]);
  });
});

describe('聊天设置', () => {
  const settings: ChatSettings = {
    conversationId: 'p:7:12',
    peer: { id: 12, nickName: '老球迷', avatar: '' },
    pinned: false,
    muted: false,
    blocked: false,
    exists: true,
  };

  it('拉黑对方: 取消 puts the switch back and sends nothing; 拉黑 blocks once', async () => {
    answers[MessagePeoplePaths.chatDetail] = () => settings;
    renderAt('/message/chatDetail?peer=12', <ChatDetailPage {...props} />);
    const sw = (await screen.findByRole('switch', { name: /拉黑对方/ })) as HTMLInputElement;

    await click(sw);
    const dialog = screen.getByRole('alertdialog', { name: '拉黑此人' });
    expect(dialog.textContent).toContain('确定拉黑吗？');
    await click(within(dialog).getByRole('button', { name: '取消' }));
    expect(sw.checked).toBe(false);
    expect(posts(MessagePaths.block)).toEqual([]);

    await click(sw);
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '拉黑' }));
    expect(posts(MessagePaths.block).map((r) => r.body)).toEqual([{ userId: 12, on: 1 }]);
    expect(sw.checked).toBe(true);
  });

  it('清空聊天记录: 取消 stays; 清空 clears once and goes to 消息', async () => {
    answers[MessagePeoplePaths.chatDetail] = () => settings;
    const location = renderAt('/message/chatDetail?peer=12', <ChatDetailPage {...props} />);
    const clear = await screen.findByRole('button', { name: '清空聊天记录' });

    await click(clear);
    const dialog = screen.getByRole('alertdialog', { name: '清空聊天记录' });
    expect(dialog.textContent).toContain('确定清空吗？');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts(MessagePaths.deleteChat)).toEqual([]);

    await click(clear);
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '清空' }));
    expect(posts(MessagePaths.deleteChat).map((r) => r.body)).toEqual([{ conversationId: 'p:7:12' }]);
    expect(location.history?.at(-1)).toBe('/message');
  });
});

describe('笔记: 删除', () => {
  it('asks in the dialog; 取消 keeps the note, 删除 removes it once', async () => {
    const note: Note = { id: 3, text: '周六看德比', createdAt: 1, updatedAt: 1 };
    answers[NotePaths.list] = () => [note];
    answers[NotePaths.remove] = () => ({ id: 3 });
    renderAt('/message/note', <NotePage {...props} />);
    const remove = await screen.findByRole('button', { name: '删除：周六看德比' });

    await click(remove);
    const dialog = screen.getByRole('alertdialog', { name: '删除笔记' });
    expect(dialog.textContent).toContain('确定删除这条笔记吗？删除后无法恢复');
    await click(within(dialog).getByRole('button', { name: '取消' }));
    expect(posts(NotePaths.remove)).toEqual([]);
    expect(screen.getByText('周六看德比')).toBeTruthy();

    await click(remove);
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '删除' }));
    expect(posts(NotePaths.remove).map((r) => r.body)).toEqual([{ id: 3 }]);
    expect(screen.queryByText('周六看德比')).toBeNull();
  });
});

describe('群聊设置: 退出 and 解散', () => {
  const group: GroupDetail = {
    id: 5,
    conversationId: 'g:5',
    name: '德比观赛团',
    notice: '',
    ownerId: 9,
    muteAll: false,
    memberCount: 3,
    myRole: 'member',
    members: [],
  };

  it('a member leaves only after 退出 in the dialog, once, then goes to the group list', async () => {
    answers[MessagePaths.groupDetail] = () => group;
    answers[MessagePaths.groupLeave] = () => ({ left: 1 });
    const location = renderAt('/message/groupDetail?id=5', <GroupDetailPage {...props} />);
    const leave = await screen.findByRole('button', { name: '退出群聊' });

    await click(leave);
    const dialog = screen.getByRole('alertdialog', { name: '退出群聊' });
    expect(dialog.textContent).toContain('确定退出这个群聊吗？');
    await click(within(dialog).getByRole('button', { name: '取消' }));
    expect(posts(MessagePaths.groupLeave)).toEqual([]);

    await click(leave);
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '退出' }));
    expect(posts(MessagePaths.groupLeave).map((r) => r.body)).toEqual([{ groupId: 5 }]);
    expect(location.history?.at(-1)).toBe('/message/groupList');
  });

  it('the owner dissolves only after 解散 in the dialog', async () => {
    answers[MessagePaths.groupDetail] = () => ({ ...group, myRole: 'owner', ownerId: 7 });
    answers[MessagePaths.groupDissolve] = () => ({ dissolved: 1 });
    renderAt('/message/groupDetail?id=5', <GroupDetailPage {...props} />);
    await click(await screen.findByRole('button', { name: '解散群聊' }));
    const dialog = screen.getByRole('alertdialog', { name: '解散群聊' });
    expect(dialog.textContent).toContain('解散后所有成员都将离开群聊，确定解散吗？');
    expect(posts(MessagePaths.groupDissolve)).toEqual([]);
    await click(within(dialog).getByRole('button', { name: '解散' }));
    expect(posts(MessagePaths.groupDissolve).map((r) => r.body)).toEqual([{ groupId: 5 }]);
  });
});
