/** /ChatGPT: questions about the app's live data, answered with links to the pages that show it. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { getCore } from '../../core/index';
import { CHAT_QUESTION_MAX, ChatGptPaths, type ChatAnswer } from '../../../workers/protocol/api/chatgpt';
import { CHAT_TEXT as T } from './strings';

interface Turn {
  id: number;
  question: string;
  answer: ChatAnswer | null;
  error: string | null;
}

/** The conversation is UI state of this tab session: it survives a reload, not a closed tab. */
const STORAGE_KEY = 'qs-chatgpt-conversation';
const KEEP = 30;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/;

function readTurns(): Turn[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const list = raw ? (JSON.parse(raw) as Turn[]) : [];
    return Array.isArray(list) ? list.filter((t) => t.answer !== null || t.error !== null) : [];
  } catch {
    return [];
  }
}

export function questionError(q: string): string | null {
  if (CONTROL.test(q)) return T.control;
  const v = q.trim();
  if (!v) return T.empty;
  if ([...v].length > CHAT_QUESTION_MAX) return T.tooLong(CHAT_QUESTION_MAX);
  return null;
}

export function ChatGptPage() {
  const [turns, setTurns] = useState<Turn[]>(readTurns);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = turns.some((t) => t.answer === null && t.error === null);
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(turns.slice(-KEEP)));
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [turns]);

  const ask = async (question: string) => {
    const e = questionError(question);
    setError(e);
    if (e || busy) return;
    const id = Date.now();
    const q = question.trim();
    setTurns((ts) => [...ts, { id, question: q, answer: null, error: null }]);
    setInput('');
    let answer: ChatAnswer | null = null;
    let failure: string | null = null;
    try {
      const env = await getCore().request<ChatAnswer>({
        path: ChatGptPaths.ask,
        method: 'POST',
        body: { question: q },
      });
      if (env.code === 200) answer = env.data;
      else failure = env.msg || T.failed;
    } catch {
      failure = T.failed;
    }
    setTurns((ts) => ts.map((t) => (t.id === id ? { ...t, answer, error: failure } : t)));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void ask(input);
  };

  return (
    <div className="cg-page">
      <header className="cg-header">
        <h1>{T.title}</h1>
        {turns.length > 0 && !busy && (
          <button type="button" className="cg-clear" onClick={() => setTurns([])}>
            {T.clear}
          </button>
        )}
      </header>
      <p className="cg-intro">{T.intro}</p>
      {turns.length === 0 && (
        <section aria-label={T.suggestionsLabel} className="cg-suggest">
          <h2>{T.suggestionsLabel}</h2>
          <ul>
            {T.suggestions.map((s) => (
              <li key={s}>
                <button type="button" onClick={() => void ask(s)}>
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
              <span className="cg-visually-hidden">{T.you}：</span>
              {t.question}
            </div>
            <div className="cg-bubble cg-bubble--bot" data-chat-answer={t.answer ? t.answer.intent : undefined}>
              <span className="cg-visually-hidden">{T.assistant}：</span>
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
        <label htmlFor="cg-input" className="cg-visually-hidden">
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
