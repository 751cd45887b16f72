export declare const MAX_HANDICAP = 14;
/** Chinese handicap name; '' when out of the 0–14 table or not on a quarter step. */
export declare function handicapName(line: number): string;
/** The whole table, 0 to 14 goals in quarter steps (57 lines). */
export declare function handicapTable(): Array<{
    line: number;
    name: string;
}>;
/** Over/under line: 2.5 → '2.5', 2.25 → '2/2.5', 2.75 → '2.5/3'. */
export declare function overUnderText(line: number): string;
/** Basketball spread in points: 5.5 → '让5.5分' (home gives), −5.5 → '受让5.5分', 0 → '平手'. */
export declare function pointSpreadText(line: number): string;
/** Basketball total points: 210.5 → '210.5分'. */
export declare function totalPointsText(line: number): string;
