/**
 * /message: my conversations, pinned first then by last message (spec §2 Message). Chats from
 * strangers (people I neither follow nor wrote to) carry a 陌生人 tag and are gathered in the
 * 陌生人 folder (/message?folder=stranger), where I also choose who may message me. They stay in
 * the main list too, so no message is ever out of sight.
 */
import { memo, useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { Avatar } from '../../components/user/Avatar';
import { ListState } from '../../components/user/ListState';
import { useSwipeOpen } from '../../components/use-swipe-open';
import { PageHeader } from '../../components/user/PageHeader';
import { formatChinaTime, getCore, useConversations } from '../../core/index';
import {
  MessagePaths,
  type ChatListItem,
  type PrivacySettings,
  type WhoMayMessage,
} from '../../../workers/protocol/api/message';
import { CHAT_STATUS_MUTED } from '../../../workers/protocol/api/message-people';
import { showToast } from '../../state/ui';
import { MessageShortcuts } from './PeopleParts';
import { PEOPLE_TEXT } from './people-strings';
import { MESSAGE_TEXT as T } from './strings';
import { ConversationWindow } from './ConversationWindow';

function lastLine(c: ChatListItem): string {
  if (!c.last) return T.lastLine.none;
  if (c.last.recalledAt) return T.lastLine.recalled;
  return c.group ? `${c.last.fromNickName}：${c.last.text}` : c.last.text;
}

/** Today's messages by their time, older ones by their date; `today` is 'YYYY-MM-DD' in China. */
function timeText(ms: number, today: string): string {
  return formatChinaTime(ms, 'YYYY-MM-DD') === today ? formatChinaTime(ms, 'HH:mm') : formatChinaTime(ms, 'MM-DD');
}

async function post(path: string, body: Record<string, unknown>): Promise<void> {
  const env = await getCore().request<unknown>({ path, method: 'POST', body, silent: true });
  if (env.code !== 200) showToast(env.msg);
}

function PrivacyChoice() {
  const [value, setValue] = useState<WhoMayMessage | null>(null);
  useEffect(() => {
    void getCore()
      .request<PrivacySettings>({ path: MessagePaths.privacy, silent: true })
      .then((env) => {
        if (env.code === 200) setValue(env.data.whoMayMessage);
      });
  }, []);
  async function choose(next: WhoMayMessage) {
    const env = await getCore().request<PrivacySettings>({
      path: MessagePaths.setPrivacy,
      method: 'POST',
      body: { whoMayMessage: next },
      silent: true,
    });
    if (env.code === 200) setValue(env.data.whoMayMessage);
    else showToast(env.msg);
  }
  return (
    <fieldset className="msg-privacy">
      <legend>{T.privacy.title}</legend>
      {(['everyone', 'following'] as const).map((v) => (
        <label key={v} className="msg-privacy__opt">
          <input
            type="radio"
            name="who"
            checked={value === v}
            disabled={value === null}
            onChange={() => void choose(v)}
          />
          {T.privacy[v]}
        </label>
      ))}
    </fieldset>
  );
}

/** Rows are a fixed height (ROW_HEIGHT): only those near the viewport are in the DOM. */
const ROW_HEIGHT = 65;
/** The two actions a row slides open to show (置顶, 删除), 64 px each. */
const ACTIONS_WIDTH = 128;

/**
 * One row; memoised on its props, which are all values or the list item itself (the same object
 * while that conversation does not change, conversation-list-wire.ts): scrolling and a message
 * to another conversation render only the rows that moved or changed.
 */
const ConversationRow = memo(function ConversationRow({
  c,
  strangerFolder,
  today,
  offset,
}: {
  c: ChatListItem;
  strangerFolder: boolean;
  today: string;
  offset: number;
}) {
  const swipe = useSwipeOpen(ACTIONS_WIDTH);
  const act = (path: string, body: Record<string, unknown>) => {
    swipe.close();
    void post(path, body);
  };
  return (
    <li
      {...swipe.row}
      className={c.pinned ? 'msg-row msg-row--swipe msg-row--pinned' : 'msg-row msg-row--swipe'}
      style={{ transform: `translateY(${offset}px)` }}
      data-conversation-id={c.conversationId}
      data-swipe-open={swipe.open ? 1 : 0}
    >
      <div
        className="msg-row__slide"
        style={{
          transform: swipe.offset ? `translateX(${swipe.offset}px)` : undefined,
          transition: swipe.dragging ? 'none' : undefined,
        }}
        {...swipe.slide}
      >
        <Link
          href={c.group ? paths.messageGroupChat(c.group.id) : paths.messageChat(c.peer.id)}
          className="msg-row__main"
          aria-label={T.list.rowLabel(c.peer.nickName, c.count)}
        >
          {c.group ? (
            <span className="msg-group-avatar" aria-hidden="true">
              {[...c.peer.nickName][0]}
            </span>
          ) : (
            <Avatar src={c.peer.avatar} name={c.peer.nickName} size={44} label="" />
          )}
          <span className="msg-row__text">
            <span className="msg-row__top">
              <span className="msg-row__name">
                {c.peer.nickName}
                {c.stranger && !strangerFolder && <span className="us-tag">{T.privacy.tag}</span>}
                {c.messageStatus === CHAT_STATUS_MUTED && (
                  <span className="us-tag">{PEOPLE_TEXT.chatDetail.mutedTag}</span>
                )}
              </span>
              {c.last && <span className="msg-row__time">{timeText(c.last.at, today)}</span>}
            </span>
            <span className="msg-row__bottom">
              <span className="msg-row__last">{lastLine(c)}</span>
              {c.count > 0 && (
                <span
                  className={
                    c.messageStatus === CHAT_STATUS_MUTED ? 'msg-row__count msg-row__count--muted' : 'msg-row__count'
                  }
                  title={T.list.unreadLabel(c.count)}
                >
                  {c.count > 99 ? '99+' : c.count}
                </span>
              )}
            </span>
          </span>
        </Link>
      </div>
      <span className="msg-row__actions" {...swipe.actions}>
        <button
          type="button"
          className="msg-row__action msg-row__action--pin"
          aria-pressed={c.pinned}
          onClick={() => act(MessagePaths.pin, { conversationId: c.conversationId, on: c.pinned ? 0 : 1 })}
        >
          {c.pinned ? T.list.unpin : T.list.pin}
        </button>
        <button
          type="button"
          className="msg-row__action msg-row__action--remove"
          onClick={() => act(MessagePaths.deleteChat, { conversationId: c.conversationId })}
        >
          {T.list.remove}
        </button>
      </span>
    </li>
  );
});

function ConversationRows({
  items,
  strangerFolder,
  today,
}: {
  items: ChatListItem[];
  strangerFolder: boolean;
  today: string;
}) {
  return (
    <ConversationWindow
      items={items}
      rowHeight={ROW_HEIGHT}
      renderRow={(c, at) => (
        <ConversationRow key={at.key} c={c} strangerFolder={strangerFolder} today={today} offset={at.offset} />
      )}
    />
  );
}

/** The way to the notices, the address book and the chat counts. */
export function MessageListPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const strangerFolder = new URLSearchParams(useSearch()).get('folder') === 'stranger';
  const list = useConversations();
  const all = list?.items ?? [];
  const strangers = all.filter((c) => c.stranger);
  const items = strangerFolder ? strangers : all;
  // Muted chats keep their own grey count but, as in the badge, add nothing to the folder's.
  const strangerUnread = strangers.reduce((n, c) => n + (c.messageStatus === CHAT_STATUS_MUTED ? 0 : c.count), 0);
  const today = formatChinaTime(Date.now(), 'YYYY-MM-DD');
  return (
    <div className="us-page">
      <PageHeader
        title={strangerFolder ? T.privacy.folder : T.list.title}
        onBack={() => navigate(strangerFolder ? paths.message : paths.home)}
        backLabel={T.back}
        right={
          strangerFolder ? undefined : (
            <span className="msg-header-links">
              <Link href={paths.messageMass} className="msg-header-link">
                {T.mass.short}
              </Link>
              <Link href={paths.messageGroupList} className="msg-header-link">
                {T.groups.short}
              </Link>
            </span>
          )
        }
      />
      {strangerFolder ? <PrivacyChoice /> : <MessageShortcuts />}
      {!strangerFolder && strangers.length > 0 && (
        <Link href={`${paths.message}?folder=stranger`} className="msg-folder" data-folder="stranger">
          <span>{T.privacy.folder}</span>
          <span className="msg-row__last">{T.privacy.folderCount(strangers.length)}</span>
          {strangerUnread > 0 && <span className="msg-row__count">{strangerUnread > 99 ? '99+' : strangerUnread}</span>}
        </Link>
      )}
      <ListState
        loading={!list || ((list.status === 'loading' || list.status === 'idle') && items.length === 0)}
        error={list?.status === 'error' ? T.list.failed : null}
        empty={list?.status === 'ready' && items.length === 0}
        texts={{
          loading: T.list.loading,
          empty: strangerFolder ? T.privacy.empty : T.list.empty,
          failed: T.list.failed,
        }}
      />
      {items.length > 0 && <ConversationRows items={items} strangerFolder={strangerFolder} today={today} />}
    </div>
  );
}
