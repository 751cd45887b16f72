/**
 * Each competition's real format, as the season calendar (./season.ts) lays it out: the local
 * time zone, the season window, breaks, how rounds fall (weekends with midweek rounds where the
 * real league has them, or a round every few days for basketball) and the local kick-off slots.
 *
 * Slots are [day offset, 'HH:MM' local, weight]: for weekend rounds the offset counts from the
 * Saturday (−2 Thursday … 2 Monday), for midweek rounds from the Tuesday, for basketball from the
 * round's first day. Weights share a round's matches among its slots. Dates are 'MM-DD'; a split
 * season starts in year Y and ends in Y + 1, a calendar season runs inside one year.
 */
export type Slot = readonly [offset: number, time: string, weight: number];

export interface FootballFormat {
  kind: 'weekend';
  tz: string;
  /** Round-robin cycles (2: home and away; 3 for 苏超 and 韩K联). */
  legs: number;
  start: string;
  end: string;
  breaks?: ReadonlyArray<readonly [string, string]>;
  /** Pauses on FIFA international windows. */
  fifa: boolean;
  weekend: readonly Slot[];
  midweek: readonly Slot[];
  /** Weeks ('MM-DD' inside the week) with a midweek round, when the weekends do not suffice first. */
  midweeks?: readonly string[];
}

export interface BasketballFormat {
  kind: 'every';
  tz: string;
  /** Games each team plays (rounds of the repeated round robin). */
  rounds: number;
  start: string;
  end: string;
  breaks?: ReadonlyArray<readonly [string, string]>;
  slots: readonly Slot[];
  /** Least rest between two games of one team, hours. */
  minRestH: number;
}

export interface EuropeFormat {
  kind: 'europe';
  tz: string;
  /** A date inside each league-phase match week ('MM-DD'); the week's Tuesday anchors its slots. */
  weeks: readonly string[];
  slots: readonly Slot[];
  /**
   * The knockout rounds (./knockout.ts): a date inside the week of each leg, in order (play-off
   * round, round of 16, quarter-finals, semi-finals: two legs each, on the league phase's nights),
   * then the one-match final: a date inside its week, its day counted from that week's Tuesday,
   * and its local kick-off. `returnNights`: the slot days (offsets) second legs keep to, when not
   * all of them. A 欧冠 club's league match between its two legs must be 60 hours from both, and
   * so must its opponent's when that club is in 欧联 (Thursday to Thursday): with 欧冠 second legs
   * on Wednesday the two share Sunday; on Tuesday they would share no day at all.
   */
  knockout: {
    legs: readonly string[];
    final: readonly [week: string, offset: number, time: string];
    returnNights?: readonly number[];
  };
}

export type CompetitionFormat = FootballFormat | BasketballFormat | EuropeFormat;

/** Football: no club plays twice within this many hours (any competitions). */
export const FOOTBALL_REST_H = 60;

/** Saturdays (MM-DD ranges) of FIFA international windows: leagues that stop do not play then. */
export const FIFA_WINDOWS: ReadonlyArray<readonly [string, string]> = [
  ['09-05', '09-11'],
  ['10-10', '10-16'],
  ['11-14', '11-20'],
  ['03-25', '03-31'],
];

/**
 * The knockout weeks of all three European competitions (the same weeks, as UEFA sets them: 欧冠
 * on Tuesday and Wednesday, 欧联 and 欧会杯 on Thursday): play-off round in February, round of 16
 * in March, quarter-finals in April, semi-finals from late April into May.
 */
const KNOCKOUT_LEGS = ['02-16', '02-23', '03-09', '03-16', '04-06', '04-13', '04-27', '05-04'] as const;

const UK_WEEKEND: Slot[] = [
  [-1, '20:00', 1],
  [0, '12:30', 1],
  [0, '15:00', 4],
  [0, '17:30', 1],
  [1, '14:00', 2],
  [1, '16:30', 1],
  [2, '20:00', 1],
];

const EVENING_MIDWEEK = (a: string, b: string): Slot[] => [
  [0, a, 1],
  [0, b, 2],
  [1, a, 1],
  [1, b, 2],
];

export const FORMATS: Readonly<Record<number, CompetitionFormat>> = {
  1: {
    kind: 'weekend',
    tz: 'Europe/London',
    legs: 2,
    start: '08-21',
    end: '05-24',
    fifa: true,
    weekend: UK_WEEKEND,
    midweek: [
      [0, '19:30', 3],
      [0, '20:00', 2],
      [1, '19:30', 2],
      [1, '20:00', 3],
    ],
    midweeks: ['12-01', '12-29', '01-05', '02-09'],
  },
  2: {
    kind: 'weekend',
    tz: 'Europe/Madrid',
    legs: 2,
    start: '08-14',
    end: '05-23',
    fifa: true,
    weekend: [
      [-1, '21:00', 1],
      [0, '14:00', 1],
      [0, '16:15', 1],
      [0, '18:30', 1],
      [0, '21:00', 1],
      [1, '14:00', 1],
      [1, '16:15', 1],
      [1, '18:30', 1],
      [1, '21:00', 1],
      [2, '21:00', 1],
    ],
    midweek: EVENING_MIDWEEK('19:00', '21:30'),
    midweeks: ['12-01', '01-05'],
  },
  3: {
    kind: 'weekend',
    tz: 'Europe/Rome',
    legs: 2,
    start: '08-22',
    end: '05-30',
    fifa: true,
    weekend: [
      [-1, '20:45', 1],
      [0, '15:00', 1],
      [0, '18:00', 1],
      [0, '20:45', 1],
      [1, '12:30', 1],
      [1, '15:00', 2],
      [1, '18:00', 1],
      [1, '20:45', 1],
      [2, '18:30', 1],
      [2, '20:45', 1],
    ],
    midweek: EVENING_MIDWEEK('18:30', '20:45'),
    midweeks: ['10-27', '12-29', '01-05'],
  },
  4: {
    kind: 'weekend',
    tz: 'Europe/Berlin',
    legs: 2,
    start: '08-28',
    end: '05-22',
    breaks: [['12-21', '01-08']],
    fifa: true,
    weekend: [
      [-1, '20:30', 1],
      [0, '15:30', 5],
      [0, '18:30', 1],
      [1, '15:30', 1],
      [1, '17:30', 1],
      [1, '19:30', 1],
    ],
    midweek: EVENING_MIDWEEK('18:30', '20:30'),
    midweeks: ['12-15'],
  },
  5: {
    kind: 'weekend',
    tz: 'Europe/Paris',
    legs: 2,
    start: '08-21',
    end: '05-22',
    breaks: [['12-21', '01-01']],
    fifa: true,
    weekend: [
      [-1, '20:45', 1],
      [0, '17:00', 1],
      [0, '19:00', 1],
      [0, '21:05', 1],
      [1, '15:00', 3],
      [1, '17:15', 1],
      [1, '20:45', 1],
    ],
    midweek: EVENING_MIDWEEK('19:00', '21:00'),
  },
  6: {
    kind: 'weekend',
    tz: 'Asia/Shanghai',
    legs: 2,
    start: '03-06',
    end: '11-07',
    fifa: true,
    weekend: [
      [-1, '19:35', 2],
      [0, '15:30', 1],
      [0, '19:35', 3],
      [1, '15:30', 1],
      [1, '19:35', 2],
    ],
    midweek: [
      [0, '19:35', 1],
      [1, '19:35', 2],
    ],
    midweeks: ['04-21', '05-19', '07-14'],
  },
  7: {
    kind: 'europe',
    tz: 'Europe/Paris',
    weeks: ['09-15', '09-29', '10-20', '11-03', '11-24', '12-08', '01-19', '01-26'],
    slots: [
      [0, '18:45', 1],
      [0, '21:00', 4],
      [1, '18:45', 1],
      [1, '21:00', 4],
    ],
    knockout: { legs: KNOCKOUT_LEGS, final: ['06-01', 4, '21:00'], returnNights: [1] },
  },
  8: {
    kind: 'weekend',
    tz: 'Asia/Tokyo',
    legs: 2,
    start: '08-07',
    end: '05-29',
    breaks: [['12-07', '02-05']],
    fifa: true,
    weekend: [
      [0, '14:00', 2],
      [0, '16:00', 2],
      [0, '19:00', 3],
      [1, '14:00', 2],
      [1, '15:00', 1],
      [1, '19:00', 1],
    ],
    midweek: [
      [1, '19:00', 1],
      [1, '19:30', 1],
    ],
  },
  9: {
    kind: 'weekend',
    tz: 'Asia/Seoul',
    legs: 3,
    start: '02-28',
    end: '11-22',
    fifa: true,
    weekend: [
      [0, '14:00', 1],
      [0, '16:30', 1],
      [0, '19:00', 2],
      [1, '14:00', 1],
      [1, '16:30', 1],
      [1, '19:00', 1],
    ],
    midweek: [[1, '19:30', 1]],
  },
  10: {
    kind: 'weekend',
    tz: 'Europe/Amsterdam',
    legs: 2,
    start: '08-07',
    end: '05-16',
    breaks: [['12-21', '01-10']],
    fifa: true,
    weekend: [
      [-1, '20:00', 1],
      [0, '16:30', 1],
      [0, '18:45', 1],
      [0, '20:00', 1],
      [0, '21:00', 1],
      [1, '12:15', 1],
      [1, '14:30', 2],
      [1, '16:45', 1],
      [1, '20:00', 1],
    ],
    midweek: EVENING_MIDWEEK('18:45', '21:00'),
  },
  11: {
    kind: 'weekend',
    tz: 'Europe/Lisbon',
    legs: 2,
    start: '08-07',
    end: '05-16',
    fifa: true,
    weekend: [
      [-1, '20:15', 1],
      [0, '15:30', 1],
      [0, '18:00', 1],
      [0, '20:30', 1],
      [1, '15:30', 1],
      [1, '18:00', 1],
      [1, '20:30', 1],
      [2, '20:15', 1],
    ],
    midweek: EVENING_MIDWEEK('19:00', '20:15'),
  },
  12: {
    kind: 'weekend',
    tz: 'Australia/Sydney',
    legs: 2,
    start: '10-16',
    end: '04-25',
    fifa: true,
    weekend: [
      [-1, '19:35', 1],
      [0, '17:00', 1],
      [0, '19:35', 2],
      [1, '15:00', 1],
      [1, '17:00', 1],
    ],
    midweek: [[1, '19:35', 1]],
  },
  13: {
    kind: 'weekend',
    tz: 'America/New_York',
    legs: 2,
    start: '02-21',
    end: '10-17',
    breaks: [['05-25', '07-19']],
    fifa: false,
    weekend: [
      [0, '19:30', 4],
      [0, '22:30', 2],
      [1, '17:00', 1],
      [1, '19:00', 1],
    ],
    midweek: [[1, '19:30', 1]],
  },
  14: {
    kind: 'weekend',
    tz: 'America/Sao_Paulo',
    legs: 2,
    start: '01-28',
    end: '12-02',
    breaks: [['05-31', '07-19']],
    fifa: true,
    weekend: [
      [0, '16:00', 1],
      [0, '18:30', 1],
      [0, '21:00', 1],
      [1, '16:00', 2],
      [1, '18:30', 1],
      [1, '20:30', 1],
    ],
    midweek: [
      [1, '19:30', 2],
      [1, '21:30', 2],
      [2, '19:00', 1],
      [2, '21:30', 1],
    ],
  },
  15: {
    kind: 'weekend',
    tz: 'America/Mexico_City',
    legs: 2,
    start: '07-10',
    end: '05-16',
    breaks: [['11-09', '01-08']],
    fifa: true,
    weekend: [
      [-1, '19:00', 1],
      [-1, '21:00', 1],
      [0, '17:00', 1],
      [0, '19:00', 2],
      [0, '21:05', 1],
      [1, '17:00', 1],
      [1, '19:00', 1],
    ],
    midweek: [
      [0, '19:00', 1],
      [0, '21:00', 1],
      [1, '19:00', 1],
      [1, '21:00', 1],
    ],
  },
  16: {
    kind: 'weekend',
    tz: 'Europe/London',
    legs: 2,
    start: '08-07',
    end: '05-02',
    fifa: true,
    weekend: [
      [-1, '20:00', 1],
      [0, '12:30', 1],
      [0, '15:00', 8],
      [1, '12:00', 1],
    ],
    midweek: [
      [0, '19:45', 6],
      [1, '19:45', 2],
      [0, '20:00', 1],
    ],
  },
  17: {
    kind: 'weekend',
    tz: 'Europe/Istanbul',
    legs: 2,
    start: '08-07',
    end: '05-23',
    breaks: [['12-26', '01-14']],
    fifa: true,
    weekend: [
      [-1, '20:00', 1],
      [0, '14:30', 1],
      [0, '17:00', 1],
      [0, '20:00', 1],
      [1, '14:30', 1],
      [1, '17:00', 1],
      [1, '20:00', 1],
      [2, '20:00', 1],
    ],
    midweek: EVENING_MIDWEEK('17:00', '20:00'),
  },
  18: {
    kind: 'weekend',
    tz: 'Asia/Riyadh',
    legs: 2,
    start: '08-28',
    end: '05-21',
    breaks: [['11-30', '12-19']],
    fifa: true,
    weekend: [
      [-2, '19:00', 1],
      [-2, '21:00', 1],
      [-1, '17:55', 1],
      [-1, '20:00', 2],
      [0, '17:30', 1],
      [0, '20:00', 2],
    ],
    midweek: [
      [0, '19:00', 1],
      [0, '21:00', 1],
      [1, '19:00', 1],
      [1, '21:00', 1],
    ],
  },
  19: {
    kind: 'weekend',
    tz: 'Asia/Shanghai',
    legs: 2,
    start: '03-13',
    end: '11-01',
    fifa: true,
    weekend: [
      [0, '15:30', 2],
      [0, '19:00', 2],
      [1, '15:30', 2],
      [1, '19:00', 2],
    ],
    midweek: [[1, '19:00', 1]],
  },
  20: {
    kind: 'weekend',
    tz: 'Europe/London',
    legs: 3,
    start: '08-01',
    end: '05-16',
    fifa: true,
    weekend: [
      [-1, '19:45', 1],
      [0, '12:30', 1],
      [0, '15:00', 4],
      [1, '12:00', 1],
      [1, '15:00', 1],
    ],
    midweek: EVENING_MIDWEEK('19:45', '20:00'),
  },
  21: {
    kind: 'weekend',
    tz: 'Europe/Berlin',
    legs: 2,
    start: '08-01',
    end: '05-16',
    breaks: [['12-21', '01-15']],
    fifa: true,
    weekend: [
      [-1, '18:30', 3],
      [0, '13:00', 4],
      [0, '20:30', 1],
      [1, '13:30', 3],
    ],
    midweek: EVENING_MIDWEEK('18:30', '20:30'),
  },
  22: {
    kind: 'weekend',
    tz: 'Europe/Rome',
    legs: 2,
    start: '08-21',
    end: '05-08',
    fifa: true,
    weekend: [
      [-1, '20:30', 1],
      [0, '15:00', 4],
      [0, '17:15', 2],
      [1, '15:00', 2],
      [1, '17:15', 1],
    ],
    midweek: EVENING_MIDWEEK('18:30', '20:30'),
  },
  23: {
    kind: 'weekend',
    tz: 'America/Argentina/Buenos_Aires',
    legs: 2,
    start: '01-23',
    end: '11-29',
    breaks: [['05-25', '07-19']],
    fifa: true,
    weekend: [
      [-1, '19:00', 1],
      [-1, '21:15', 1],
      [0, '15:00', 1],
      [0, '17:30', 1],
      [0, '19:45', 1],
      [0, '22:00', 1],
      [1, '15:00', 1],
      [1, '17:30', 1],
      [1, '19:45', 1],
      [1, '22:00', 1],
      [2, '19:00', 1],
    ],
    midweek: EVENING_MIDWEEK('19:00', '21:30'),
  },
  24: {
    kind: 'weekend',
    tz: 'Europe/Moscow',
    legs: 2,
    start: '07-17',
    end: '05-30',
    breaks: [['12-08', '02-26']],
    fifa: true,
    weekend: [
      [-1, '19:30', 1],
      [0, '14:00', 1],
      [0, '16:30', 1],
      [0, '19:30', 1],
      [1, '14:00', 1],
      [1, '16:30', 1],
      [1, '19:30', 1],
      [2, '19:00', 1],
    ],
    midweek: EVENING_MIDWEEK('17:00', '19:30'),
  },
  25: {
    kind: 'europe',
    tz: 'Europe/Paris',
    weeks: ['09-22', '09-29', '10-20', '11-03', '11-24', '12-08', '01-19', '01-26'],
    slots: [
      [2, '18:45', 1],
      [2, '21:00', 1],
    ],
    knockout: { legs: KNOCKOUT_LEGS, final: ['05-18', 1, '21:00'] },
  },
  26: {
    kind: 'europe',
    tz: 'Europe/Paris',
    weeks: ['09-29', '10-20', '11-03', '11-24', '12-08', '12-15'],
    slots: [
      [2, '18:45', 1],
      [2, '21:00', 1],
    ],
    knockout: { legs: KNOCKOUT_LEGS, final: ['05-25', 1, '21:00'] },
  },
  101: {
    kind: 'every',
    tz: 'America/New_York',
    rounds: 82,
    start: '10-20',
    end: '04-11',
    breaks: [['02-13', '02-18']],
    slots: [
      [0, '19:00', 3],
      [0, '19:30', 2],
      [0, '20:00', 1],
      [0, '22:00', 2],
      [1, '19:00', 3],
      [1, '19:30', 2],
      [1, '22:00', 2],
      [1, '22:30', 1],
    ],
    minRestH: 20,
  },
  102: {
    kind: 'every',
    tz: 'Asia/Shanghai',
    rounds: 42,
    start: '10-12',
    end: '04-05',
    breaks: [['02-10', '02-22']],
    slots: [
      [0, '19:35', 3],
      [0, '15:00', 1],
      [1, '19:35', 3],
      [1, '20:00', 1],
      [2, '19:35', 3],
      [2, '15:30', 1],
      [3, '19:35', 3],
    ],
    minRestH: 44,
  },
  103: {
    kind: 'every',
    tz: 'Europe/Madrid',
    rounds: 34,
    start: '10-01',
    end: '04-17',
    breaks: [['12-24', '12-25']],
    slots: [
      [0, '18:45', 1],
      [0, '20:00', 2],
      [0, '20:30', 2],
      [1, '20:00', 2],
      [1, '20:30', 2],
      [1, '21:00', 1],
    ],
    minRestH: 44,
  },
  104: {
    kind: 'every',
    tz: 'America/New_York',
    rounds: 38,
    start: '11-03',
    end: '03-08',
    slots: [
      [0, '18:00', 2],
      [0, '19:00', 3],
      [0, '21:00', 2],
      [1, '12:00', 1],
      [1, '14:00', 1],
      [1, '16:00', 1],
      [1, '19:00', 2],
      [2, '19:00', 2],
      [2, '20:00', 2],
    ],
    minRestH: 44,
  },
  105: {
    kind: 'every',
    tz: 'Asia/Tokyo',
    rounds: 44,
    start: '10-02',
    end: '05-02',
    slots: [
      [0, '19:05', 2],
      [1, '14:05', 1],
      [1, '15:05', 2],
      [1, '18:05', 1],
      [2, '14:05', 1],
      [2, '15:05', 2],
      [3, '19:05', 1],
    ],
    minRestH: 44,
  },
  106: {
    kind: 'every',
    tz: 'Asia/Seoul',
    rounds: 54,
    start: '10-03',
    end: '04-05',
    slots: [
      [0, '19:00', 3],
      [1, '14:00', 1],
      [1, '16:00', 2],
      [1, '19:00', 2],
      [2, '14:00', 1],
      [2, '16:00', 1],
      [2, '19:00', 2],
    ],
    minRestH: 44,
  },
  107: {
    kind: 'every',
    tz: 'Australia/Sydney',
    rounds: 36,
    start: '09-18',
    end: '02-15',
    slots: [
      [0, '19:30', 2],
      [1, '15:00', 1],
      [1, '17:30', 1],
      [1, '19:30', 2],
      [2, '15:00', 1],
      [2, '17:30', 1],
      [2, '19:30', 1],
    ],
    minRestH: 44,
  },
  108: {
    kind: 'every',
    tz: 'Europe/Istanbul',
    rounds: 30,
    start: '10-03',
    end: '05-16',
    slots: [
      [0, '15:00', 1],
      [0, '17:00', 1],
      [0, '19:00', 2],
      [1, '15:00', 1],
      [1, '18:00', 1],
      [1, '20:00', 1],
    ],
    minRestH: 44,
  },
  109: {
    kind: 'every',
    tz: 'Asia/Shanghai',
    rounds: 30,
    start: '10-25',
    end: '03-15',
    breaks: [['02-10', '02-22']],
    slots: [
      [0, '19:30', 2],
      [1, '15:00', 1],
      [1, '19:30', 2],
      [2, '19:30', 2],
      [3, '19:30', 2],
    ],
    minRestH: 44,
  },
};

/** Minutes after midnight of an 'HH:MM' slot time. */
export const slotMinute = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
