/**
 * Room chat: welcome line and notice, then messages in order with nobility badges. Logged-in
 * users get a send box with emoji; visitors read and are invited to log in. Every message is
 * rendered as text (React escapes it), never as markup. Props only.
 */
import { useEffect, useRef, useState } from 'react';
import { MAX_CHAT_LENGTH } from '../../../workers/protocol/codes';
import type { ChatMessage } from '../../../workers/protocol/index';
import { NobleBadge } from './NobleBadge';
import { CHAT_EMOJI, VLIVE_TEXT } from './strings';

export interface ChatPanelProps {
  welcome: string;
  notice: string;
  messages: ChatMessage[];
  canWrite: boolean;
  onSend: (text: string) => Promise<boolean>;
  onLogin: () => void;
  /** Absent: no gift button (the anchor's own console). */
  onOpenGifts?: () => void;
}

export function ChatPanel({ welcome, notice, messages, canWrite, onSend, onLogin, onOpenGifts }: ChatPanelProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const stickRef = useRef(true);
  useEffect(() => {
    const el = listRef.current;
    if (el && stickRef.current) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const submit = () => {
    const t = text.trim();
    if (!t || sending) return;
    setSending(true);
    void onSend(t)
      .then((ok) => {
        if (ok) {
          setText('');
          setEmojiOpen(false);
        }
      })
      .finally(() => setSending(false));
  };

  return (
    <div className="vl-chat">
      <ol
        className="vl-chat-list"
        ref={listRef}
        aria-label="直播间聊天"
        onScroll={(e) => {
          const el = e.currentTarget;
          stickRef.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {welcome && (
          <li className="vl-msg vl-msg--welcome">
            <span className="vl-sys">{VLIVE_TEXT.welcomeLabel}</span>
            {welcome}
          </li>
        )}
        {notice && (
          <li className="vl-msg vl-msg--notice">
            <span className="vl-sys">{VLIVE_TEXT.noticeLabel}</span>
            {notice}
          </li>
        )}
        {messages.length === 0 && <li className="vl-msg vl-msg--empty">{VLIVE_TEXT.chatEmpty}</li>}
        {messages.map((m) => (
          <li key={m.id} className={`vl-msg vl-msg--${m.kind}`} data-chat-id={m.id}>
            {m.kind === 'notice' ? (
              <span className="vl-sys">{VLIVE_TEXT.noticeLabel}</span>
            ) : (
              <>
                <NobleBadge level={m.nobleLevel} />
                <span className={m.nobleLevel > 0 ? 'vl-nick vl-nick--noble' : 'vl-nick'}>{m.nickName}：</span>
              </>
            )}
            <span className="vl-text">{m.text}</span>
          </li>
        ))}
      </ol>
      {canWrite ? (
        <>
          {emojiOpen && (
            <div className="vl-emoji" role="listbox" aria-label={VLIVE_TEXT.emoji}>
              {CHAT_EMOJI.map((e) => (
                <button key={e} type="button" onClick={() => setText((t) => (t + e).slice(0, MAX_CHAT_LENGTH))}>
                  {e}
                </button>
              ))}
            </div>
          )}
          <form
            className="vl-send"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <button
              type="button"
              className="vl-icon-btn"
              aria-label={VLIVE_TEXT.emoji}
              onClick={() => setEmojiOpen((o) => !o)}
            >
              😀
            </button>
            <input
              value={text}
              maxLength={MAX_CHAT_LENGTH}
              placeholder={VLIVE_TEXT.chatPlaceholder}
              aria-label={VLIVE_TEXT.chatPlaceholder}
              enterKeyHint="send"
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="vl-btn" disabled={sending || !text.trim()}>
              {VLIVE_TEXT.chatSend}
            </button>
            {onOpenGifts && (
              <button
                type="button"
                className="vl-icon-btn vl-gift-btn"
                aria-label={VLIVE_TEXT.gift}
                onClick={onOpenGifts}
              >
                🎁
              </button>
            )}
          </form>
        </>
      ) : (
        <div className="vl-send vl-send--visitor">
          <span>{VLIVE_TEXT.chatLoginHint}</span>
          <button type="button" className="vl-btn" onClick={onLogin}>
            {VLIVE_TEXT.login}
          </button>
        </div>
      )}
    </div>
  );
}
