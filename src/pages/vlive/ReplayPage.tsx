/** /vlive/detail/replay: past broadcasts; the chosen one (?id=) plays on top. */
import { useLocation, useSearch } from 'wouter';
import { VlivePaths, type VlivePage, type VliveReplay } from '../../../workers/protocol/api/vlive';
import { paths } from '../../app/paths';
import { LivePlayer } from '../../components/vlive/LivePlayer';
import { VLIVE_TEXT } from '../../components/vlive/strings';
import { formatChinaTime, getCore, usePagedLoad } from '../../core/index';

const durationText = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

export function ReplayPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const picked = Number(new URLSearchParams(search).get('id')) || null;
  const list = usePagedLoad(
    (page) => getCore().request<VlivePage<VliveReplay>>({ path: VlivePaths.replays, query: { page } }),
    [],
  );
  const replays = list.items;
  const current = replays.find((r) => r.id === picked) ?? replays[0] ?? null;
  return (
    <div className="vl-page">
      <div className="vl-stage">
        <button type="button" className="vl-back" aria-label={VLIVE_TEXT.back} onClick={() => navigate(paths.vlive())}>
          ‹
        </button>
        {current ? (
          <LivePlayer key={current.id} url={current.url} live={false} poster={current.cover} />
        ) : (
          <div className="vl-novideo">{VLIVE_TEXT.replayPick}</div>
        )}
      </div>
      {current && (
        <div className="vl-anchor">
          <div className="vl-anchor-main">
            <h1>{current.title}</h1>
            <p>
              {current.anchorName} · {formatChinaTime(current.at, 'YYYY-MM-DD HH:mm')} · {VLIVE_TEXT.duration}{' '}
              {durationText(current.duration)}
            </p>
          </div>
        </div>
      )}
      <h2 className="vl-h2">{VLIVE_TEXT.replayTitle}</h2>
      {!list.loading && replays.length === 0 && <p className="vl-empty">{VLIVE_TEXT.replayEmpty}</p>}
      <ul className="vl-list">
        {replays.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              className={r.id === current?.id ? 'vl-replay vl-replay--on' : 'vl-replay'}
              onClick={() => navigate(`${paths.vliveReplay}?id=${r.id}`)}
            >
              <img src={r.cover} alt="" />
              <div>
                <b>{r.title}</b>
                <small>{r.anchorName}</small>
                <small>
                  {formatChinaTime(r.at, 'MM-DD HH:mm')} · {durationText(r.duration)}
                </small>
              </div>
            </button>
          </li>
        ))}
      </ul>
      <div className="vl-foot">
        {list.hasMore ? (
          <button type="button" onClick={list.loadMore} disabled={list.loadingMore} aria-busy={list.loadingMore}>
            {VLIVE_TEXT.loadingMore}
          </button>
        ) : replays.length > 0 ? (
          VLIVE_TEXT.noMore
        ) : null}
      </div>
    </div>
  );
}
