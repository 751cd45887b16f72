/** The column's banner carousel: swipe (scroll snap), advances every few seconds. Props only. */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';

export interface NewsBannerItem {
  id: number;
  title: string;
  image: string;
  href: string;
}

const ADVANCE_MS = 4_000;

export function NewsBanners({ banners, label }: { banners: NewsBannerItem[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (banners.length < 2) return;
    const t = setInterval(() => {
      const el = ref.current;
      if (!el || el.matches(':hover, :focus-within')) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % banners.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, ADVANCE_MS);
    return () => clearInterval(t);
  }, [banners.length]);
  if (banners.length === 0) return null;
  return (
    <section className="nw-banners" aria-label={label}>
      <div
        className="nw-banners__track"
        ref={ref}
        onScroll={(e) => setIndex(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))}
      >
        {banners.map((b) => (
          <Link key={b.id} href={b.href} className="nw-banner">
            <img src={b.image} alt="" />
            <span>{b.title}</span>
          </Link>
        ))}
      </div>
      <div className="nw-banners__dots" aria-hidden="true">
        {banners.map((b, i) => (
          <i key={b.id} className={i === index ? 'on' : ''} />
        ))}
      </div>
    </section>
  );
}
