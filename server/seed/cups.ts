/**
 * The domestic cups (issue 32): knockout competitions entered by the seed's clubs of a country's
 * top division and, where the seed has one, its second (`pool`, as the European competitions
 * draw theirs); no club of their own. Their rounds and weeks: server/live/simulator/formats-cups.ts.
 */
import type { LeagueSeed } from './leagues';

const h = (hh: number, mm = 0): number => hh * 60 + mm;

const cup = (
  id: number,
  name: string,
  letter: string,
  color: string,
  pool: NonNullable<LeagueSeed['pool']>,
  windows: LeagueSeed['windows'],
  seasonKind: LeagueSeed['seasonKind'] = 'split',
): LeagueSeed => ({
  id,
  sport: 'zq',
  name,
  letter,
  color,
  seasonKind,
  cup: true,
  major: false,
  windows,
  perDay: [1, 16],
  teams: [],
  pool,
});

/** 足总杯, 国王杯, 意大利杯, 德国杯 and 法国杯 (ids 27–31); 足协杯 (32), a calendar year's cup of 中超 and 中甲. */
export function domesticCups(): LeagueSeed[] {
  const evenings: LeagueSeed['windows'] = [
    [h(1), h(4, 30)],
    [h(20), h(23, 59)],
  ];
  return [
    cup(
      27,
      '足总杯',
      'Z',
      '#c8102e',
      [
        [1, 20],
        [16, 24],
      ],
      [
        [h(20), h(23, 59)],
        [h(0), h(3, 45)],
      ],
    ),
    cup(28, '国王杯', 'G', '#a50044', [[2, 20]], evenings),
    cup(
      29,
      '意大利杯',
      'Y',
      '#008c45',
      [
        [3, 20],
        [22, 20],
      ],
      evenings,
    ),
    cup(
      30,
      '德国杯',
      'D',
      '#d3010c',
      [
        [4, 18],
        [21, 18],
      ],
      evenings,
    ),
    cup(31, '法国杯', 'F', '#002395', [[5, 18]], evenings),
    cup(
      32,
      '足协杯',
      'Z',
      '#d7000f',
      [
        [6, 16],
        [19, 16],
      ],
      [[h(15), h(20)]],
      'calendar',
    ),
  ];
}
