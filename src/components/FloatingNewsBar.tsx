import { Link } from 'wouter';
import { newsNavHref, type NewsNavItem } from '../app/news-nav';
import { shellText } from '../app/strings';

export interface FloatingNewsBarProps {
  items: NewsNavItem[];
  onRemove: (item: NewsNavItem) => void;
}

/** Saved news items floating above the content (spec §2): tag + title, tap to open, × to remove. */
export function FloatingNewsBar({ items, onRemove }: FloatingNewsBarProps) {
  if (items.length === 0) return null;
  const t = shellText.newsBar;
  return (
    <section className="qs-newsbar" aria-label={t.label}>
      <ul>
        {items.map((item) => (
          <li key={`${item.link1}/${item.link2}`} className="qs-newsbar__item">
            <Link href={newsNavHref(item)} className="qs-newsbar__link">
              <span className={item.link1 === 'qz' ? 'qs-newsbar__tag qs-newsbar__tag--qz' : 'qs-newsbar__tag'}>
                {item.text || (item.link1 === 'qz' ? t.communityTag : t.newsTag)}
              </span>
              <span className="qs-newsbar__title">{item.title}</span>
            </Link>
            <button
              type="button"
              className="qs-newsbar__remove"
              aria-label={`${t.remove} ${item.title}`}
              onClick={() => onRemove(item)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
