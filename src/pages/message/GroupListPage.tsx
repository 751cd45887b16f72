/**
 * /message/groupList: the groups I am in, the way to create one, and the invitations waiting for
 * my answer (someone I do not follow asked me in while I accept only people I follow).
 */
import { Link, useLocation } from 'wouter';
import { MessagePaths } from '../../../workers/protocol/api/message';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { MESSAGE_TEXT as T } from './strings';
import { useGroupAction, useGroupInvitations, useMyGroups } from './use-group';

export function GroupListPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const groups = useMyGroups();
  const items = groups.data ?? [];
  const invitations = useGroupInvitations().data ?? [];
  const act = useGroupAction();
  // The answer's `group` event refreshes both lists (and the group opens when accepted).
  const answer = async (groupId: number, accept: 0 | 1) => {
    const done = await act(MessagePaths.groupInvitationAnswer, { groupId, accept });
    if (done && accept) navigate(paths.messageGroupChat(groupId));
  };
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
      {invitations.length > 0 && (
        <section aria-label={T.groups.invitations}>
          <h2 className="msg-section-title">{T.groups.invitations}</h2>
          <ul className="msg-list">
            {invitations.map((i) => (
              <li key={i.groupId} className="msg-row" data-invitation-group-id={i.groupId}>
                <span className="msg-row__main">
                  <span className="msg-group-avatar" aria-hidden="true">
                    {[...i.name][0]}
                  </span>
                  <span className="msg-row__text">
                    <span className="msg-row__top">
                      <span className="msg-row__name">{i.name}</span>
                    </span>
                    <span className="msg-row__bottom">
                      <span className="msg-row__last">{T.groups.invitedBy(i.inviter.nickName, i.memberCount)}</span>
                    </span>
                  </span>
                </span>
                <button type="button" className="msg-invite-btn" onClick={() => void answer(i.groupId, 1)}>
                  {T.groups.accept}
                </button>
                <button
                  type="button"
                  className="msg-invite-btn msg-invite-btn--quiet"
                  onClick={() => void answer(i.groupId, 0)}
                >
                  {T.groups.decline}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
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
