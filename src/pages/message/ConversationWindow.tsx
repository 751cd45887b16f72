/** The windowed list of conversations (the chat list and the chat counts): rows of one fixed height. */
import type { ReactNode } from 'react';
import { WindowedList, type RowPlace } from '../../components/WindowedList';
import type { ChatListItem } from '../../../workers/protocol/api/message';

export function ConversationWindow({
  items,
  rowHeight,
  renderRow,
}: {
  items: ChatListItem[];
  rowHeight: number;
  renderRow: (c: ChatListItem, place: RowPlace) => ReactNode;
}) {
  return (
    <WindowedList
      items={items}
      keyOf={(c) => c.conversationId}
      estimateSize={() => rowHeight}
      overscan={8}
      className="msg-list msg-list--virtual"
      attrs={{ 'data-conversations': items.length }}
      renderRow={renderRow}
    />
  );
}
