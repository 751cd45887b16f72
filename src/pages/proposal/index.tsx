/** The expert-tips area's pages by route name (spec §2); the detail takes `?id=`. */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import '../../components/live/live.css';
import '../../components/proposal/proposal.css';
import { DetailPage } from './DetailPage';
import { MatchListPage } from './MatchListPage';
import { RankPage } from './RankPage';

const pages: Record<string, ComponentType<PageProps>> = {
  proposal: () => <MatchListPage />,
  'proposal/matchList': () => <MatchListPage />,
  'proposal/detail': () => <DetailPage />,
  'proposal/rank': () => <RankPage attention={false} />,
  'proposal/rank/attention': () => <RankPage attention />,
};

export default pages;
