/**
 * /message/chat?peer=<user id>: a private conversation; /message/chat?group=<group id>: a group's.
 * Send, sending/sent/failed with retry, recall; pictures and shared matches (MessageBubble,
 * ComposerExtras).
 */
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { getCore, useConversation, useConversations, useSession } from '../../core/index';
import { IM_TEXT_MAX, groupConversationId, privateConversationId } from '../../../workers/protocol/api/message';
import { showToast } from '../../state/ui';
import { ComposerExtras } from './ComposerExtras';
import { EmojiPicker } from './EmojiPicker';
import { MessageBubble } from './MessageBubble';
import { PEOPLE_TEXT } from './people-strings';
import { MESSAGE_TEXT as T } from './strings';
import { ChatLog } from './ChatLog';

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
  const input = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes once an inserted emoji is in the text. */
  const caretAfter = useRef<number | null>(null);
  useEffect(() => {
    const el = input.current;
    if (el && caretAfter.current !== null) el.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  }, [text]);

  /** An emoji goes in at the caret (over a selection), never past the length limit. */
  function insertEmoji(emoji: string) {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + emoji + text.slice(end);
    if (next.length > IM_TEXT_MAX) return;
    caretAfter.current = start + emoji.length;
    setText(next);
  }
  const messages = useMemo(() => conv?.messages ?? [], [conv?.messages]);

  // Reading: the newest stored message moves my read marker (every tab's badge follows).
  // Stored messages come in seq order before the unsent ones: the last with a seq is the newest.
  const newestSeq = useMemo(() => {
    for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.seq !== undefined) return messages[i]!.seq!;
    return 0;
  }, [messages]);
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
      ) : conv?.status === 'removed' ? (
        <div className="us-list-state msg-removed" role="alert" data-removed>
          <strong>{T.chat.removed}</strong>
          <p>{T.chat.removedHint}</p>
          <Link href={paths.message} className="msg-removed__back">
            {T.chat.backToList}
          </Link>
        </div>
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
              renderMessage={(m) => (
                <MessageBubble m={m} mine={m.fromUserId === me} peerName={peerName} inGroup={inGroup} />
              )}
            />
          )}
          <form className="msg-compose" onSubmit={(e) => void send(e)}>
            <ComposerExtras target={groupId !== null ? { groupId } : { toUserId: peerId }} />
            <EmojiPicker onPick={insertEmoji} />
            <textarea
              ref={input}
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
