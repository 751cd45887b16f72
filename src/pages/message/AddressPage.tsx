/**
 * /message/address: my address book (通讯录), the people I follow: 互相关注 first, then the rest,
 * each opening a private chat; my groups are one tap away. Windowed: section titles and contacts
 * are rows of one fixed height.
 */
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { Avatar } from '../../components/user/Avatar';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { WindowedList } from '../../components/WindowedList';
import { getCore } from '../../core/index';
import { DirectoryPaths, type Contact } from '../../../workers/protocol/api/message-directory';
import { useLoad } from '../user/use-load';
import { DIRECTORY_TEXT as T } from './directory-strings';

const ROW_HEIGHT = 60;

type Row = { kind: 'title'; key: string; text: string } | { kind: 'contact'; key: string; c: Contact };

function rowsOf(contacts: Contact[]): Row[] {
  const rows: Row[] = [];
  for (const [mutual, text] of [
    [true, T.address.mutual],
    [false, T.address.following],
  ] as const) {
    const part = contacts.filter((c) => c.mutual === mutual);
    if (part.length === 0) continue;
    rows.push({ kind: 'title', key: `t:${mutual}`, text: `${text} · ${T.address.count(part.length)}` });
    for (const c of part) rows.push({ kind: 'contact', key: `c:${c.id}`, c });
  }
  return rows;
}

function ContactRows({ rows }: { rows: Row[] }) {
  return (
    <WindowedList
      items={rows}
      keyOf={(r) => r.key}
      estimateSize={() => ROW_HEIGHT}
      overscan={8}
      className="msg-list msg-list--virtual"
      attrs={{ 'data-contacts': rows.filter((r) => r.kind === 'contact').length }}
      renderRow={(r, at) => {
        const style = { transform: `translateY(${at.offset}px)` };
        if (r.kind === 'title')
          return (
            <li key={at.key} className="msg-address-title" style={style} role="presentation">
              {r.text}
            </li>
          );
        return (
          <li key={at.key} className="msg-address-row" style={style} data-contact-id={r.c.id}>
            <Avatar src={r.c.avatar} name={r.c.nickName} size={40} label="" />
            <span className="msg-address-row__name">{r.c.nickName}</span>
            <Link href={paths.messageChat(r.c.id)} className="msg-address-row__send">
              {T.address.send}
            </Link>
          </li>
        );
      }}
    />
  );
}

export function AddressPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const contacts = useLoad(() => getCore().request<Contact[]>({ path: DirectoryPaths.contacts, silent: true }), []);
  const rows = rowsOf(contacts.data ?? []);
  return (
    <div className="us-page">
      <PageHeader title={T.address.title} backLabel={T.back} onBack={() => navigate(paths.message)} />
      <Link href={paths.messageGroupList} className="msg-folder" data-folder="groups">
        <span>{T.address.groups}</span>
      </Link>
      <ListState
        loading={contacts.loading}
        error={contacts.error ? T.address.failed : null}
        empty={!contacts.loading && !contacts.error && rows.length === 0}
        texts={{ loading: T.address.loading, empty: T.address.empty, failed: T.address.failed }}
        onRetry={contacts.reload}
      />
      {rows.length > 0 && <ContactRows rows={rows} />}
    </div>
  );
}
