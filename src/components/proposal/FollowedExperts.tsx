/** The experts I follow (/user/attention): record, followers, unfollow; each opens the rankings I follow. */
import { useState } from 'react';
import { Link } from 'wouter';
import { getCore, useCoreRequest, expertLevelName } from '../../core/index';
import { ProposalPaths, type FollowedExpert } from '../../../workers/protocol/api/proposal';
import { paths } from '../../app/paths';
import { TJ_TEXT } from './strings';

export function FollowedExperts() {
  const [reload, setReload] = useState(0);
  const state = useCoreRequest<FollowedExpert[]>({ path: ProposalPaths.attention }, reload);
  const [msg, setMsg] = useState('');
  const unfollow = async (id: number) => {
    const env = await getCore().request<{ follow: 0 | 1 }>({
      path: ProposalPaths.follow,
      method: 'POST',
      body: { expertId: id },
      silent: true,
    });
    if (env.code === 200) setReload((n) => n + 1);
    else setMsg(env.msg);
  };
  return (
    <section aria-label={TJ_TEXT.followedExperts}>
      <h2 className="us-section-title">{TJ_TEXT.followedExperts}</h2>
      {state.data?.length === 0 && <p className="us-empty">{TJ_TEXT.noFollowedExperts}</p>}
      {state.data === null && !state.loading && <p role="alert">{TJ_TEXT.loadFailed(state.msg)}</p>}
      {msg && <p role="alert">{msg}</p>}
      <ul className="us-list">
        {state.data?.map((e) => (
          <li key={e.id} className="us-list__item" data-expert-id={e.id}>
            <Link href={paths.proposalRankAttention} className="us-list__main">
              <span className="us-list__text">
                <span className="us-list__title">
                  {e.nickName} <span className="us-tag">{expertLevelName(e.level)}</span>
                </span>
                <span className="us-list__sub">
                  {TJ_TEXT.hitRate(e.record.hitRate)} · {TJ_TEXT.streak(e.record.streak)} ·{' '}
                  {TJ_TEXT.followers(e.followers)}
                </span>
              </span>
            </Link>
            <button
              type="button"
              className="us-btn us-btn--small us-btn--ghost"
              onClick={() => void unfollow(e.id)}
              aria-label={`${TJ_TEXT.unfollow} ${e.nickName}`}
            >
              {TJ_TEXT.unfollow}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
