/**
 * /message/search?q=: search the text of my messages (private and group), newest first. Each hit
 * opens its conversation and can be favourited (收藏) on the spot.
 */
import { Link } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { formatChinaTime, useSession } from '../../core/index';
import { MessagePaths } from '../../../workers/protocol/api/message';
import { MessagePeoplePaths, type MessageHit } from '../../../workers/protocol/api/message-people';
import { QueryPage, useQueryList } from './QueryPage';
import { chatPathOf } from './PeopleParts';
import { post } from './PersonalPage';
import { PEOPLE_TEXT as T } from './people-strings';

function Hit({ hit, me, onFavour }: { hit: MessageHit; me: number | null; onFavour: (on: boolean) => void }) {
  const m = hit.message;
  const where = hit.group ? T.search.inGroup(hit.peer.nickName) : T.search.withPeer(hit.peer.nickName);
  const href = chatPathOf(m.chatId, me);
  return (
    <li className="us-list__item msg-hit" data-message-id={m.id}>
      <div className="us-list__text">
        <span className="us-list__sub">
          {where} · {m.fromNickName} ·{' '}
          <time dateTime={new Date(m.at).toISOString()}>{formatChinaTime(m.at, 'MM-DD HH:mm')}</time>
        </span>
        {href ? (
          <Link href={href} className="msg-hit__text">
            {m.text}
          </Link>
        ) : (
          <span className="msg-hit__text">{m.text}</span>
        )}
      </div>
      <button
        type="button"
        className={hit.favourite ? 'us-btn us-btn--small us-btn--ghost' : 'us-btn us-btn--small'}
        aria-pressed={hit.favourite}
        aria-label={`${hit.favourite ? T.favor.remove : T.favor.add}：${m.text.slice(0, 20)}`}
        onClick={() => onFavour(!hit.favourite)}
      >
        {hit.favourite ? T.favor.favoured : T.favor.add}
      </button>
    </li>
  );
}

export function SearchPage(_props: PageProps) {
  const me = useSession().user?.id ?? null;
  const { q, list: hits } = useQueryList<MessageHit>(MessagePeoplePaths.search);
  async function favour(hit: MessageHit, on: boolean) {
    if (!(await post(MessagePaths.favour, { messageId: hit.message.id, on: on ? 1 : 0 }))) return;
    hits.set((prev) => (prev ?? []).map((h) => (h.message.id === hit.message.id ? { ...h, favourite: on } : h)));
  }
  return (
    <QueryPage pagePath={paths.messageSearch} texts={T.search} q={q} list={hits}>
      {(rows) => (
        <ul className="us-list" aria-label={T.search.title}>
          {rows.map((h) => (
            <Hit key={h.message.id} hit={h} me={me} onFavour={(on) => void favour(h, on)} />
          ))}
        </ul>
      )}
    </QueryPage>
  );
}
