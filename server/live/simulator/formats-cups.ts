/**
 * The domestic cups (./cups.ts): 足总杯, 国王杯, 意大利杯, 德国杯 and 法国杯, single-match ties
 * (extra time and penalties on a draw) on their real weeks and local kick-offs.
 *
 * A round is [name, a date inside its week ('MM-DD': a split season's, or a calendar year's where
 * `calendar` is set, as 足协杯 with 中超 and 中甲), slots]; a slot's day counts
 * from that week's Tuesday (1 Wednesday, 4 Saturday, 5 Sunday). Entrants are the seed's clubs of
 * the country's top division, then its second where the seed has one; when they are not a power
 * of two, the first round is played by the last-listed clubs only (the others, the top division's
 * strongest, enter in the second). Weeks are chosen as the real ones, outside the European weeks:
 * a weekend round only in a week without a European Thursday, and Saturdays only when the next
 * week opens with a European Tuesday; a midweek round on the Wednesday (60 h after a European
 * Thursday's weekend, 60 h before the next Tuesday's weekend). The leagues of the entrants leave
 * a weekend round's weekend and a midweek round's week free (./season.ts).
 *
 * 足协杯 (id 32) follows the 中超 season (March to November): the 32 clubs of 中超 and 中甲 enter
 * in 第四轮 in May, later rounds on Tuesday evenings (19:35, some 15:30) through the summer, the
 * final on a Saturday in late November after both leagues have ended. Its rounds fall on Beijing
 * Tuesdays and that Saturday, days without a European knockout or another cup's match (their
 * draws, and its own, read the whole day's list: tests/server/cups.test.ts checks the days).
 */
import type { Slot } from './formats';

export interface CupRound {
  name: string;
  week: string;
  slots: readonly Slot[];
}

export interface CupFormat {
  tz: string;
  /** Leagues whose clubs enter, top division first. */
  entrants: readonly number[];
  /** Played inside one calendar year (its weeks are that year's), not a split season. */
  calendar?: true;
  rounds: readonly CupRound[];
}

const wed = (a: string, b: string): Slot[] => [
  [1, a, 1],
  [1, b, 2],
];

const round = (name: string, week: string, slots: readonly Slot[]): CupRound => ({ name, week, slots });

export const CUP_FORMATS: Readonly<Record<number, CupFormat>> = {
  27: {
    tz: 'Europe/London',
    entrants: [1, 16],
    rounds: [
      round('第三轮', '01-05', [
        [4, '12:30', 1],
        [4, '15:00', 4],
        [4, '17:45', 1],
        [5, '14:00', 1],
        [5, '16:30', 1],
      ]),
      round('第四轮', '02-02', [
        [4, '12:30', 1],
        [4, '15:00', 4],
        [4, '17:45', 1],
        [5, '14:00', 1],
        [5, '16:30', 1],
      ]),
      round('第五轮', '03-02', [
        [4, '12:30', 1],
        [4, '15:00', 2],
        [4, '17:45', 1],
      ]),
      round('1/4决赛', '03-30', [
        [4, '12:15', 1],
        [4, '17:45', 1],
      ]),
      round('半决赛', '04-20', [
        [4, '17:15', 1],
        [4, '19:45', 1],
      ]),
      round('决赛', '05-11', [[4, '15:00', 1]]),
    ],
  },
  28: {
    tz: 'Europe/Madrid',
    entrants: [2],
    rounds: [
      round('第一轮', '10-27', wed('19:00', '21:30')),
      round('1/8决赛', '01-05', wed('19:00', '21:30')),
      round('1/4决赛', '02-02', wed('19:00', '21:30')),
      round('半决赛', '03-02', wed('19:00', '21:30')),
      round('决赛', '04-20', [[4, '21:00', 1]]),
    ],
  },
  29: {
    tz: 'Europe/Rome',
    entrants: [3, 22],
    rounds: [
      round('第一轮', '08-11', [
        [3, '21:15', 1],
        [4, '18:30', 1],
        [4, '21:15', 1],
        [5, '18:30', 1],
        [5, '21:15', 1],
      ]),
      round('1/16决赛', '10-27', wed('18:30', '21:00')),
      round('1/8决赛', '12-01', wed('18:30', '21:00')),
      round('1/4决赛', '02-02', wed('18:30', '21:00')),
      round('半决赛', '04-20', wed('18:30', '21:00')),
      round('决赛', '05-11', [[1, '21:00', 1]]),
    ],
  },
  30: {
    tz: 'Europe/Berlin',
    entrants: [4, 21],
    rounds: [
      round('第一轮', '08-11', [
        [4, '15:30', 2],
        [4, '18:00', 1],
        [5, '15:30', 1],
        [5, '18:00', 1],
      ]),
      round('第二轮', '10-27', wed('18:00', '20:45')),
      round('1/8决赛', '12-01', wed('18:00', '20:45')),
      round('1/4决赛', '02-02', wed('18:00', '20:45')),
      round('半决赛', '04-20', wed('18:00', '20:45')),
      round('决赛', '05-18', [[4, '20:00', 1]]),
    ],
  },
  31: {
    tz: 'Europe/Paris',
    entrants: [5],
    rounds: [
      round('第一轮', '01-05', [
        [4, '18:00', 1],
        [5, '15:00', 1],
      ]),
      round('1/8决赛', '02-02', wed('18:30', '21:10')),
      round('1/4决赛', '03-02', wed('18:30', '21:10')),
      round('半决赛', '04-20', wed('18:30', '21:10')),
      round('决赛', '05-11', [[4, '21:00', 1]]),
    ],
  },
  32: {
    tz: 'Asia/Shanghai',
    entrants: [6, 19],
    calendar: true,
    rounds: [
      round('第四轮', '05-12', [
        [0, '15:30', 1],
        [0, '19:35', 3],
      ]),
      round('1/8决赛', '06-23', [
        [0, '15:30', 1],
        [0, '19:35', 3],
      ]),
      round('1/4决赛', '08-18', [[0, '19:35', 1]]),
      round('半决赛', '09-22', [[0, '19:35', 1]]),
      round('决赛', '11-21', [[4, '19:35', 1]]),
    ],
  },
};
