/** The activity area's pages (spec §2 Activity), one lazy chunk. */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import '../../components/user/user.css';
import './activity.css';
import { ActivityHomePage } from './ActivityHomePage';
import { ActivityAddressPage } from './ActivityAddressPage';
import { ActivityHistoryPage } from './ActivityHistoryPage';
import { ActivityLotteryPage } from './ActivityLotteryPage';
import { ActivityRankPage } from './ActivityRankPage';
import { ActivityRegPage } from './ActivityRegPage';
import { ActivityRulePage } from './ActivityRulePage';

const pages: Record<string, ComponentType<PageProps>> = {
  activity: ActivityHomePage,
  'activity/reg': ActivityRegPage,
  'activity/rule': ActivityRulePage,
  'activity/lottery': ActivityLotteryPage,
  'activity/rank': ActivityRankPage,
  'activity/history': ActivityHistoryPage,
  'activity/address': ActivityAddressPage,
};

export default pages;
