/**
 * Parts shared by messaging's people pages: a windowed list of people, a query form, a switch,
 * rows of people to tick.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { Avatar } from '../../components/user/Avatar';
import { groupIdOf, type ChatPeer } from '../../../workers/protocol/api/message';
import { PEOPLE_QUERY_MAX } from '../../../workers/protocol/api/message-people';
import { PEOPLE_TEXT as T } from './people-strings';
import { DIRECTORY_TEXT as D } from './directory-strings';
import { WindowedList } from '../../components/WindowedList';

/** Fixed row height of the people lists (px). */
const PERSON_ROW = 64;

/** People, each opening their card; a thousand rows keep only a window of them in the DOM. */
export function PeopleRows({ people, label }: { people: ChatPeer[]; label: string }) {
  return (
    <WindowedList
      items={people}
      keyOf={(p) => String(p.id)}
      estimateSize={() => PERSON_ROW}
      overscan={8}
      className="msg-people"
      attrs={{ 'aria-label': label, 'data-people': people.length }}
      renderRow={(p, at) => (
        <li
          key={at.key}
          className="msg-person"
          data-user-id={p.id}
          style={{ transform: `translateY(${at.offset}px)`, height: PERSON_ROW }}
        >
          <Link href={paths.messagePersonal(p.id)} className="msg-person__main">
            <Avatar src={p.avatar} name={p.nickName} size={40} label="" />
            <span className="msg-person__name">{p.nickName}</span>
            <span className="us-muted msg-person__id">{T.personal.id(p.id)}</span>
          </Link>
        </li>
      )}
    />
  );
}

/** A search box with its submit button; `onQuery` gets the trimmed text. */
export function QueryForm({
  label,
  placeholder,
  submit,
  initial,
  onQuery,
}: {
  label: string;
  placeholder: string;
  submit: string;
  initial: string;
  onQuery: (q: string) => void;
}) {
  const [text, setText] = useState(initial);
  function go(e: FormEvent) {
    e.preventDefault();
    const q = text.trim();
    if (q) onQuery(q);
  }
  return (
    <form className="msg-query" role="search" onSubmit={go}>
      <input
        type="search"
        className="us-field__input msg-query__input"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={PEOPLE_QUERY_MAX}
        enterKeyHint="search"
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="us-btn us-btn--small" disabled={!text.trim()}>
        {submit}
      </button>
    </form>
  );
}

/**
 * An on/off setting row (role="switch", operable by keyboard like any checkbox). It moves at
 * once and moves back when `onChange` answers false (the server refused).
 */
export function SettingSwitch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => Promise<boolean>;
}) {
  const [shown, setShown] = useState(checked);
  useEffect(() => setShown(checked), [checked]);
  return (
    <label className="us-row us-switch">
      <span>
        {label}
        {hint && <span className="us-muted msg-setting__hint">{hint}</span>}
      </span>
      <input
        type="checkbox"
        role="switch"
        checked={shown}
        aria-checked={shown}
        disabled={disabled}
        onChange={async (e) => {
          const next = e.target.checked;
          setShown(next);
          if (!(await onChange(next))) setShown(!next);
        }}
      />
      <i aria-hidden="true" />
    </label>
  );
}

/** The chat page of a conversation id, seen by user `me`; null when it is not mine. */
export function chatPathOf(chatId: string, me: number | null): string | null {
  const group = groupIdOf(chatId);
  if (group !== null) return paths.messageGroupChat(group);
  const m = /^p:(\d+):(\d+)$/.exec(chatId);
  if (!m || me === null) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a === me ? paths.messageChat(b) : b === me ? paths.messageChat(a) : null;
}

/** The way from the conversation list to the people pages, the notices and the address book. */
export function MessageShortcuts() {
  const links = [
    [paths.messageNotice(), D.notice.title],
    [paths.messageAddress, D.address.title],
    [paths.messageCounts, D.counts.title],
    [paths.messageFind, T.shortcuts.find],
    [paths.messageSearch, T.shortcuts.search],
    [paths.messageAttention, T.shortcuts.attention],
    [paths.messageFans, T.shortcuts.fans],
    [paths.messageFavor, T.shortcuts.favor],
    [paths.messageNote, T.shortcuts.note],
  ] as const;
  return (
    <nav className="msg-shortcuts" aria-label={T.shortcuts.label}>
      {links.map(([href, label]) => (
        <Link key={href} href={href} className="msg-shortcuts__link">
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** People to tick (a new group's members, a mass message's fans): one checkbox row each. */
export function PickRows({
  people,
  picked,
  onPicked,
}: {
  people: readonly { id: number; nickName: string }[];
  picked: ReadonlySet<number>;
  onPicked: (next: ReadonlySet<number>) => void;
}) {
  return people.map((p) => (
    <label key={p.id} className="msg-pick__row">
      <input
        type="checkbox"
        checked={picked.has(p.id)}
        onChange={(e) => {
          const next = new Set(picked);
          if (e.target.checked) next.add(p.id);
          else next.delete(p.id);
          onPicked(next);
        }}
      />
      <span>{p.nickName}</span>
    </label>
  ));
}
