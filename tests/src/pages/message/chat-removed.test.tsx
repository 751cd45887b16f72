/**
 * A group I was removed from: the chat page says so (and how to go back) instead of a history
 * or a composer, whatever the core held before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ConversationValue } from '../../../../src/core/index';

let conversation: ConversationValue;
vi.mock('../../../../src/core/index', () => ({
  getCore: () => ({ markChatRead: async () => {} }),
  useConversation: () => conversation,
  useConversations: () => ({ status: 'ready', items: [] }),
  useSession: () => ({ user: { id: 7 }, token: 't' }),
}));
vi.mock('../../../../src/pages/message/ChatLog', () => ({
  ChatLog: ({ messages }: { messages: Array<{ text: string }> }) => (
    <ol data-chat-log>
      {messages.map((m, i) => (
        <li key={i}>{m.text}</li>
      ))}
    </ol>
  ),
}));
const { ChatPage } = await import('../../../../src/pages/message/ChatPage');

afterEach(cleanup);

const page = () => {
  const { hook, searchHook } = memoryLocation({ path: '/message/chat?group=5' });
  return render(
    <Router hook={hook} searchHook={searchHook}>
      <ChatPage {...({} as Parameters<typeof ChatPage>[0])} />
    </Router>,
  );
};

describe('ChatPage, removed from the group', () => {
  it('shows the removed state, no history and no composer', () => {
    conversation = { status: 'removed', chatId: 'g:5', messages: [], readSeq: 0, hasOlder: false };
    const { container, getByRole } = page();
    expect(getByRole('alert').textContent).toContain('你已不在这个群聊中');
    expect(container.querySelector('[data-removed] a')?.getAttribute('href')).toBe('/message');
    expect(container.querySelector('[data-chat-log]')).toBeNull();
    expect(container.querySelector('form.msg-compose')).toBeNull();
  });
  it('a member sees the chat and the composer', () => {
    conversation = { status: 'ready', chatId: 'g:5', messages: [], readSeq: 0, hasOlder: false };
    const { container } = page();
    expect(container.querySelector('[data-removed]')).toBeNull();
    expect(container.querySelector('form.msg-compose')).not.toBeNull();
  });
});
