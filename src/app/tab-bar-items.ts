/**
 * The bottom tab bar of spec §2: which five entries a deployment shows (by port) and which one
 * is active for a route name.
 */
import { paths } from './paths';
import { shellText } from './strings';

export type TabKey = 'matches' | 'headlines' | 'vlive' | 'message' | 'chatgpt' | 'user';

export interface TabItem {
  key: TabKey;
  label: string;
  href: string;
}

/** The deployment that shows 消息 instead of ChatGPT (spec §2). */
export const MESSAGE_PORT = '8008';

/** Five entries: 比赛, 头条, 直播, then 消息 + 我的 on port 8008, ChatGPT + 我的 elsewhere. */
export function tabItemsForPort(port: string): TabItem[] {
  const t = shellText.tabs;
  const common: TabItem[] = [
    { key: 'matches', label: t.matches, href: paths.liveHot },
    { key: 'headlines', label: t.headlines, href: paths.news(1002) },
    { key: 'vlive', label: t.vlive, href: paths.vlive(0) },
  ];
  const fourth: TabItem =
    port === MESSAGE_PORT
      ? { key: 'message', label: t.message, href: paths.message }
      : { key: 'chatgpt', label: t.chatgpt, href: paths.chatgpt };
  return [...common, fourth, { key: 'user', label: t.user, href: paths.user }];
}

/**
 * Route name → active tab (spec §2). The spec's list, plus 'news/type' (the 头条 tab's own
 * target, which the spec calls 'index') and the bare '/live' list (a 比赛 page).
 */
const ACTIVE_TAB: Readonly<Record<string, TabKey>> = {
  index: 'headlines',
  'news/type': 'headlines',
  database: 'headlines',
  community: 'headlines',
  'community/list': 'headlines',
  proposal: 'headlines',
  live: 'matches',
  'live/hot': 'matches',
  'live/zq/type': 'matches',
  'live/lq/type': 'matches',
  vlive: 'vlive',
  'vlive/match': 'vlive',
  'vlive/type': 'vlive',
  message: 'message',
  ChatGPT: 'chatgpt',
  user: 'user',
};

export function activeTabFor(routeName: string | null | undefined): TabKey | null {
  return routeName ? (ACTIVE_TAB[routeName] ?? null) : null;
}
