/** /message/favor: my favourited messages (收藏), newest first; each opens its chat or is removed. */
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { formatChinaTime, getCore, useSession } from '../../core/index';
import { MessagePaths, type FavouriteItem } from '../../../workers/protocol/api/message';
import { goBack } from '../user/use-load';
import { useMyLoad } from './use-my-load';
import { chatPathOf } from './PeopleParts';
import { post } from './PersonalPage';
import { PEOPLE_TEXT as T } from './people-strings';

export function FavorPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const me = useSession().user?.id ?? null;
  const favs = useMyLoad(() => getCore().request<FavouriteItem[]>({ path: MessagePaths.favourites, silent: true }), []);
  async function remove(item: FavouriteItem) {
    if (!(await post(MessagePaths.favour, { messageId: item.message.id, on: 0 }))) return;
    favs.set((prev) => (prev ?? []).filter((f) => f.message.id !== item.message.id));
  }
  const list = favs.data ?? [];
  return (
    <div className="us-page">
      <PageHeader title={T.favor.title} onBack={() => goBack(navigate, paths.message)} backLabel={T.back} />
      <ListState
        loading={favs.loading && !favs.data}
        error={favs.error ? T.favor.failed : null}
        empty={favs.data !== null && list.length === 0}
        texts={T.favor}
        onRetry={favs.reload}
      />
      {list.length > 0 && (
        <ul className="us-list" aria-label={T.favor.title}>
          {list.map((f) => {
            const href = chatPathOf(f.message.chatId, me);
            return (
              <li key={f.message.id} className="us-list__item msg-hit" data-message-id={f.message.id}>
                <div className="us-list__text">
                  <span className="us-list__sub">
                    {T.favor.from(f.message.fromNickName)} ·{' '}
                    <time dateTime={new Date(f.favouredAt).toISOString()}>
                      {formatChinaTime(f.favouredAt, 'MM-DD HH:mm')}
                    </time>
                  </span>
                  <span className="msg-hit__text">{f.message.text}</span>
                  {href && (
                    <Link href={href} className="msg-header-link msg-hit__open">
                      {T.favor.open}
                    </Link>
                  )}
                </div>
                <button
                  type="button"
                  className="us-btn us-btn--small us-btn--ghost"
                  aria-label={`${T.favor.remove}：${f.message.text.slice(0, 20)}`}
                  onClick={() => void remove(f)}
                >
                  {T.favor.remove}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
