/**
 * An image below the fold, fetched when it comes near the screen (issue 29). `loading="lazy"`
 * alone fetches everything within about 1250–2500 px of the viewport in Chromium: every row a
 * windowed list renders, so a list's first view fetched all its overscan rows' crests. Here one
 * shared IntersectionObserver (100 px ahead) gives the image its `src`; until then it has its
 * displayed size (width and height set, so nothing moves) and no request. Without
 * IntersectionObserver it loads at once, lazily as the browser decides.
 */
import { useLayoutEffect, useRef, type ImgHTMLAttributes } from 'react';
import { SPRITE_MAX_ITEMS, spriteItemOf, spriteUrl } from '../../workers/protocol/api/live';

const AHEAD_PX = 100;
let observer: IntersectionObserver | null = null;

function reveal(img: HTMLImageElement): void {
  const src = img.dataset.src;
  // The candidates first: with `srcset` in place, setting `src` fetches the one that fits.
  const srcSet = img.dataset.srcset;
  if (srcSet && img.getAttribute('srcset') !== srcSet) img.srcset = srcSet;
  if (src && img.getAttribute('src') !== src) img.src = src;
}

/**
 * Images coming on screen together (one observer callback): the generated ones (crests, avatars,
 * covers) are shown out of one sprite of them all, one request instead of one each (issue 29: a
 * list's first screen showed 16–20 crests); any other image, or a generated one alone, is its own.
 */
function revealTogether(imgs: readonly HTMLImageElement[]): void {
  const generated: Array<{ img: HTMLImageElement; item: string }> = [];
  for (const img of imgs) {
    const item = spriteItemOf(img.dataset.src ?? '');
    if (item) generated.push({ img, item });
    else reveal(img);
  }
  if (generated.length < 2) return generated.forEach(({ img }) => reveal(img));
  for (let at = 0; at < generated.length; at += SPRITE_MAX_ITEMS) {
    const batch = generated.slice(at, at + SPRITE_MAX_ITEMS);
    const items = batch.map((g) => g.item);
    for (const { img, item } of batch) img.src = spriteUrl(items, item);
  }
}

function watch(img: HTMLImageElement): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    reveal(img);
    return () => undefined;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      const shown = entries.filter((e) => e.isIntersecting).map((e) => e.target as HTMLImageElement);
      for (const el of shown) observer?.unobserve(el);
      revealTogether(shown);
    },
    { rootMargin: `${AHEAD_PX}px 0px` },
  );
  const o = observer;
  o.observe(img);
  return () => o.unobserve(img);
}

/**
 * The URL an image shown at once with `together` (the first screen's images, its own among them)
 * uses: the generated ones out of one sprite of them all, anything else its own `src`.
 */
export function spriteSrc(src: string, together: readonly string[]): string {
  const item = spriteItemOf(src);
  if (!item) return src;
  const items = together.flatMap((s) => spriteItemOf(s) ?? []).slice(0, SPRITE_MAX_ITEMS);
  return items.length >= 2 && items.includes(item) ? spriteUrl(items, item) : src;
}

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'loading' | 'width' | 'height'> & {
  src: string;
  /** Candidates by width (with `sizes`): the browser fetches the one the screen needs. */
  srcSet?: string;
  /** The displayed size in CSS pixels: the box is kept before the image arrives. */
  width: number;
  height: number;
  /** On the first screen: `src` at once, fetched eagerly. */
  eager?: boolean;
  /** With `eager`: the first screen's images shown with this one, fetched as one sprite (spriteSrc). */
  together?: readonly string[];
};

export function LazyImage({ src, srcSet, eager = false, together, alt = '', ...rest }: Props) {
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
  }, [src, srcSet, eager]);
  if (eager)
    return (
      <img
        {...rest}
        src={together ? spriteSrc(src, together) : src}
        srcSet={srcSet}
        alt={alt}
        loading="eager"
        decoding="async"
      />
    );
  return <img {...rest} ref={ref} data-src={src} data-srcset={srcSet} alt={alt} loading="lazy" decoding="async" />;
}
