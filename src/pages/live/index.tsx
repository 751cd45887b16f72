/** The live area's pages by route name (spec §2). */
import type { ComponentType } from 'react';
import { Redirect } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { LIVE_TEXT } from '../../components/live/strings';
import { LiveTitleBar } from '../../components/live/LiveTitleBar';
import { NotFoundState } from '../../components/NotFoundState';
import { lazyNamed } from '../../components/lazy-named';

// Each page loads its own code when opened (its HTML preloads it): a match detail's first view does
// not run the lists' code (their windowing alone is 10 KB gzip), nor a list the detail's.
const HotPage = lazyNamed(() => import('./HotPage'), 'HotPage');
const ListPage = lazyNamed(() => import('./ListPage'), 'ListPage');
const ZqDetailPage = lazyNamed(() => import('./ZqDetailPage'), 'ZqDetailPage');
const LqDetailPage = lazyNamed(() => import('./LqDetailPage'), 'LqDetailPage');
const AiPage = lazyNamed(() => import('./AiPages'), 'AiPage');
const AiListPage = lazyNamed(() => import('./AiPages'), 'AiListPage');

function detailId(params: PageProps['params']): number | null {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A detail route without a usable id: the detail's title bar and a way back to the list. */
function NoMatch({ sport }: { sport: 'zq' | 'lq' }) {
  const list = sport === 'zq' ? paths.liveZq() : paths.liveLq();
  return (
    <div className="lv-page" data-page={`live-${sport}-detail`}>
      <LiveTitleBar title={LIVE_TEXT.detailTitle} back={list} />
      <NotFoundState text={LIVE_TEXT.notFound} backHref={list} backText={LIVE_TEXT.backToList} />
    </div>
  );
}

const pages: Record<string, ComponentType<PageProps>> = {
  live: () => <Redirect to={paths.liveHot} replace />,
  'live/hot': () => <HotPage />,
  'live/zq/type': ({ params }) => <ListPage key="zq" sport="zq" type={params.type} />,
  'live/lq/type': ({ params }) => <ListPage key="lq" sport="lq" type={params.type} />,
  'live/zq/detail': ({ params }) => {
    const id = detailId(params);
    return id ? <ZqDetailPage key={id} id={id} /> : <NoMatch sport="zq" />;
  },
  'live/lq/detail': ({ params }) => {
    const id = detailId(params);
    return id ? <LqDetailPage key={id} id={id} /> : <NoMatch sport="lq" />;
  },
  'live/ai': () => <AiPage />,
  'live/ai/list': () => <AiListPage />,
};

export default pages;
