import { Link } from 'wouter';
import type { TabItem, TabKey } from '../app/tab-bar-items';
import { shellText } from '../app/strings';
import { TabIcon } from './TabIcon';

export interface TabBarProps {
  items: TabItem[];
  active: TabKey | null;
  /** Unread messages for the 消息 badge (shown only when > 0). */
  unread: number;
}

/** Bottom tab bar (spec §2): a `nav` whose links are named 比赛, 头条, 直播, 消息|ChatGPT, 我的. */
export function TabBar({ items, active, unread }: TabBarProps) {
  return (
    <nav className="qs-tabbar" aria-label={shellText.tabBarLabel}>
      {items.map((item) => {
        const isActive = item.key === active;
        const badge = item.key === 'message' && unread > 0 ? unread : 0;
        return (
          <Link
            key={item.key}
            href={item.href}
            className={isActive ? 'qs-tab qs-tab--active' : 'qs-tab'}
            aria-current={isActive ? 'page' : undefined}
            aria-label={item.label}
          >
            <span className="qs-tab__icon">
              <TabIcon tab={item.key} />
              {badge > 0 && (
                <span className="qs-tab__badge" role="status" title={shellText.unreadLabel(badge)}>
                  {/* The exact total stays in the DOM (data-unread contract); the eye sees 99+ past 99. */}
                  <span data-unread className={badge > 99 ? 'qs-tab__badge-count--many' : undefined}>
                    {badge}
                  </span>
                </span>
              )}
            </span>
            <span className="qs-tab__label">{item.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
