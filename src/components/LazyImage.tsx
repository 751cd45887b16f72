/**
 * An image below the fold, fetched when it comes near the screen (issue 29). `loading="lazy"`
 * alone fetches everything within about 1250–2500 px of the viewport in Chromium: every row a
 * windowed list renders, so a list's first view fetched all its overscan rows' crests. Here one
 * shared IntersectionObserver (100 px ahead) gives the image its `src`; until then it has its
 * displayed size (width and height set, so nothing moves) and no request. Without
 * IntersectionObserver it loads at once, lazily as the browser decides.
 */
import { useLayoutEffect, useRef, type ImgHTMLAttributes } from 'react';

const AHEAD_PX = 100;
let observer: IntersectionObserver | null = null;

function reveal(img: HTMLImageElement): void {
  const src = img.dataset.src;
  if (src && img.getAttribute('src') !== src) img.src = src;
}

function watch(img: HTMLImageElement): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    reveal(img);
    return () => undefined;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        const el = e.target as HTMLImageElement;
        observer?.unobserve(el);
        reveal(el);
      }
    },
    { rootMargin: `${AHEAD_PX}px 0px` },
  );
  const o = observer;
  o.observe(img);
  return () => o.unobserve(img);
}

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'loading' | 'width' | 'height'> & {
  src: string;
  /** The displayed size in CSS pixels: the box is kept before the image arrives. */
  width: number;
  height: number;
  /** On the first screen: `src` at once, fetched eagerly. */
  eager?: boolean;
};

export function LazyImage({ src, eager = false, alt = '', ...rest }: Props) {
  const ref = useRef<HTMLImageElement>(null);
  useLayoutEffect(() => {
    const img = ref.current;
    if (!img || eager) return;
    // A new `src` for an image already shown (a recycled row) is shown at once.
    if (img.getAttribute('src')) {
      reveal(img);
      return;
    }
    return watch(img);
  }, [src, eager]);
  if (eager) return <img {...rest} src={src} alt={alt} loading="eager" decoding="async" />;
  return <img {...rest} ref={ref} data-src={src} alt={alt} loading="lazy" decoding="async" />;
}
