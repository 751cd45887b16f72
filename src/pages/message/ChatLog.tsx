/**
 * A conversation's messages as a windowed list (issue 13: 10,000 messages stay smooth): only the
 * rows near the viewport are in the DOM (the one windowing hook, use-window-list). It opens at the
 * newest message; scrolling near the top loads the next older page through the core, and the
 * rows already on screen stay where they are while older ones are added above. A new message
 * keeps the view at the bottom only when the reader was at the bottom (or sent it).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowList } from '../../components/use-window-list';
import { getCore, type ConversationMessage } from '../../core/index';
import { MESSAGE_TEXT as T } from './strings';

/** A first guess at a row's height (px) before it is measured. */
const ROW_ESTIMATE = 64;
/** Within this many rows of the top, the next older page is asked for. */
const NEAR_TOP = 15;
/** Within this many px of the end counts as being at the bottom. */
const BOTTOM_SLACK = 80;

const keyOf = (m: ConversationMessage) => m.clientId ?? m.id;
const estimateSize = () => ROW_ESTIMATE;
const isAtBottom = () => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - BOTTOM_SLACK;
const toBottom = () => window.scrollTo(0, document.documentElement.scrollHeight);

export function ChatLog({
  chatId,
  messages,
  hasOlder,
  me,
  peerName,
  renderMessage,
}: {
  chatId: string;
  messages: readonly ConversationMessage[];
  hasOlder: boolean;
  me: number | null;
  peerName: string;
  renderMessage: (m: ConversationMessage) => ReactNode;
}) {
  // The same function while the messages are the same: a new one makes the list re-measure every row.
  const getItemKey = useCallback((i: number) => keyOf(messages[i]!), [messages]);
  const { ref, virtualizer, offsetOf } = useWindowList<HTMLDivElement>({
    count: messages.length,
    estimateSize,
    overscan: 10,
    getItemKey,
    // Chat mode: rows added above keep the row on screen where it is (the hook anchors it by key,
    // measured sizes included); rows added below are followed while the view is at the end.
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: BOTTOM_SLACK,
  });
  const [older, setOlder] = useState<'idle' | 'loading' | 'failed'>('idle');
  // A loaded page whose rows have not reached the list yet: the count they will change.
  const pending = useRef<number | null>(null);
  // Follow the newest message: true while the reader is at the bottom (and on open).
  const stick = useRef(true);
  const firstKey = messages.length ? keyOf(messages[0]!) : '';
  const last = messages[messages.length - 1];
  const lastKey = last ? keyOf(last) : '';
  const seen = useRef({ firstKey, lastKey, count: messages.length });
  const total = virtualizer.getTotalSize();
  const items = virtualizer.getVirtualItems();
  const firstShown = items[0]?.index ?? 0;

  useEffect(() => {
    const onScroll = () => (stick.current = isAtBottom());
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // A new row of my own at the end is followed even when the view was not at the bottom.
  useLayoutEffect(() => {
    const before = seen.current;
    seen.current = { firstKey, lastKey, count: messages.length };
    if (before.lastKey !== lastKey && last?.fromUserId === me && last?.state === 'sending') stick.current = true;
  }, [firstKey, lastKey, messages, virtualizer, last, me]);

  // While following, every change of the list's height (new rows, rows measured) keeps the end in view.
  useLayoutEffect(() => {
    if (stick.current && messages.length) toBottom();
  }, [total, lastKey, messages.length]);

  // Near the top (and not following the end of a list taller than the screen): the next older page.
  useEffect(() => {
    if (!hasOlder || older !== 'idle' || !messages.length || firstShown > NEAR_TOP) return;
    // Where the list is now (the range above may be a render behind a prepend's scroll).
    const listTop = ref.current?.getBoundingClientRect().top ?? 0;
    if (listTop < -NEAR_TOP * ROW_ESTIMATE) return;
    const short = document.documentElement.scrollHeight <= window.innerHeight + 1;
    if (isAtBottom() && !short) return;
    setOlder('loading');
    const from = messages.length;
    void getCore()
      .loadOlderMessages(chatId)
      .then((r) => {
        if (!r.ok) setOlder('failed');
        // The page's rows come on the conversation stream, apart from this answer: stay
        // 'loading' until they are here, or the next page would be asked for from the top.
        else if (r.data === 0 || seen.current.count !== from) setOlder('idle');
        else pending.current = from;
      });
  }, [chatId, hasOlder, older, firstShown, messages.length, ref]);
  useEffect(() => {
    if (pending.current !== null && messages.length !== pending.current) {
      pending.current = null;
      setOlder('idle');
    }
  }, [messages.length]);

  let lastFromPeer: ConversationMessage | undefined;
  for (let i = messages.length - 1; i >= 0 && !lastFromPeer; i--)
    if (messages[i]!.fromUserId !== me && !messages[i]!.recalledAt) lastFromPeer = messages[i];
  return (
    <>
      <p className="msg-chat__older" role="status">
        {older === 'loading' ? (
          T.chat.olderLoading
        ) : older === 'failed' ? (
          <>
            {T.chat.olderFailed}
            <button type="button" className="msg-bubble__btn" onClick={() => setOlder('idle')}>
              {T.chat.olderRetry}
            </button>
          </>
        ) : !hasOlder && messages.length > 0 ? (
          T.chat.olderEnd
        ) : null}
      </p>
      <div
        ref={ref}
        className="msg-chat__log msg-chat__log--virtual"
        role="list"
        aria-label={T.chat.messagesLabel}
        data-message-count={messages.length}
        style={{ height: total }}
      >
        {items.map((v) => (
          <ol
            key={v.key}
            role="none"
            className="msg-chat__row"
            data-index={v.index}
            ref={virtualizer.measureElement}
            style={{ transform: `translateY(${offsetOf(v)}px)` }}
          >
            {renderMessage(messages[v.index]!)}
          </ol>
        ))}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {lastFromPeer ? T.chat.newMessage(lastFromPeer.fromNickName || peerName, lastFromPeer.text) : ''}
      </p>
    </>
  );
}
