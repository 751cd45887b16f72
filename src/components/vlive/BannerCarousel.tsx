/** Banners that advance every few seconds and can be swiped (scroll snap). Props only. */
import { Link } from 'wouter';
import { useBannerTrack } from '../use-banner-track';
import '../banner-track.css';
import type { VliveBanner } from '../../../workers/protocol/index';
import { LazyImage } from '../LazyImage';

export const BANNER_ADVANCE_MS = 4_000;

export function BannerCarousel({ banners, loading = false }: { banners: VliveBanner[]; loading?: boolean }) {
  const { ref, index, onScroll } = useBannerTrack(banners.length, BANNER_ADVANCE_MS);
  // While the banners load, an empty box of the banner's size holds their place (no shift).
  if (banners.length === 0)
    return loading ? (
      <div className="banner-track vl-banners--placeholder" aria-hidden>
        <div className="banner-track__item vl-banner" />
      </div>
    ) : null;
  return (
    <div className="banner-track">
      <div className="banner-track__rail" ref={ref} onScroll={onScroll}>
        {banners.map((b, i) => (
          <Link key={b.id} href={b.link} className="banner-track__item vl-banner">
            {/* The first banner is the home page's largest paint: fetched first, never lazily. */}
            <LazyImage
              src={b.image}
              width={750}
              height={280}
              eager={i === 0}
              fetchPriority={i === 0 ? 'high' : 'low'}
            />
            <span>{b.title}</span>
          </Link>
        ))}
      </div>
      <div className="banner-track__dots vl-dots" aria-hidden>
        {banners.map((b, i) => (
          <i key={b.id} className={i === index ? 'on' : ''} />
        ))}
      </div>
    </div>
  );
}
