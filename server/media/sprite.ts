/**
 * Image sprites (issue 29: a first view makes at most 30 requests). A list's first screen shows
 * 16–20 generated images (two crests a match row, a cover and an avatar a room card), one request
 * each. The page asks for the ones coming on screen together in one SVG instead: each image is a
 * nested `<svg>` stacked under the previous one, with a `<view>` named after it, so
 * `<img src="/media/sprite.svg?i=crest/12,crest/34#crest-12">` shows the first one alone. The
 * browser fetches a URL once whatever its fragment, so every image of the batch shares the one
 * request (src/components/LazyImage.tsx asks for them, spriteUrl in workers/protocol builds the
 * URLs).
 */
import { SPRITE_MAX_ITEMS, spriteItemOf, spriteViewId } from '../../workers/protocol/api/live';

/** The items of a sprite's `i` parameter, or null when any is not a generated image. */
export function spriteItems(param: unknown): string[] | null {
  if (typeof param !== 'string' || param.length > SPRITE_MAX_ITEMS * 24) return null;
  const items = param.split(',');
  if (items.length > SPRITE_MAX_ITEMS) return null;
  // An item is a generated image's path (the one spriteItemOf reads back from its URL).
  if (!items.every((i) => spriteItemOf(`/media/${i}.svg`) === i)) return null;
  return [...new Set(items)];
}

const VIEW_BOX = /^<svg\b[^>]*\bviewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/;

/**
 * One SVG holding `images` (item → its SVG, null when there is none: its view is left empty, the
 * others still show). Ids inside an image are prefixed with its view id, so two images' gradients
 * (`id="g"` in every generated cover) never meet.
 */
export function spriteSvg(images: ReadonlyArray<{ item: string; svg: string | null }>): string {
  let y = 0;
  let width = 1;
  const parts: string[] = [];
  for (const { item, svg } of images) {
    const id = spriteViewId(item);
    const box = svg ? VIEW_BOX.exec(svg) : null;
    const w = box ? Number(box[1]) : 1;
    const h = box ? Number(box[2]) : 1;
    parts.push(`<view id="${id}" viewBox="0 ${y} ${w} ${h}"/>`);
    if (svg && box) {
      const own = svg
        .replace(/\bid="([^"]+)"/g, (_, x: string) => `id="${id}_${x}"`)
        .replace(/url\(#([^)]+)\)/g, (_, x: string) => `url(#${id}_${x})`)
        .replace(/\bhref="#([^"]+)"/g, (_, x: string) => `href="#${id}_${x}"`);
      // The image's own root, placed at its slot: its position and size replace its own.
      parts.push(
        own.replace(
          /^<svg\b([^>]*)>/,
          (_, attrs: string) =>
            `<svg${attrs.replace(/\s(?:x|y|width|height)="[^"]*"/g, '')} x="0" y="${y}" width="${w}" height="${h}">`,
        ),
      );
    }
    width = Math.max(width, w);
    y += h;
  }
  // No width or height on the root: an image showing one view then takes its size ratio from that
  // view's box (a crest's 100×112), not from the whole sprite's.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${Math.max(y, 1)}">${parts.join('')}</svg>`;
}
