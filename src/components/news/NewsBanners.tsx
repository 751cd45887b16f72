/** The column's banner carousel: swipe (scroll snap), advances every few seconds. Props only. */
import { Link } from 'wouter';
import { useBannerTrack } from '../use-banner-track';
import '../banner-track.css';
import { LazyImage } from '../LazyImage';

export interface NewsBannerItem {
  id: number;
  title: string;
  image: string;
  href: string;
}

const ADVANCE_MS = 4_000;

export function NewsBanners({ banners, label }: { banners: NewsBannerItem[]; label: string }) {
  const { ref, index, onScroll } = useBannerTrack(banners.length, ADVANCE_MS, true);
  if (banners.length === 0) return null;
  return (
    <section className="banner-track" aria-label={label}>
      <div className="banner-track__rail" ref={ref} onScroll={onScroll}>
        {banners.map((b, i) => (
          <Link key={b.id} href={b.href} className="banner-track__item nw-banner">
            {/* The first banner is on screen; the others load when swiped near (issue 29). */}
            {/* The first is the column's largest paint: fetched first (the server preloads it too). */}
            <LazyImage
              src={b.image}
              width={750}
              height={328}
              eager={i === 0}
              fetchPriority={i === 0 ? 'high' : undefined}
            />
            <span>{b.title}</span>
          </Link>
        ))}
      </div>
      <div className="banner-track__dots nw-banners__dots" aria-hidden="true">
        {banners.map((b, i) => (
          <i key={b.id} className={i === index ? 'on' : ''} />
        ))}
      </div>
    </section>
  );
}
