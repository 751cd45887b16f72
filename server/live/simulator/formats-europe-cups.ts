/** 欧冠, 欧联 and 欧会杯 (./formats.ts): league-phase weeks and nights, knockout legs and finals. */
import type { CompetitionFormat } from './formats';

/**
 * The knockout weeks of all three European competitions (the same weeks, as UEFA sets them: 欧冠
 * on Tuesday and Wednesday, 欧联 and 欧会杯 on Thursday): play-off round in February, round of 16
 * in March, quarter-finals in April, semi-finals from late April into May.
 */
const KNOCKOUT_LEGS = ['02-16', '02-23', '03-09', '03-16', '04-06', '04-13', '04-27', '05-04'] as const;

export const EUROPEAN_CUP_FORMATS: Readonly<Record<number, CompetitionFormat>> = {
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
};
