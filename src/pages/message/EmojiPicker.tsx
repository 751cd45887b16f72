/**
 * The chat composer's emoji picker: a button that opens a grid of common emoji above the
 * composer. Keyboard: the arrow keys, Home and End move through the grid (one stop in the tab
 * order, the focused emoji), Enter or Space inserts, Escape closes and returns to the button.
 * The composer inserts the pick at its caret (`onPick`). Props only.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_EMOJI, MESSAGE_TEXT as T } from './strings';

/** Emoji per row of the grid (arrow up and down move by this many). */
const COLUMNS = 8;

export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const toggle = useRef<HTMLButtonElement>(null);
  const cells = useRef<Array<HTMLButtonElement | null>>([]);
  const panelId = useId();

  useEffect(() => {
    if (open) cells.current[active]?.focus();
  }, [open, active]);

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    const last = CHAT_EMOJI.length - 1;
    const move: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      ArrowDown: active + COLUMNS,
      ArrowUp: active - COLUMNS,
      Home: 0,
      End: last,
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key in move) {
      e.preventDefault();
      setActive(Math.min(last, Math.max(0, move[e.key]!)));
    }
  }

  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="msg-extras__btn msg-emoji__toggle"
        aria-label={T.chat.emojiOpen}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">😊</span>
      </button>
      {open && (
        <div id={panelId} className="msg-emoji" role="group" aria-label={T.chat.emojiPanel} onKeyDown={onKey}>
          {CHAT_EMOJI.map(([emoji, name], i) => (
            <button
              key={emoji}
              ref={(el) => {
                cells.current[i] = el;
              }}
              type="button"
              className="msg-emoji__cell"
              aria-label={name}
              tabIndex={i === active ? 0 : -1}
              data-emoji={emoji}
              onClick={() => {
                setActive(i);
                onPick(emoji);
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
