/** /ChatGPT: questions about the app's live data, answered with links to the pages that show it. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { getCore, useAssistant } from '../../core/index';
import { CHAT_QUESTION_MAX } from '../../../workers/protocol/api/chatgpt';
import { CHAT_TEXT as T } from './strings';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/;

export function questionError(q: string): string | null {
  if (CONTROL.test(q)) return T.control;
  const v = q.trim();
  if (!v) return T.empty;
  if ([...v].length > CHAT_QUESTION_MAX) return T.tooLong(CHAT_QUESTION_MAX);
  return null;
}

export function ChatGptPage() {
  // The conversation lives in the core (offline store): every tab shows it, a reload keeps it.
  const conversation = useAssistant();
  const turns = conversation?.turns ?? [];
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = turns.some((t) => t.answer === null && t.error === null);
  const endRef = useRef<HTMLDivElement>(null);
  const last = turns.at(-1);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [turns.length, last?.text]);

  const ask = (question: string) => {
    const e = questionError(question);
    setError(e);
    if (e || busy) return;
    setInput('');
    void getCore()
      .askAssistant(question.trim())
      .catch(() => setError(T.failed));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask(input);
  };

  return (
    <div className="cg-page">
      <header className="cg-header">
        <h1>{T.title}</h1>
        {turns.length > 0 && !busy && (
          <button type="button" className="cg-clear" onClick={() => void getCore().clearAssistant()}>
            {T.clear}
          </button>
        )}
      </header>
      <p className="cg-intro">{T.intro}</p>
      {conversation?.ready && turns.length === 0 && (
        <section aria-label={T.suggestionsLabel} className="cg-suggest">
          <h2>{T.suggestionsLabel}</h2>
          <ul>
            {T.suggestions.map((s) => (
              <li key={s}>
                <button type="button" onClick={() => ask(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ol className="cg-log" aria-live="polite" aria-relevant="additions text">
        {turns.map((t) => (
          <li key={t.id} className="cg-turn">
            <div className="cg-bubble cg-bubble--me">
              <span className="visually-hidden">{T.you}：</span>
              {t.question}
            </div>
            <div className="cg-bubble cg-bubble--bot" data-chat-answer={t.answer ? t.answer.intent : undefined}>
              <span className="visually-hidden">{T.assistant}：</span>
              {t.answer ? (
                <>
                  <p className="cg-text">{t.answer.text}</p>
                  {t.answer.links.length > 0 && (
                    <nav aria-label={T.links} className="cg-links">
                      {t.answer.links.map((l) => (
                        <Link key={`${l.href}-${l.label}`} href={l.href}>
                          {l.label}
                        </Link>
                      ))}
                    </nav>
                  )}
                </>
              ) : t.error ? (
                <p className="cg-error" role="alert">
                  {t.error}
                </p>
              ) : t.text ? (
                <p className="cg-text" data-chat-streaming>
                  {t.text}
                </p>
              ) : (
                <p className="cg-thinking" role="status">
                  {T.thinking}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
      <div ref={endRef} />
      <form className="cg-form" onSubmit={submit} noValidate>
        <label htmlFor="cg-input" className="visually-hidden">
          {T.inputLabel}
        </label>
        <input
          id="cg-input"
          className="cg-input"
          value={input}
          placeholder={T.placeholder}
          maxLength={CHAT_QUESTION_MAX + 20}
          onChange={(e) => {
            setInput(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby="cg-input-err"
          autoComplete="off"
          enterKeyHint="send"
        />
        <button type="submit" className="cg-send" disabled={busy}>
          {T.send}
        </button>
        <p id="cg-input-err" className="cg-error" aria-live="polite">
          {error ?? ''}
        </p>
      </form>
    </div>
  );
}
