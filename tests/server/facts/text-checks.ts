/** The table facts a text states about a team, checked against its table row (coherence.test.ts). */
import { expect } from 'vitest';
import type { StandingsRow } from '../../../workers/protocol/index';
import { TEAMS } from '../../../server/seed/leagues';

const count = (xs: readonly string[], x: string) => xs.filter((y) => y === x).length;

/** A sentence about this team: it starts with its name, not with a longer one (邓迪 and 邓迪联). */
export function isAbout(s: string, name: string): boolean {
  return s.startsWith(name) && !TEAMS.some((t) => t.name !== name && t.name.startsWith(name) && s.startsWith(t.name));
}

/**
 * Checks every table fact a text states about a team against its table row: rank, points (or
 * wins and losses), the gap to the leader, the league form and its one verdict. Returns how
 * many facts it checked.
 */
export function checkText(
  text: string,
  row: StandingsRow,
  rows: StandingsRow[],
  sport: 'zq' | 'lq',
  league: string,
): number {
  let checked = 0;
  const name = row.teamName;
  // A text that names this team's place or recent record must say it in a form checked below.
  const about = text.split(/[；。]/).filter((s) => isAbout(s, name));
  for (const s of about) {
    if (/排名|第\d+位/.test(s))
      expect(s).toMatch(new RegExp(`^${name}${league}(积\\d+分|战绩\\d+胜\\d+负)，排名第\\d+位`));
    if (/近\d+场/.test(s)) expect(s).toMatch(new RegExp(`^${name}近\\d+场联赛\\d+胜`));
  }
  const leader = rows[0]!;
  // Only where a sentence starts with the name (米兰 is not the end of 国际米兰).
  const standing = new RegExp(`(?<=^|[；。])${name}${league}(?:积(\\d+)分|战绩(\\d+)胜(\\d+)负)，排名第(\\d+)位`).exec(
    text,
  );
  if (standing) {
    checked++;
    expect(Number(standing[4]), text).toBe(row.rank);
    if (sport === 'zq') expect(Number(standing[1]), text).toBe(row.points);
    else expect([Number(standing[2]), Number(standing[3])], text).toEqual([row.win, row.loss]);
    const gap = /与榜首(.+?)相差(\d+)分|胜场差为([\d.]+)/.exec(text.slice(standing.index).split(/[；。]/)[0]!);
    if (row.rank === 1) expect(text).toContain('领跑积分榜');
    if (gap) {
      checked++;
      if (sport === 'zq') {
        expect(gap[1], text).toBe(leader.teamName);
        expect(Number(gap[2]), text).toBe(leader.points - row.points);
      } else expect(Number(gap[3]), text).toBe((leader.win - row.win + row.loss - leader.loss) / 2);
    }
  }
  const form = new RegExp(
    `(?<=^|[；。])${name}近(\\d+)场联赛(\\d+)胜(?:(\\d+)平)?(\\d+)负，(状态正佳|状态起伏|状态低迷)`,
  ).exec(text);
  if (form) {
    checked++;
    const n = Number(form[1]);
    expect(n, text).toBe(row.form.length);
    expect([Number(form[2]), Number(form[3] ?? 0), Number(form[4])], text).toEqual([
      count(row.form, 'W'),
      count(row.form, 'D'),
      count(row.form, 'L'),
    ]);
    if (form[5] === '状态正佳') expect(count(row.form, 'W')).toBeGreaterThan(count(row.form, 'L'));
    if (form[5] === '状态低迷') expect(count(row.form, 'L')).toBeGreaterThan(count(row.form, 'W'));
  }
  return checked;
}
