/** 我的: the user hub (avatar, entries, rows to every user page). */
import { Link } from 'wouter';
import { useSession } from '../../core/index';
import { paths } from '../../app/paths';
import { Avatar } from '../../components/user/Avatar';
import { HubIcon, type HubIconName } from '../../components/user/HubIcon';
import { LinkRow } from '../../components/user/Card';
import { centreApi } from './centre-api';
import { USER_TEXT as T } from './strings';
import { useLoad } from './use-load';

const HUB_ENTRIES: Array<{ page: HubIconName; label: string }> = [
  { page: 'attention', label: T.hub.attention },
  { page: 'match', label: T.hub.match },
  { page: 'history', label: T.hub.history },
  { page: 'message', label: T.hub.message },
];
const HUB_ROWS: Array<{ page: string; label: string }> = [
  { page: 'anchor', label: T.hub.anchor },
  { page: 'community', label: T.hub.community },
  { page: 'proposal', label: T.hub.proposal },
  { page: 'infor', label: T.hub.infor },
  { page: 'certification', label: T.hub.certification },
  { page: 'opinion', label: T.hub.opinion },
  { page: 'question', label: T.hub.question },
  { page: 'set', label: T.hub.set },
  { page: 'about', label: T.hub.about },
];

export function UserHubPage() {
  const session = useSession();
  const user = session.loggedIn ? session.user : null;
  const summary = useLoad(session.loggedIn && user ? () => centreApi.summary() : null, [
    session.loggedIn,
    user?.id,
    user?.nickName,
    user?.portrait,
  ]);
  const unread = summary.data?.unreadMessages ?? 0;
  return (
    <div className="us-page us-page--hub">
      <section className="us-hub__head" aria-label={T.hub.title}>
        {user ? (
          <Link href={paths.userSub('infor')} className="us-hub__me">
            <Avatar src={user.portrait} name={user.nickName} size={64} />
            <span className="us-hub__who">
              <span className="us-hub__nick" data-testid="hub-nickname">
                {user.nickName}
                {summary.data?.certified && <span className="us-tag us-tag--gold">{T.certified}</span>}
              </span>
              <span className="us-hub__id">{T.idLabel(user.id)}</span>
            </span>
          </Link>
        ) : session.loggedIn ? (
          <span className="us-hub__me" role="status" aria-label={T.lists.loading}>
            <Avatar src={null} name=" " size={64} label={T.lists.loading} />
          </span>
        ) : (
          <Link href={paths.login} className="us-hub__me">
            <Avatar src={null} name={T.visitor} size={64} />
            <span className="us-hub__who">
              <span className="us-hub__nick" data-testid="hub-nickname">
                {T.loginOrRegister}
              </span>
              <span className="us-hub__id">{T.loginHint}</span>
            </span>
          </Link>
        )}
        {user && (
          <Link href={paths.userSub('recharge')} className="us-hub__balance" aria-label={T.recharge.title}>
            <span className="us-hub__balance-num">{summary.data?.balance ?? user.balance}</span>
            <span>
              {T.balance} · {T.recharge.title}
            </span>
          </Link>
        )}
      </section>
      <nav className="us-hub__grid" aria-label={T.hub.title}>
        {HUB_ENTRIES.map((e) => (
          <Link key={e.page} href={paths.userSub(e.page)} className="us-hub__entry">
            <span className="us-hub__icon" aria-hidden="true">
              <HubIcon name={e.page} />
            </span>
            <span>{e.label}</span>
            {e.page === 'message' && unread > 0 && (
              <span className="us-badge" aria-label={`${unread} 条未读`}>
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </Link>
        ))}
      </nav>
      <ul className="us-rows us-card">
        {HUB_ROWS.map((r) => (
          <LinkRow key={r.page} href={paths.userSub(r.page)} label={r.label} />
        ))}
      </ul>
    </div>
  );
}
