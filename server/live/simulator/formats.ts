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
import { EUROPEAN_LEAGUE_FORMATS } from './formats-europe';
import { EUROPEAN_CUP_FORMATS } from './formats-europe-cups';
import { WORLD_LEAGUE_FORMATS } from './formats-world';
import { BASKETBALL_FORMATS } from './formats-basketball';

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
/** Every competition's format, by league id (the data: ./formats-europe.ts, ./formats-europe-cups.ts, ./formats-world.ts, ./formats-basketball.ts). */
export const FORMATS: Readonly<Record<number, CompetitionFormat>> = {
  ...EUROPEAN_LEAGUE_FORMATS,
  ...EUROPEAN_CUP_FORMATS,
  ...WORLD_LEAGUE_FORMATS,
  ...BASKETBALL_FORMATS,
};

/** Minutes after midnight of an 'HH:MM' slot time. */
export const slotMinute = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
