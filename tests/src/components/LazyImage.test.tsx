/**
 * LazyImage (issue 29): no request before an image comes near the screen; the generated images
 * (crests, art) coming on screen together share one sprite request, each showing its own view;
 * any other image, and a generated one alone, keeps its own URL.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { LazyImage } from '../../../src/components/LazyImage';
import { coverThumb } from '../../../workers/protocol/api/news';

/** A stand-in observer the test drives: which images are watched, and "they came on screen". */
class FakeObserver {
  static current: FakeObserver | null = null;
  watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.current = this;
  }
  observe(el: Element) {
    this.watched.add(el);
  }
  unobserve(el: Element) {
    this.watched.delete(el);
  }
  disconnect() {
    this.watched.clear();
  }
  show(els: Element[]) {
    const entries = els.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const original = globalThis.IntersectionObserver;
beforeEach(() => {
  globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  globalThis.IntersectionObserver = original;
});

function images(srcs: string[]) {
  const { container } = render(
    <>
      {srcs.map((src) => (
        <LazyImage key={src} src={src} width={20} height={20} />
      ))}
    </>,
  );
  return [...container.querySelectorAll('img')];
}

describe('LazyImage', () => {
  it('asks for nothing until shown, then for the generated images together in one sprite', () => {
    const imgs = images(['/media/crest/12.svg', '/media/art/cover/5.svg', '/photos/a.jpg', '/media/crest/3.svg']);
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual([null, null, null, null]);
    const observer = FakeObserver.current!;
    expect(observer.watched.size).toBe(4);
    observer.show(imgs);
    const sprite = '/media/sprite.svg?i=art/cover/5,crest/12,crest/3';
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual([
      `${sprite}#crest-12`,
      `${sprite}#art-cover-5`,
      '/photos/a.jpg',
      `${sprite}#crest-3`,
    ]);
    // One URL before the fragment: the browser fetches it once.
    const urls = new Set(imgs.map((i) => i.getAttribute('src')!.split('#')[0]));
    expect(urls.size).toBe(2);
    expect(observer.watched.size).toBe(0);
  });

  it('shows a generated image coming on screen alone at its own URL', () => {
    const imgs = images(['/media/crest/12.svg', '/media/crest/13.svg']);
    FakeObserver.current!.show([imgs[0]!]);
    expect(imgs[0]!.getAttribute('src')).toBe('/media/crest/12.svg');
    expect(imgs[1]!.getAttribute('src')).toBeNull();
  });

  it("a news list's cover asks for nothing until shown, then for the candidate that fits (half width up to 2×)", () => {
    const thumb = coverThumb('/media/news/cover/42.jpg', 120);
    expect(thumb).toEqual({
      src: '/media/news/cover/42.jpg?w=240',
      srcSet: '/media/news/cover/42.jpg?w=240 240w, /media/news/cover/42.jpg 480w',
      sizes: '120px',
    });
    // Any other picture is left as it is.
    expect(coverThumb('/uploads/a.jpg', 120)).toEqual({ src: '/uploads/a.jpg' });
    const { container } = render(<LazyImage {...thumb} width={120} height={68} />);
    const img = container.querySelector('img')!;
    expect([img.getAttribute('src'), img.getAttribute('srcset')]).toEqual([null, null]);
    expect(img.getAttribute('sizes')).toBe('120px');
    FakeObserver.current!.show([img]);
    expect([img.getAttribute('src'), img.getAttribute('srcset')]).toEqual([thumb.src, thumb.srcSet]);
  });
});
