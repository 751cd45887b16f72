/** Category tabs (推荐, 足球, 篮球…), scrollable. Props only. */
import { Link } from 'wouter';
import type { VliveCategory } from '../../../workers/protocol/index';

export function CategoryTabs({
  categories,
  active,
  hrefOf,
}: {
  categories: VliveCategory[];
  active: number;
  hrefOf: (id: number) => string;
}) {
  return (
    <nav className="vl-tabs" aria-label="直播分类">
      {categories.map((c) => (
        <Link
          key={c.id}
          href={hrefOf(c.id)}
          className={c.id === active ? 'vl-tab vl-tab--on' : 'vl-tab'}
          aria-current={c.id === active ? 'page' : undefined}
        >
          {c.name}
        </Link>
      ))}
    </nav>
  );
}
