/**
 * /message/personal?id=<user id>: a person's card. Follow or unfollow (the app's one follow
 * relation), send a message, block or unblock. What the card says comes from the server after
 * each change, so two tabs never disagree for long.
 */
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { useConfirm, type ConfirmQuestion } from '../../components/use-confirm';
import { Avatar } from '../../components/user/Avatar';
import { LoadState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { getCore } from '../../core/index';
import { MessagePaths } from '../../../workers/protocol/api/message';
import { MessagePeoplePaths, type PersonCard } from '../../../workers/protocol/api/message-people';
import { CommunityPaths } from '../../../workers/protocol/api/news';
import { showToast } from '../../state/ui';
import { goBack } from '../user/use-load';
import { useMyLoad } from './use-my-load';
import { PEOPLE_TEXT as T } from './people-strings';

/** A positive user id from the query, or null. */
export function idParam(value: string | null): number | null {
  return value !== null && /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= 2_147_483_647
    ? Number(value)
    : null;
}

/** A write through the core: the server's words as a toast either way; true when it took. */
export async function post(path: string, body: Record<string, unknown>): Promise<boolean> {
  const env = await getCore().request<unknown>({ path, method: 'POST', body, silent: true });
  if (env.msg) showToast(env.msg);
  return env.code === 200;
}

/** Blocking someone is asked first, from the card and from the chat's settings alike. */
export function blockQuestion(nickName: string): ConfirmQuestion {
  return {
    title: T.personal.blockTitle,
    message: T.personal.confirmBlock(nickName),
    confirmText: T.personal.block,
    cancelText: T.personal.cancel,
  };
}

function Card({ card, onChanged }: { card: PersonCard; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const { dialog, ask } = useConfirm();
  async function run(path: string, body: Record<string, unknown>) {
    setBusy(true);
    try {
      if (await post(path, body)) onChanged();
    } finally {
      setBusy(false);
    }
  }
  const relation = card.following && card.followsMe ? T.personal.mutual : card.followsMe ? T.personal.followsMe : '';
  return (
    <>
      <section className="us-card msg-card" aria-labelledby="msg-card-name" data-user-id={card.id}>
        <Avatar src={card.avatar} name={card.nickName} size={64} label="" />
        <div className="msg-card__text">
          <h2 id="msg-card-name" className="msg-card__name">
            {card.nickName}
            {card.blocked && <span className="us-tag us-tag--red">{T.personal.blockedTag}</span>}
          </h2>
          <p className="us-muted">{T.personal.id(card.id)}</p>
          <p className="us-muted" data-follow-counts>
            {T.personal.counts(card.followingCount, card.followerCount)}
          </p>
          {relation && <p className="msg-card__relation">{relation}</p>}
        </div>
      </section>
      {card.self ? (
        <p className="us-list-state" role="status">
          {T.personal.self}
        </p>
      ) : (
        <>
          {card.blockedMe && (
            <p className="us-list-state us-list-state--error" role="alert">
              {T.personal.blockedMe}
            </p>
          )}
          <div className="msg-card__actions">
            <button
              type="button"
              className={card.following ? 'us-btn us-btn--ghost' : 'us-btn'}
              aria-pressed={card.following}
              disabled={busy || card.blocked || card.blockedMe}
              onClick={() => void run(CommunityPaths.follow, { userId: card.id, on: card.following ? 0 : 1 })}
            >
              {card.following ? T.personal.unfollow : T.personal.follow}
            </button>
            {card.blocked || card.blockedMe ? (
              <button type="button" className="us-btn us-btn--ghost" disabled>
                {T.personal.send}
              </button>
            ) : (
              <Link href={paths.messageChat(card.id)} className="us-btn us-btn--ghost">
                {T.personal.send}
              </Link>
            )}
            <button
              type="button"
              className="us-btn us-btn--danger"
              aria-pressed={card.blocked}
              disabled={busy}
              onClick={async () => {
                if (!card.blocked && !(await ask(blockQuestion(card.nickName)))) return;
                void run(MessagePaths.block, { userId: card.id, on: card.blocked ? 0 : 1 });
              }}
            >
              {card.blocked ? T.personal.unblock : T.personal.block}
            </button>
          </div>
          {dialog}
        </>
      )}
    </>
  );
}

export function PersonalPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const userId = idParam(new URLSearchParams(useSearch()).get('id'));
  const card = useMyLoad(
    userId
      ? () => getCore().request<PersonCard>({ path: MessagePeoplePaths.personal, query: { userId }, silent: true })
      : null,
    [userId],
  );
  return (
    <div className="us-page">
      <PageHeader title={T.personal.title} onBack={() => goBack(navigate, paths.message)} backLabel={T.back} />
      {userId === null ? (
        <p className="us-list-state" role="alert">
          {T.personal.badUser}
        </p>
      ) : (
        <>
          <LoadState load={card} loading={card.loading && !card.data} texts={T.personal} />
          {card.data && <Card card={card.data} onChanged={card.reload} />}
        </>
      )}
    </div>
  );
}
