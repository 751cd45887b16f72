/** A match chat room: messages in order; logged-in users write, visitors read. Props only. */
import { useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../../workers/protocol/index';
import { LIVE_TEXT } from './strings';

export interface ChatRoomProps {
  messages: ChatMessage[];
  canWrite: boolean;
  onSend: (text: string) => Promise<boolean>;
  onLogin: () => void;
}

export const CHAT_MAX_LENGTH = 200;

export function ChatRoom({ messages, canWrite, onSend, onLogin }: ChatRoomProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);
  return (
    <div className="lv-chat">
      <ol className="lv-chat-list" ref={listRef} aria-label="聊天室">
        {messages.length === 0 && <li className="lv-empty">{LIVE_TEXT.chatEmpty}</li>}
        {messages.map((m) => (
          <li key={m.id} data-chat-id={m.id}>
            {m.kind === 'text' ? <b>{m.nickName}:</b> : null}
            {m.text}
          </li>
        ))}
      </ol>
      {canWrite ? (
        <form
          className="lv-chat-form"
          onSubmit={(e) => {
            e.preventDefault();
            const t = text.trim();
            if (!t || sending) return;
            setSending(true);
            void onSend(t)
              .then((ok) => {
                if (ok) setText('');
              })
              .finally(() => setSending(false));
          }}
        >
          <input
            value={text}
            maxLength={CHAT_MAX_LENGTH}
            placeholder={LIVE_TEXT.chatPlaceholder}
            aria-label={LIVE_TEXT.chatPlaceholder}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="primary" disabled={sending || !text.trim()}>
            {LIVE_TEXT.send}
          </button>
        </form>
      ) : (
        <div className="lv-chat-form">
          <span style={{ flex: 1, color: '#888' }}>{LIVE_TEXT.chatLoginHint}</span>
          <button type="button" className="primary" onClick={onLogin}>
            {LIVE_TEXT.chatLogin}
          </button>
        </div>
      )}
    </div>
  );
}
