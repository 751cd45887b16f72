/**
 * My notices (user_messages), newest first, paged: all of them on /user/message, one kind
 * (系统通知 / 社区通知) on /message/notice. Opening one marks it read; `read all` marks the
 * list's kind. The header's control comes from the page, which is told the unread count.
 */
import { useState, type ReactNode } from 'react';
import { formatChinaTime, usePagedLoad } from '../../core/index';
import type { NoticeKind } from '../../../workers/protocol/api/user-centre';
import { centreApi } from './centre-api';
import { PagedList } from './UserList';
import { USER_TEXT as T } from './strings';

export function NoticeList({
  kind,
  empty,
  header,
}: {
  kind?: NoticeKind;
  empty: string;
  /** The page's header, given the unread count and the read-all action. */
  header: (unread: number, readAll: () => void) => ReactNode;
}) {
  const list = usePagedLoad((page: number) => centreApi.messages(page, kind), [kind]);
  // The unread count rides on the first page; reads answer the new count.
  const [unread, setUnread] = useState<{ kind?: NoticeKind; n: number } | null>(null);
  const unreadNow = unread && unread.kind === kind ? unread.n : (list.first?.unread ?? 0);
  const [open, setOpen] = useState<number | null>(null);
  const read = async (id?: number) => {
    const env = await centreApi.readMessages(id, kind);
    if (env.code === 200) {
      setUnread({ kind, n: env.data.unread });
      list.update((items) => items.map((m) => (id === undefined || m.id === id ? { ...m, read: true } : m)));
    }
  };
  return (
    <>
      {header(unreadNow, () => void read())}
      <PagedList list={list} empty={empty}>
        {list.items.map((m) => (
          <li key={m.id} className="us-list__item us-msg" data-notice-id={m.id}>
            <button
              type="button"
              className="us-list__main"
              aria-expanded={open === m.id}
              onClick={() => {
                setOpen(open === m.id ? null : m.id);
                if (!m.read) void read(m.id);
              }}
            >
              <span className="us-list__text">
                <span className="us-list__title">
                  {!m.read && <span className="us-dot" aria-label={T.message.unread} />}
                  {m.title}
                </span>
                <span className={`us-list__sub${open === m.id ? ' is-open' : ''}`}>{m.content}</span>
              </span>
              <span className="us-list__time">{formatChinaTime(m.createdAt, 'MM-DD HH:mm')}</span>
            </button>
          </li>
        ))}
      </PagedList>
    </>
  );
}
