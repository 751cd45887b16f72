/**
 * Generated covers as SVG (column colour, a pitch or court motif, the tag), so the demo world
 * needs no downloaded images: the seeded community posts' pictures, and article covers asked for
 * by their old `.svg` address. Article lists show the JPEG drawn from the same design
 * (cover-raster.ts). Text in the SVG is XML-escaped.
 */
import { columnOf } from './columns';
import { escapeHtml } from './markdown';

/** Basketball columns, or an article about a basketball match, get the court. */
export const isBasketballCover = (a: { type: number; sport: string | null }) =>
  a.sport === 'lq' || [1004, 1008, 1009].includes(a.type);

export function coverSvg(a: { id: number; type: number; tag: string; sport: string | null }): string {
  const col = columnOf(a.type) ?? columnOf(1002)!;
  const basketball = isBasketballCover(a);
  const hue = (a.id * 47) % 360;
  const motif = basketball
    ? `<circle cx="240" cy="135" r="70" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="6"/>
       <path d="M170 135h140M240 65v140M190 85q50 50 0 100M290 85q-50 50 0 100" stroke="#fff" stroke-opacity=".35" stroke-width="5" fill="none"/>`
    : `<rect x="40" y="30" width="400" height="210" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="4"/>
       <path d="M240 30v210" stroke="#fff" stroke-opacity=".35" stroke-width="4"/>
       <circle cx="240" cy="135" r="45" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="4"/>
       <rect x="40" y="85" width="50" height="100" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="4"/>
       <rect x="390" y="85" width="50" height="100" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="4"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270" width="480" height="270">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${col.color}"/><stop offset="1" stop-color="hsl(${hue},45%,28%)"/></linearGradient></defs>
<rect width="480" height="270" fill="url(#g)"/>${motif}
<text x="24" y="246" font-family="sans-serif" font-size="30" font-weight="700" fill="#fff">${escapeHtml(a.tag || col.name)}</text>
</svg>`;
}
