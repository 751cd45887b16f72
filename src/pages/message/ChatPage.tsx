/**
 * /message/chat?peer=<user id>: a private conversation; /message/chat?group=<group id>: a group's.
 * Send, sending/sent/failed with retry, recall.
 */
import { useEffect, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import {
  formatChinaTime,
  getCore,
  useConversation,
  useConversations,
  useSession,
  type ConversationMessage,
} from '../../core/index';
import {
  IM_TEXT_MAX,
  MessagePaths,
  RECALL_WINDOW_MS,
  groupConversationId,
  privateConversationId,
} from '../../../workers/protocol/api/message';
import { showToast } from '../../state/ui';
import { PEOPLE_TEXT } from './people-strings';
import { MESSAGE_TEXT as T } from './strings';
import { ChatLog } from './ChatLog';

function Bubble({
  m,
  mine,
  peerName,
  inGroup,
}: {
  m: ConversationMessage;
  mine: boolean;
  peerName: string;
  inGroup: boolean;
}) {
  if (m.recalledAt)
    return (
      <li className="msg-recalled" data-message-seq={m.seq}>
        {mine ? T.chat.recalledMine : T.chat.recalledTheirs(inGroup ? m.fromNickName : peerName)}
      </li>
    );
  const canRecall = mine && m.state === 'sent' && Date.now() - m.at < RECALL_WINDOW_MS;
  return (
    <li
      className={mine ? 'msg-bubble msg-bubble--mine' : 'msg-bubble msg-bubble--theirs'}
      data-message-seq={m.seq ?? ''}
      data-message-state={m.state}
    >
      {inGroup && !mine && <span className="msg-bubble__from">{m.fromNickName}</span>}
      <span className="msg-bubble__text">{m.text}</span>
      <span className={m.state === 'failed' ? 'msg-bubble__meta msg-bubble__meta--failed' : 'msg-bubble__meta'}>
        <time dateTime={new Date(m.at).toISOString()}>{formatChinaTime(m.at, 'HH:mm')}</time>
        {m.state === 'sending' && <span role="status">{T.chat.sending}</span>}
        {m.state === 'failed' && (
          <>
            <span role="alert">
              {T.chat.failedState}
              {m.error ? `：${m.error}` : ''}
            </span>
            <button type="button" className="msg-bubble__btn" onClick={() => void getCore().retryPrivate(m.clientId!)}>
              {T.chat.retry}
            </button>
            <button
              type="button"
              className="msg-bubble__btn"
              onClick={() => void getCore().discardPrivate(m.clientId!)}
            >
              {T.chat.discard}
            </button>
          </>
        )}
        {canRecall && (
          <button
            type="button"
            className="msg-bubble__btn"
            onClick={async () => {
              const env = await getCore().request({
                path: MessagePaths.recall,
                method: 'POST',
                body: { messageId: m.id },
                silent: true,
              });
              if (env.code !== 200) showToast(env.msg);
            }}
          >
            {T.chat.recall}
          </button>
        )}
      </span>
    </li>
  );
}

export function ChatPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const groupParam = search.get('group');
  const groupId =
    groupParam !== null && /^\d{1,10}$/.test(groupParam) && Number(groupParam) > 0 ? Number(groupParam) : null;
  const inGroup = groupParam !== null;
  const peerId = Number(search.get('peer'));
  const session = useSession();
  const me = session.user?.id ?? null;
  const valid = inGroup ? groupId !== null : Number.isInteger(peerId) && peerId > 0 && peerId !== me;
  const chatId =
    !valid || me === null ? null : groupId !== null ? groupConversationId(groupId) : privateConversationId(me, peerId);
  const conv = useConversation(chatId);
  const list = useConversations();
  const item = list?.items.find((c) => c.conversationId === chatId);
  const peerName =
    item?.peer.nickName ??
    (inGroup ? '' : conv?.messages.find((m) => m.fromUserId === peerId)?.fromNickName) ??
    T.chat.title;
  const [text, setText] = useState('');
  const messages = useMemo(() => conv?.messages ?? [], [conv]);

  // Reading: the newest stored message moves my read marker (every tab's badge follows).
  const newestSeq = useMemo(() => messages.reduce((max, m) => Math.max(max, m.seq ?? 0), 0), [messages]);
  useEffect(() => {
    if (chatId && conv && newestSeq > conv.readSeq && document.visibilityState === 'visible')
      void getCore().markChatRead(chatId, newestSeq);
  }, [chatId, conv, newestSeq]);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const body = text.trim();
    if (!body || !valid) return;
    setText('');
    const r = groupId !== null ? await getCore().sendGroup(groupId, body) : await getCore().sendPrivate(peerId, body);
    if (!r.ok && r.code !== 5000) showToast(r.msg);
  }
  function onKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  return (
    <div className="us-page msg-chat">
      <PageHeader
        title={peerName || T.chat.title}
        onBack={() => navigate(paths.message)}
        backLabel={T.back}
        right={
          groupId !== null ? (
            <Link href={paths.messageGroupDetail(groupId)} className="msg-header-link">
              {T.chat.groupSettings}
            </Link>
          ) : valid ? (
            <Link href={paths.messageChatDetail(peerId)} className="msg-header-link">
              {PEOPLE_TEXT.chatDetail.title}
            </Link>
          ) : undefined
        }
      />
      {!valid ? (
        <p className="us-list-state" role="alert">
          {inGroup ? T.chat.badGroup : T.chat.badPeer}
        </p>
      ) : (
        <>
          <ListState
            loading={!conv || (conv.status === 'loading' && messages.length === 0)}
            error={conv?.status === 'error' ? T.chat.failed : null}
            empty={conv?.status === 'ready' && messages.length === 0}
            texts={{ loading: T.chat.loading, empty: T.chat.empty, failed: T.chat.failed }}
          />
          {chatId && (
            <ChatLog
              chatId={chatId}
              messages={messages}
              hasOlder={conv?.hasOlder ?? false}
              me={me}
              peerName={peerName}
              renderMessage={(m) => <Bubble m={m} mine={m.fromUserId === me} peerName={peerName} inGroup={inGroup} />}
            />
          )}
          <form className="msg-compose" onSubmit={(e) => void send(e)}>
            <textarea
              className="msg-compose__input"
              aria-label={T.chat.inputLabel}
              placeholder={T.chat.placeholder}
              value={text}
              maxLength={IM_TEXT_MAX}
              rows={1}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKey}
            />
            <button type="submit" className="msg-compose__send" disabled={!text.trim()}>
              {T.chat.send}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
