/** Lists of the user centre: follows, followed matches, history, system messages, author page. */
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  getCore,
  useFollowed,
  useMatch,
  useSession,
  formatChinaTime,
  usePagedLoad,
  type MatchView,
} from '../../core/index';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { Avatar } from '../../components/user/Avatar';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { MatchRow } from '../../components/live/MatchRow';
import '../../components/live/live.css';
import { VlivePaths, type VliveAnchor, type VliveRoom } from '../../../workers/protocol/api/vlive';
import { FollowedExperts } from '../../components/proposal/FollowedExperts';
import type { Sport } from '../../../workers/protocol/index';
import { centreApi } from './centre-api';
import { USER_TEXT as T } from './strings';
import { goBack, useLoad } from './use-load';
import { LoadedList, PagedList } from './UserList';
import { NoticeList } from './NoticeList';
import { TabList } from '../../components/TabList';

const LIST_TEXTS = { loading: T.lists.loading, empty: '', failed: T.lists.failed };

export function AttentionPage() {
  const [, navigate] = useLocation();
  const anchors = useLoad(() => getCore().request<VliveAnchor[]>({ path: VlivePaths.attention }), []);
  const unfollow = async (a: VliveAnchor) => {
    const env = await getCore().request<{ follow: 0 | 1 }>({
      path: VlivePaths.attention,
      method: 'POST',
      body: { anchorId: a.id },
    });
    if (env.code === 200) anchors.set((prev) => (prev ?? []).filter((x) => x.id !== a.id));
  };
  return (
    <div className="us-page">
      <PageHeader title={T.attention.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      <h2 className="us-section-title">{T.attention.anchors}</h2>
      <LoadedList list={anchors} empty={T.attention.empty}>
        {anchors.data?.map((a) => (
          <li key={a.id} className="us-list__item">
            <Link href={paths.vliveDetail(a.roomId)} className="us-list__main">
              <Avatar src={a.avatar} name={a.name} size={44} />
              <span className="us-list__text">
                <span className="us-list__title">
                  {a.name} {a.live && <span className="us-tag us-tag--red">直播中</span>}
                </span>
                <span className="us-list__sub">{T.attention.fans(a.followers)}</span>
              </span>
            </Link>
            <button
              type="button"
              className="us-btn us-btn--small us-btn--ghost"
              onClick={() => void unfollow(a)}
              aria-label={`${T.attention.unfollow} ${a.name}`}
            >
              {T.attention.unfollow}
            </button>
          </li>
        ))}
      </LoadedList>
      <FollowedExperts />
    </div>
  );
}

function FollowedMatchRow({ id, sport }: { id: number; sport: Sport }) {
  const [, navigate] = useLocation();
  const match = useMatch(id, sport);
  if (!match) return null;
  return (
    <MatchRow
      match={match}
      onOpen={(m: MatchView) => navigate(sport === 'zq' ? paths.zqDetail(m.id) : paths.lqDetail(m.id))}
      onToggleFollow={(m: MatchView) => void getCore().follow(m.id, sport)}
    />
  );
}

export function MatchPage() {
  const [, navigate] = useLocation();
  const followed = useFollowed();
  const [sport, setSport] = useState<Sport>('zq');
  const ids = followed ? followed[sport] : [];
  return (
    <div className="us-page">
      <PageHeader title={T.match.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      <TabList
        tabs={['zq', 'lq'] as const}
        value={sport}
        onChange={setSport}
        labelOf={(s) => `${T.match[s]} ${followed ? `(${followed[s].length})` : ''}`}
        className="us-tabs"
        tabClassName="us-tabs__tab"
        activeClassName="is-active"
        label={T.match.title}
      />
      <ListState
        loading={!followed}
        error={null}
        empty={Boolean(followed) && ids.length === 0}
        texts={{ ...LIST_TEXTS, empty: T.match.empty }}
      />
      <div className="lv-page us-match-list">
        {ids.map((id) => (
          <FollowedMatchRow key={`${sport}-${id}`} id={id} sport={sport} />
        ))}
      </div>
    </div>
  );
}

export function HistoryPage() {
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<'pages' | 'rooms'>('rooms');
  const pages = usePagedLoad((page: number) => centreApi.history(page), []);
  const rooms = useLoad(() => getCore().request<VliveRoom[]>({ path: VlivePaths.history }), []);
  const clear = async () => {
    const env = await centreApi.clearHistory();
    if (env.code === 200) {
      pages.reload();
      showToast(T.history.cleared);
    }
  };
  return (
    <div className="us-page">
      <PageHeader
        title={T.history.title}
        backLabel={T.back}
        onBack={() => goBack(navigate, paths.user)}
        right={
          tab === 'pages' && pages.first && pages.first.total > 0 ? (
            <button type="button" className="us-link" onClick={() => void clear()}>
              {T.history.clear}
            </button>
          ) : null
        }
      />
      <TabList
        tabs={['rooms', 'pages'] as const}
        value={tab}
        onChange={setTab}
        labelOf={(t) => T.history[t]}
        className="us-tabs"
        tabClassName="us-tabs__tab"
        activeClassName="is-active"
        label={T.history.title}
      />
      {tab === 'rooms' ? (
        <>
          <LoadedList list={rooms} empty={T.history.empty}>
            {rooms.data?.map((r) => (
              <li key={r.id} className="us-list__item">
                <Link href={paths.vliveDetail(r.id)} className="us-list__main">
                  <Avatar src={r.anchor.avatar} name={r.anchor.name} size={44} />
                  <span className="us-list__text">
                    <span className="us-list__title">{r.title}</span>
                    <span className="us-list__sub">
                      {r.anchor.name} {r.live && <span className="us-tag us-tag--red">直播中</span>}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </LoadedList>
        </>
      ) : (
        <>
          <PagedList list={pages} empty={T.history.empty}>
            {pages.items.map((h) => (
              <li key={`${h.kind}-${h.targetId}`} className="us-list__item">
                <Link href={h.link} className="us-list__main">
                  <span className="us-list__text">
                    <span className="us-list__title">{h.title}</span>
                    <span className="us-list__sub">{formatChinaTime(h.visitedAt, 'MM-DD HH:mm')}</span>
                  </span>
                </Link>
              </li>
            ))}
          </PagedList>
        </>
      )}
    </div>
  );
}

export function MessagePage() {
  const [, navigate] = useLocation();
  return (
    <div className="us-page">
      <NoticeList
        empty={T.message.empty}
        header={(unread, readAll) => (
          <PageHeader
            title={T.message.title}
            backLabel={T.back}
            onBack={() => goBack(navigate, paths.user)}
            right={
              unread > 0 ? (
                <button type="button" className="us-link" onClick={readAll}>
                  {T.message.readAll}
                </button>
              ) : null
            }
          />
        )}
      />
    </div>
  );
}

export function AuthorHomePage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const session = useSession();
  const queryId = Number(new URLSearchParams(search).get('id'));
  const id = Number.isInteger(queryId) && queryId > 0 ? queryId : (session.user?.id ?? null);
  const author = useLoad(id ? () => centreApi.author(id) : null, [id]);
  return (
    <div className="us-page">
      <PageHeader title={T.author.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      <ListState
        loading={author.loading}
        error={author.error ?? (id ? null : T.author.notFound)}
        empty={false}
        texts={LIST_TEXTS}
      />
      {author.data && (
        <section className="us-card us-author" aria-label={author.data.nickName}>
          <Avatar src={author.data.portrait} name={author.data.nickName} size={80} />
          <h2 className="us-author__name">
            {author.data.nickName} {author.data.certified && <span className="us-tag us-tag--gold">{T.certified}</span>}
          </h2>
          <p className="us-muted">
            {T.idLabel(author.data.id)} · {T.author.joined(formatChinaTime(author.data.joinedAt, 'YYYY-MM-DD'))}
          </p>
        </section>
      )}
    </div>
  );
}
