/**
 * Generated artwork (SVG): anchor avatars, room covers, banners, gift icons. Deterministic per
 * (kind, id) so the same seed always looks the same; nothing is downloaded. Text is kept out of
 * the images (the UI draws titles), so they look right without CJK fonts.
 */
export type ArtKind = 'avatar' | 'cover' | 'banner' | 'gift';
export const ART_KINDS: readonly ArtKind[] = ['avatar', 'cover', 'banner', 'gift'];

export const artPath = (kind: ArtKind, id: number): string => `/media/art/${kind}/${id}.svg`;

function hue(id: number, salt: number): number {
  let h = (id * 2654435761 + salt * 40503) >>> 0;
  h ^= h >>> 13;
  return h % 360;
}

const BALL = (cx: number, cy: number, r: number, color: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" stroke="${color}" stroke-width="${r / 8}"/>` +
  `<polygon points="${[0, 1, 2, 3, 4]
    .map((i) => {
      const a = (Math.PI * 2 * i) / 5 - Math.PI / 2;
      return `${(cx + Math.cos(a) * r * 0.38).toFixed(1)},${(cy + Math.sin(a) * r * 0.38).toFixed(1)}`;
    })
    .join(' ')}" fill="${color}"/>`;

const GIFT_SHAPES: Record<number, (c: string) => string> = {
  1: (c) =>
    `<rect x="44" y="12" width="12" height="70" rx="6" fill="${c}"/><circle cx="50" cy="16" r="10" fill="#fff8" />`,
  2: (c) =>
    `<path d="M30 48h12v38H30zM46 86h26a8 8 0 0 0 8-7l4-22a8 8 0 0 0-8-9H60l3-16a7 7 0 0 0-13-4L46 44z" fill="${c}"/>`,
  3: (c) => BALL(50, 50, 34, c),
  4: (c) =>
    `<circle cx="50" cy="50" r="34" fill="${c}"/><path d="M16 50h68M50 16v68M26 26c14 14 14 34 0 48M74 26c-14 14-14 34 0 48" stroke="#333" stroke-width="3" fill="none"/>`,
  5: (c) =>
    `<path d="M30 18h40v18a20 20 0 0 1-40 0zM44 56h12v14H44zM34 70h32v10H34z" fill="${c}"/><path d="M30 24H18a12 12 0 0 0 12 16M70 24h12a12 12 0 0 1-12 16" stroke="${c}" stroke-width="5" fill="none"/>`,
  6: (c) =>
    `<path d="M12 62l10-18h40l16 12h10v10H12z" fill="${c}"/><circle cx="30" cy="68" r="8" fill="#333"/><circle cx="72" cy="68" r="8" fill="#333"/>`,
  7: (c) =>
    `<path d="M50 8c14 12 20 30 18 52H32C30 38 36 20 50 8z" fill="${c}"/><circle cx="50" cy="34" r="7" fill="#fff"/><path d="M32 60l-10 16h16zM68 60l10 16H62zM42 62h16l-8 26z" fill="#f60"/>`,
};

export function artSvg(kind: ArtKind, id: number): string {
  const h1 = hue(id, kind.length);
  const h2 = (h1 + 50) % 360;
  const c1 = `hsl(${h1} 70% 45%)`;
  const c2 = `hsl(${h2} 75% 30%)`;
  const grad = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>`;
  switch (kind) {
    case 'avatar':
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${grad}<rect width="100" height="100" fill="url(#g)"/><circle cx="50" cy="40" r="18" fill="#fff" fill-opacity=".9"/><path d="M18 92c4-20 18-30 32-30s28 10 32 30z" fill="#fff" fill-opacity=".9"/></svg>`;
    case 'cover': {
      const stripes = [0, 1, 2, 3, 4, 5]
        .map((i) => `<rect x="${i * 60}" y="0" width="30" height="180" fill="#fff" fill-opacity=".05"/>`)
        .join('');
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180">${grad}<rect width="320" height="180" fill="url(#g)"/>${stripes}<rect x="20" y="30" width="280" height="120" rx="8" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/><line x1="160" y1="30" x2="160" y2="150" stroke="#fff" stroke-opacity=".35" stroke-width="3"/><circle cx="160" cy="90" r="26" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/>${BALL(250, 120, 22, c2)}</svg>`;
    }
    case 'banner':
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 280">${grad}<rect width="750" height="280" fill="url(#g)"/><circle cx="620" cy="140" r="110" fill="#fff" fill-opacity=".08"/><circle cx="620" cy="140" r="70" fill="#fff" fill-opacity=".1"/>${BALL(620, 140, 44, c2)}</svg>`;
    case 'gift': {
      const shape = GIFT_SHAPES[id] ?? GIFT_SHAPES[3]!;
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${shape(`hsl(${h1} 85% 55%)`)}</svg>`;
    }
  }
}
