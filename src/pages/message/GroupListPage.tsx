/** /message/groupList: the groups I am in, and the way to create one. */
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { MESSAGE_TEXT as T } from './strings';
import { useMyGroups } from './use-group';

export function GroupListPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const groups = useMyGroups();
  const items = groups.data ?? [];
  return (
    <div className="us-page">
      <PageHeader
        title={T.groups.title}
        onBack={() => navigate(paths.message)}
        backLabel={T.back}
        right={
          <Link href={paths.messageCreateGroup} className="msg-header-link">
            {T.groups.create}
          </Link>
        }
      />
      <ListState
        loading={groups.status === 'loading'}
        error={groups.status === 'error' ? groups.msg || T.groups.failed : null}
        empty={groups.status === 'ready' && items.length === 0}
        texts={{ loading: T.groups.loading, empty: T.groups.empty, failed: T.groups.failed }}
      />
      {items.length > 0 && (
        <ul className="msg-list">
          {items.map((g) => (
            <li key={g.id} className="msg-row" data-group-id={g.id} data-conversation-id={g.conversationId}>
              <Link href={paths.messageGroupChat(g.id)} className="msg-row__main">
                <span className="msg-group-avatar" aria-hidden="true">
                  {[...g.name][0]}
                </span>
                <span className="msg-row__text">
                  <span className="msg-row__top">
                    <span className="msg-row__name">{g.name}</span>
                    <span className="msg-row__time">{T.groups.roles[g.role]}</span>
                  </span>
                  <span className="msg-row__bottom">
                    <span className="msg-row__last">{T.groups.members(g.memberCount)}</span>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
