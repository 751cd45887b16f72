import { useState, type ReactNode } from 'react';
import type { Layout } from '../../workers/protocol/routes';
import { DownloadBanner } from '../components/DownloadBanner';
import { FloatingNewsBar } from '../components/FloatingNewsBar';
import { TabBar } from '../components/TabBar';
import { useSession, useUnread } from '../core/hooks';
import { bannerHiddenByUser, hideBannerForToday, isStandalone } from './download-banner-flag';
import { isNativeShell } from './native-shell';
import { removeNewsNavItem, useNewsNav } from './news-nav';
import { DEFAULT_APP_NAME } from './strings';
import { activeTabFor, tabItemsForPort } from './tab-bar-items';
import { useAppInfo } from './use-app-info';

/** What each layout of spec §2 shows around the page. */
const PARTS: Record<Layout, { banner: boolean; tabBar: boolean; newsBar: boolean; userBg: boolean }> = {
  default: { banner: false, tabBar: false, newsBar: true, userBg: false },
  'download-tips': { banner: true, tabBar: false, newsBar: true, userBg: false },
  'tab-bar': { banner: true, tabBar: true, newsBar: true, userBg: false },
  user: { banner: false, tabBar: false, newsBar: false, userBg: true },
  'anchor-live': { banner: true, tabBar: true, newsBar: false, userBg: false },
};

function Banner() {
  const { info } = useAppInfo();
  // Decided once per mount: installed apps (and the native shell) never show it.
  const [hidden, setHidden] = useState(
    () => isStandalone() || isNativeShell() || bannerHiddenByUser(localStorage, Date.now()),
  );
  if (hidden) return null;
  return (
    <DownloadBanner
      appName={info?.name ?? DEFAULT_APP_NAME}
      onClose={() => {
        hideBannerForToday(localStorage, Date.now());
        setHidden(true);
      }}
    />
  );
}

function ShellTabBar({ routeName }: { routeName: string }) {
  const session = useSession();
  const unread = useUnread();
  return (
    <TabBar
      items={tabItemsForPort(window.location.port)}
      active={activeTabFor(routeName)}
      unread={session.loggedIn ? unread : 0}
    />
  );
}

function NewsBar() {
  const items = useNewsNav();
  return <FloatingNewsBar items={items} onRemove={(item) => removeNewsNavItem(item)} />;
}

export function AppLayout({ layout, routeName, children }: { layout: Layout; routeName: string; children: ReactNode }) {
  const parts = PARTS[layout];
  const classes = ['qs-layout', `qs-layout--${layout}`];
  return (
    <div className={classes.join(' ')} data-layout={layout}>
      {parts.banner && <Banner />}
      <div className="qs-layout__content">{children}</div>
      {parts.newsBar && <NewsBar />}
      {parts.tabBar && <ShellTabBar routeName={routeName} />}
    </div>
  );
}
