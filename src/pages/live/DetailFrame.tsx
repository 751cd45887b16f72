/**
 * The frame of the football and basketball detail pages: alerts, the header (score, report links,
 * the demo note, and the page's video or pitch), then the loading or not-found line, or the tab
 * strip over the chosen tab's body. The tabs both sports have alike (指数, 聊天) are drawn here; the
 * page draws the rest.
 */
import { Suspense, type ReactNode } from 'react';
// Before the news links' stylesheet, as when each page imported it: the cascade stays the same.
import '../../components/live/live.css';
import type { MatchView, Sport } from './core-bridge';
import { LIVE_TEXT } from '../../components/live/strings';
import { MatchReportLinks } from '../../components/news/MatchReportLinks';
import { DemoDataNote } from '../../components/DemoDataNote';
import { NotFoundState } from '../../components/NotFoundState';
import { DetailHead, DetailTabs } from './detail-parts';
import { AnalysisViewsLoading } from './info-common';
import { lazyNamed } from '../../components/lazy-named';

// The 指数 and 聊天 tabs' code loads when the tab is opened.
const OddsPanel = lazyNamed(() => import('./detail-tabs'), 'OddsPanel');
const MatchChat = lazyNamed(() => import('./detail-tabs'), 'MatchChat');
import { LiveAlerts } from './LiveAlerts';

export function DetailFrame<T extends string>({
  sport,
  id,
  loading,
  match,
  backHref,
  media,
  tabs,
  tab,
  onTab,
  children,
}: {
  sport: Sport;
  id: number;
  /** No answer yet (the stream has not opened, or is loading with no match). */
  loading: boolean;
  match: MatchView | null;
  backHref: string;
  /** Under the header: the football page's video or event pitch. */
  media?: ReactNode;
  tabs: Record<T, string>;
  tab: T;
  onTab: (t: T) => void;
  /** The body of any tab but 'odds' and 'chat'. */
  children: (match: MatchView) => ReactNode;
}) {
  return (
    <div className="lv-page lv-detail" data-page={`live-${sport}-detail`}>
      <LiveAlerts sport={sport} matchId={id} />
      <header className="lv-detail-head">
        <DetailHead match={match} loading={loading} backHref={backHref} />
        <MatchReportLinks matchId={id} />
        <DemoDataNote />
        {media}
      </header>
      {loading ? (
        <AnalysisViewsLoading />
      ) : !match ? (
        <NotFoundState text={LIVE_TEXT.notFound} backHref={backHref} backText={LIVE_TEXT.backToList} />
      ) : (
        <>
          <div className="lv-sticky">
            <DetailTabs tabs={tabs} value={tab} onChange={onTab} />
          </div>
          <div className="lv-detail-body" data-tab={tab}>
            <Suspense fallback={<AnalysisViewsLoading />}>
              {tab === 'odds' ? (
                <OddsPanel matchId={id} sport={sport} />
              ) : tab === 'chat' ? (
                <MatchChat matchId={id} />
              ) : (
                children(match)
              )}
            </Suspense>
          </div>
        </>
      )}
    </div>
  );
}
