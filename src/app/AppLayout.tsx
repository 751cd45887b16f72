import type { ReactNode } from 'react';
import type { Layout } from '../../workers/protocol/routes';
import { FloatingNewsBar } from '../components/FloatingNewsBar';
import { TabBar } from '../components/TabBar';
import { useConnection, useSession, useUnread } from '../core/hooks';
import { ConnectionBanner } from '../components/ConnectionBanner';
import { useConnectionBanner } from './connection-banner';
import { removeNewsNavItem, useNewsNav } from './news-nav';
import { ShellBanner } from './ShellBanner';
import { DEFAULT_APP_NAME } from './strings';
import { activeTabFor, tabItemsForPort } from './tab-bar-items';
import { useAppInfo } from './use-app-info';
import { pagePort } from '../core/ssr';

/** What each layout of spec §2 shows around the page. */
const PARTS: Record<Layout, { banner: boolean; tabBar: boolean; newsBar: boolean }> = {
  default: { banner: false, tabBar: false, newsBar: true },
  'download-tips': { banner: true, tabBar: false, newsBar: true },
  'tab-bar': { banner: true, tabBar: true, newsBar: true },
  user: { banner: false, tabBar: false, newsBar: false },
  'anchor-live': { banner: true, tabBar: true, newsBar: false },
};

function Banner() {
  const { info } = useAppInfo();
  return <ShellBanner appName={info?.name ?? DEFAULT_APP_NAME} />;
}

function ShellTabBar({ routeName }: { routeName: string }) {
  const session = useSession();
  const unread = useUnread();
  return (
    <TabBar
      items={tabItemsForPort(pagePort())}
      active={activeTabFor(routeName)}
      unread={session.loggedIn ? unread : 0}
    />
  );
}

function NewsBar() {
  const items = useNewsNav();
  return <FloatingNewsBar items={items} onRemove={(item) => removeNewsNavItem(item)} />;
}

function ShellConnectionBanner() {
  return <ConnectionBanner state={useConnectionBanner(useConnection())} />;
}

export function AppLayout({ layout, routeName, children }: { layout: Layout; routeName: string; children: ReactNode }) {
  const parts = PARTS[layout];
  const classes = ['qs-layout', `qs-layout--${layout}`];
  return (
    <div className={classes.join(' ')} data-layout={layout}>
      {parts.banner && <Banner />}
      <ShellConnectionBanner />
      <div className="qs-layout__content">{children}</div>
      {parts.newsBar && <NewsBar />}
      {parts.tabBar && <ShellTabBar routeName={routeName} />}
    </div>
  );
}
