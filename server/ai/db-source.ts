/** Reads fixtures and results for the model from the live feed's tables (live_matches & co). */
import type { InferResult } from 'kysely';
import { STATUS_TABLE } from '../../workers/protocol/status';
import type { Db } from '../db/index';
import { matchesWithNames } from '../live/repository';
import { crestPath } from '../seed/crest';
import { pairFacts, sportFactsAt } from '../facts/team-facts';
import type { AiSource, Fixture } from './source';

const { finished: FINISHED, notStarted: NOT_STARTED } = STATUS_TABLE.zq;

export function createDbSource(db: Db): AiSource {
  const base = () =>
    matchesWithNames(db)
      .select([
        'm.id',
        'm.league_id',
        'm.ot',
        'm.status',
        'm.score_h',
        'm.score_a',
        'l.name as league_name',
        'l.color as league_color',
        'h.id as home_id',
        'h.name as home_name',
        'a.id as away_id',
        'a.name as away_name',
      ])
      .where('m.sport', '=', 'zq');
  type RowOf = InferResult<ReturnType<typeof base>>[number];
  const toFixture = (r: RowOf): Fixture => ({
    matchId: r.id,
    leagueId: r.league_id,
    leagueName: r.league_name,
    leagueColor: r.league_color,
    ot: Number(r.ot),
    home: { id: r.home_id, name: r.home_name, logo: crestPath(r.home_id) },
    away: { id: r.away_id, name: r.away_name, logo: crestPath(r.away_id) },
    status: r.status,
    score: [r.score_h, r.score_a],
  });
  return {
    async finished(beforeSec) {
      const rows = await base()
        .where('m.status', '=', FINISHED)
        .where('m.ot', '<', beforeSec)
        .orderBy('m.ot')
        .orderBy('m.id')
        .execute();
      return rows.map(toFixture);
    },
    async upcoming(fromSec, toSec) {
      const rows = await base()
        .where('m.status', '=', NOT_STARTED)
        .where('m.ot', '>=', fromSec)
        .where('m.ot', '<', toSec)
        .orderBy('m.ot')
        .orderBy('m.id')
        .execute();
      return rows.map(toFixture);
    },
    async tables() {
      const at = await sportFactsAt(db, 'zq');
      return (asOfSec) => at(asOfSec);
    },
    facts: (homeId, awayId) => pairFacts(db, homeId, awayId),
    async fixture(matchId) {
      const row = await base().where('m.id', '=', matchId).executeTakeFirst();
      return row ? toFixture(row) : null;
    },
  };
}
