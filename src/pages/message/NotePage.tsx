/**
 * /message/note: my notes (笔记), kept on the server and private to me: write one, edit or delete
 * any, newest first. The server has the last word on every rule; the form only saves a call.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { useConfirm } from '../../components/use-confirm';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { formatChinaTime, getCore } from '../../core/index';
import { NOTES_MAX, NOTE_TEXT_MAX, NotePaths, type Note } from '../../../workers/protocol/api/message-note';
import { Code } from '../../../workers/protocol/codes';
import { showToast } from '../../state/ui';
import { goBack } from '../user/use-load';
import { useMyLoad } from './use-my-load';
import { NOTE_TEXT as T } from './note-strings';

const byNewest = (a: Note, b: Note) => b.updatedAt - a.updatedAt || b.id - a.id;

function NoteItem({ note, onEdit, onRemove }: { note: Note; onEdit: () => void; onRemove: () => void }) {
  const preview = note.text.slice(0, 20);
  return (
    <li className="us-list__item msg-note" data-note-id={note.id}>
      <div className="us-list__text">
        <p className="msg-note__text">{note.text}</p>
        <span className="us-list__sub">
          <time dateTime={new Date(note.updatedAt).toISOString()}>
            {formatChinaTime(note.updatedAt, 'YYYY-MM-DD HH:mm')}
          </time>
          {note.updatedAt !== note.createdAt && ` · ${T.edited}`}
        </span>
      </div>
      <div className="msg-note__actions">
        {(
          [
            [T.edit, onEdit],
            [T.remove, onRemove],
          ] as const
        ).map(([label, run]) => (
          <button
            key={label}
            type="button"
            className="us-btn us-btn--small us-btn--ghost"
            aria-label={`${label}：${preview}`}
            onClick={run}
          >
            {label}
          </button>
        ))}
      </div>
    </li>
  );
}

export function NotePage(_props: PageProps) {
  const [, navigate] = useLocation();
  const notes = useMyLoad(() => getCore().request<Note[]>({ path: NotePaths.list, silent: true }), []);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<Note | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const { dialog, ask } = useConfirm();
  const list = notes.data ?? [];
  const length = [...text.trim()].length;

  function startEdit(note: Note | null) {
    setEditing(note);
    setText(note?.text ?? '');
    setError('');
    input.current?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (length === 0) return setError(T.empty);
    if (length > NOTE_TEXT_MAX) return setError(T.tooLong(NOTE_TEXT_MAX));
    setBusy(true);
    const env = await getCore().request<Note>({
      path: NotePaths.save,
      method: 'POST',
      body: editing ? { id: editing.id, text } : { text },
      silent: true,
    });
    setBusy(false);
    if (env.code !== 200) return setError(env.msg);
    showToast(env.msg);
    notes.set((prev) => [env.data, ...(prev ?? []).filter((n) => n.id !== env.data.id)].sort(byNewest));
    startEdit(null);
  }

  async function remove(note: Note) {
    const sure = await ask({
      title: T.removeTitle,
      message: T.confirmRemove,
      confirmText: T.remove,
      cancelText: T.removeCancel,
    });
    if (!sure) return;
    const env = await getCore().request<unknown>({
      path: NotePaths.remove,
      method: 'POST',
      body: { id: note.id },
      silent: true,
    });
    showToast(env.msg);
    // Gone on the server either way (removed now, or already removed from another device).
    if (env.code === 200 || env.code === Code.NOT_FOUND)
      notes.set((prev) => (prev ?? []).filter((n) => n.id !== note.id));
    if (editing?.id === note.id) startEdit(null);
  }

  return (
    <div className="us-page">
      <PageHeader title={T.title} onBack={() => goBack(navigate, paths.message)} backLabel={T.back} />
      <form className="us-form msg-note-form" onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <label className="us-field__label" htmlFor="msg-note-text">
          {editing ? T.editing : T.label}
        </label>
        <textarea
          id="msg-note-text"
          ref={input}
          className="us-field__input us-textarea"
          rows={4}
          value={text}
          placeholder={T.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby="msg-note-hint msg-note-error"
          onChange={(e) => {
            setText(e.target.value);
            setError('');
          }}
        />
        <p id="msg-note-hint" className="us-field__hint msg-note-form__hint">
          <span>{T.bound(NOTES_MAX)}</span>
          <span className={length > NOTE_TEXT_MAX ? 'msg-note-form__over' : undefined}>
            {T.count(length, NOTE_TEXT_MAX)}
          </span>
        </p>
        <p id="msg-note-error" className="us-form-msg" role="alert">
          {error}
        </p>
        <div className="msg-note-form__buttons">
          {editing && (
            <button type="button" className="us-btn us-btn--ghost" onClick={() => startEdit(null)}>
              {T.cancel}
            </button>
          )}
          <button type="submit" className="us-btn" disabled={busy}>
            {busy ? T.saving : editing ? T.update : T.save}
          </button>
        </div>
      </form>
      <ListState
        loading={notes.loading && !notes.data}
        error={notes.error ? T.list.failed : null}
        empty={notes.data !== null && list.length === 0}
        texts={T.list}
        onRetry={notes.reload}
      />
      {list.length > 0 && (
        <ul className="us-list" aria-label={T.title}>
          {list.map((n) => (
            <NoteItem key={n.id} note={n} onEdit={() => startEdit(n)} onRemove={() => void remove(n)} />
          ))}
        </ul>
      )}
      {dialog}
    </div>
  );
}
