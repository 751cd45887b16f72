/**
 * /message/list: the chat list the unread counts come from (spec §3 chat list items, §9 unread
 * rule). Its total is the badge on the 消息 tab: the sum of the counts of the chats whose
 * messageStatus is 0, over the message-count codes. Each chat shows what kind it is (私信, 群聊,
 * 通知: never a code), its unread count and 免打扰 when it is not counted; windowed like the
 * other long lists. Fans read it: no codes or counting rules in its words.
 */
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { ConversationWindow } from './ConversationWindow';
import { useConversations, useUnread } from '../../core/index';
import { CHAT_STATUS_COUNTED, type ChatListItem } from '../../../workers/protocol/api/message';
import { DIRECTORY_TEXT as T } from './directory-strings';

const ROW_HEIGHT = 56;

function CountRows({ items }: { items: ChatListItem[] }) {
  return (
    <ConversationWindow
      items={items}
      rowHeight={ROW_HEIGHT}
      renderRow={(c, at) => {
        const counted = c.messageStatus === CHAT_STATUS_COUNTED;
        return (
          <li
            key={at.key}
            className="msg-count-row"
            data-conversation-id={c.conversationId}
            data-code={c.code}
            data-message-status={c.messageStatus}
            style={{ transform: `translateY(${at.offset}px)` }}
          >
            <Link href={c.group ? paths.messageGroupChat(c.group.id) : paths.messageChat(c.peer.id)}>
              <span className="msg-count-row__name">{c.peer.nickName}</span>
              <span className="msg-count-row__code">{T.counts.codes[c.code] ?? T.counts.otherKind}</span>
              {!counted && <span className="msg-count-row__status is-off">{T.counts.muted}</span>}
              <span className="msg-count-row__n" data-count={c.count}>
                {T.counts.unread(c.count)}
              </span>
            </Link>
          </li>
        );
      }}
    />
  );
}

export function ChatCountsPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const list = useConversations();
  const unread = useUnread();
  const items = list?.items ?? [];
  return (
    <div className="us-page">
      <PageHeader title={T.counts.title} backLabel={T.back} onBack={() => navigate(paths.message)} />
      <p className="msg-count-total">
        <strong data-unread-total={unread}>{T.counts.total(unread)}</strong>
        <span>{T.counts.totalNote}</span>
      </p>
      <ListState
        loading={!list || ((list.status === 'loading' || list.status === 'idle') && items.length === 0)}
        error={list?.status === 'error' ? T.counts.failed : null}
        empty={list?.status === 'ready' && items.length === 0}
        texts={{ loading: T.counts.loading, empty: T.counts.empty, failed: T.counts.failed }}
      />
      {items.length > 0 && <CountRows items={items} />}
    </div>
  );
}
