/**
 * A league table kept up to date one result at a time (issue 27): `set` takes a match's result as
 * it now stands (a goal, full time, a goal taken back by VAR) and moves only the two teams' counts
 * by the difference from what that match counted before; `remove` takes a match out (postponed,
 * abandoned). `table()` ranks the counts exactly as `computeTable` (./standings.ts) ranks a table
 * computed from scratch: same order, same head-to-head among the teams level, same form.
 */
import type { FormMark, Sport, StandingsScope } from '../../workers/protocol/index';
import { pointsFor, rankRows, type ResultInput, type TableRow } from './standings';

const FORM_LENGTH = 5;

interface Counts {
  played: number;
  win: number;
  draw: number;
  loss: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
  /** Games in play counted now. */
  live: number;
  /** This team's games by match id: kick-off and mark, for the form. */
  games: Map<number, { ot: number; mark: FormMark }>;
}

const sameResult = (a: ResultInput, b: ResultInput): boolean =>
  a.homeId === b.homeId &&
  a.awayId === b.awayId &&
  a.ot === b.ot &&
  a.live === b.live &&
  a.score[0] === b.score[0] &&
  a.score[1] === b.score[1];

export class IncrementalTable {
  private readonly results = new Map<number, ResultInput>();
  private readonly counts = new Map<number, Counts>();
  /** The ranked table until the next change: a read after no change costs nothing. */
  private ranked: TableRow[] | null = null;

  constructor(
    private readonly sport: Sport,
    teamIds: readonly number[],
    private readonly scope: StandingsScope = 'total',
  ) {
    for (const id of teamIds)
      this.counts.set(id, {
        played: 0,
        win: 0,
        draw: 0,
        loss: 0,
        goalsFor: 0,
        goalsAgainst: 0,
        points: 0,
        live: 0,
        games: new Map(),
      });
  }

  /** The match's result as it stands now; replaces what the same match counted before. */
  set(r: ResultInput): void {
    const old = this.results.get(r.id);
    // A card or a stats move re-states the same result: nothing to count again.
    if (old && sameResult(old, r)) return;
    this.remove(r.id);
    const copy: ResultInput = { ...r, score: [r.score[0], r.score[1]] };
    this.results.set(r.id, copy);
    this.count(copy, 1);
  }

  /** The match no longer counts. */
  remove(matchId: number): void {
    const old = this.results.get(matchId);
    if (!old) return;
    this.results.delete(matchId);
    this.count(old, -1);
  }

  /** Whether the match counts now. */
  has(matchId: number): boolean {
    return this.results.has(matchId);
  }

  /** The ranked table, as computeTable would rank it from every result set so far. */
  table(): TableRow[] {
    if (!this.ranked) this.ranked = this.rank();
    return this.ranked.map((r) => ({ ...r, form: [...r.form] }));
  }

  private rank(): TableRow[] {
    const rows: TableRow[] = [];
    for (const [teamId, c] of this.counts) {
      const form = [...c.games.values()]
        .sort((a, b) => a.ot - b.ot)
        .slice(-FORM_LENGTH)
        .map((g) => g.mark);
      rows.push({
        teamId,
        rank: 0,
        played: c.played,
        win: c.win,
        draw: c.draw,
        loss: c.loss,
        goalsFor: c.goalsFor,
        goalsAgainst: c.goalsAgainst,
        points: c.points,
        form,
        playing: c.live > 0,
      });
    }
    return rankRows(this.sport, rows, [...this.results.values()], this.scope);
  }

  /** Adds (+1) or takes away (−1) one result's counts from its two teams. */
  private count(r: ResultInput, sign: 1 | -1): void {
    this.ranked = null;
    const sides: Array<[number, number, number]> = [];
    if (this.scope !== 'away') sides.push([r.homeId, r.score[0], r.score[1]]);
    if (this.scope !== 'home') sides.push([r.awayId, r.score[1], r.score[0]]);
    for (const [teamId, own, other] of sides) {
      const c = this.counts.get(teamId);
      if (!c) continue;
      const mark: FormMark = own > other ? 'W' : own < other ? 'L' : 'D';
      c.played += sign;
      if (mark === 'W') c.win += sign;
      else if (mark === 'L') c.loss += sign;
      else c.draw += sign;
      c.goalsFor += sign * own;
      c.goalsAgainst += sign * other;
      c.points += sign * pointsFor(this.sport, mark);
      if (r.live) c.live += sign;
      if (sign > 0) c.games.set(r.id, { ot: r.ot, mark });
      else c.games.delete(r.id);
    }
  }
}
