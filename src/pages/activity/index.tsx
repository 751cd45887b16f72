/** The activity area's pages (spec §2 Activity), one lazy chunk. */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import '../../components/user/user.css';
import './activity.css';
import { ActivityHomePage } from './ActivityHomePage';
import {
  ActivityAddressPage,
  ActivityHistoryPage,
  ActivityLotteryPage,
  ActivityRankPage,
  ActivityRegPage,
  ActivityRulePage,
} from './ActivityPages';

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
