/**
 * Generated team crests: a shield in the team's two colours with the first Chinese character of
 * its name. Served by the live area at /media/crest/:teamId.svg; nothing is downloaded.
 */
import type { TeamSeed } from './leagues';

export const crestPath = (teamId: number): string => `/media/crest/${teamId}.svg`;

const escapeXml = (s: string): string =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The character drawn on the crest: the first CJK character, else the first letter. */
export function crestMark(name: string): string {
  const cjk = /[\u4e00-\u9fff]/.exec(name);
  return cjk ? cjk[0] : (name.trim()[0] ?? '?').toUpperCase();
}

export function crestSvg(team: Pick<TeamSeed, 'id' | 'name' | 'color' | 'color2' | 'sport'>): string {
  const mark = escapeXml(crestMark(team.name));
  const stripe =
    team.sport === 'lq'
      ? `<circle cx="50" cy="56" r="30" fill="none" stroke="${team.color2}" stroke-width="4" stroke-opacity=".55"/>`
      : `<path d="M50 8v96" stroke="${team.color2}" stroke-width="14" stroke-opacity=".45"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 112" width="100" height="112">` +
    `<title>${escapeXml(team.name)}</title>` +
    `<path d="M50 4 92 18v34c0 28-18 46-42 56C26 98 8 80 8 52V18z" fill="${team.color}" stroke="${team.color2}" stroke-width="6"/>` +
    stripe +
    `<text x="50" y="70" text-anchor="middle" font-size="40" font-weight="700" fill="#fff" stroke="#0006" stroke-width="1" font-family="'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif">${mark}</text>` +
    `</svg>`
  );
}
