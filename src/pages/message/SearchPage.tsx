/**
 * /message/search?q=: search the text of my messages (private and group), newest first. Each hit
 * opens its conversation and can be favourited (收藏) on the spot.
 */
import { Link, useLocation, useSearch } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { formatChinaTime, getCore, useSession } from '../../core/index';
import { MessagePaths } from '../../../workers/protocol/api/message';
import { MessagePeoplePaths, type MessageHit } from '../../../workers/protocol/api/message-people';
import { goBack } from '../user/use-load';
import { useMyLoad } from './use-my-load';
import { QueryForm, chatPathOf } from './PeopleParts';
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
  const [, navigate] = useLocation();
  const me = useSession().user?.id ?? null;
  const q = new URLSearchParams(useSearch()).get('q')?.trim() ?? '';
  const hits = useMyLoad(
    q ? () => getCore().request<MessageHit[]>({ path: MessagePeoplePaths.search, query: { q }, silent: true }) : null,
    [q],
  );
  async function favour(hit: MessageHit, on: boolean) {
    if (!(await post(MessagePaths.favour, { messageId: hit.message.id, on: on ? 1 : 0 }))) return;
    hits.set((prev) => (prev ?? []).map((h) => (h.message.id === hit.message.id ? { ...h, favourite: on } : h)));
  }
  return (
    <div className="us-page">
      <PageHeader title={T.search.title} onBack={() => goBack(navigate, paths.message)} backLabel={T.back} />
      <QueryForm
        label={T.search.label}
        placeholder={T.search.placeholder}
        submit={T.search.submit}
        initial={q}
        onQuery={(next) => navigate(`${paths.messageSearch}?q=${encodeURIComponent(next)}`, { replace: true })}
      />
      {!q ? (
        <p className="us-list-state">{T.search.hint}</p>
      ) : (
        <>
          <ListState
            loading={hits.loading}
            error={hits.error}
            empty={hits.data?.length === 0}
            texts={T.search}
            onRetry={hits.reload}
          />
          {!hits.loading && hits.data && hits.data.length > 0 && (
            <ul className="us-list" aria-label={T.search.title}>
              {hits.data.map((h) => (
                <Hit key={h.message.id} hit={h} me={me} onFavour={(on) => void favour(h, on)} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
