/**
 * The simulator's per-match details, produced when first asked for and then stored by the live
 * area (never regenerated): football lineups and injuries, intelligence notes, and each
 * bookmaker's opening line (quoted a day before kick-off).
 */
import type { OddsRow, OddsType } from '../../../workers/protocol/index';
import { BOOKMAKERS, TEAM_BY_ID } from '../../seed/leagues';
import { intelligenceOf } from '../details';
import type { DetailBodies, DetailInputs, DetailKind } from '../source';
import { injuriesOf, lineupOf } from './lineup';
import { openingQuote } from './odds';
import type { SimMatch } from './sim-types';

const OPENING_TYPE: Partial<Record<DetailKind, OddsType>> = { 'odds-open:1': 1, 'odds-open:2': 2, 'odds-open:3': 3 };

function openingRows(seed: number, m: SimMatch, type: OddsType): OddsRow[] {
  const base = {
    seed,
    matchId: m.id,
    sport: m.sport,
    homeStrength: TEAM_BY_ID.get(m.homeId)?.strength ?? 60,
    awayStrength: TEAM_BY_ID.get(m.awayId)?.strength ?? 60,
  };
  return BOOKMAKERS.map((b) => ({
    companyId: b.id,
    nameZh: b.nameZh,
    ...openingQuote(base, b.id, type),
    at: (m.ot - 86_400) * 1000,
  }));
}

export function simulatedDetail<K extends DetailKind>(
  seed: number,
  m: SimMatch,
  kind: K,
  _inputs: DetailInputs,
): DetailBodies[K] | null {
  // Each branch builds the body of its own kind; the map type cannot follow `kind` into it.
  const body = (v: DetailBodies[DetailKind]) => v as DetailBodies[K];
  const type = OPENING_TYPE[kind];
  if (type) return body(openingRows(seed, m, type));
  if (kind === 'intel') return body(intelligenceOf(seed, m));
  if (m.sport !== 'zq') return null;
  if (kind === 'lineup') return body(lineupOf(seed, m));
  if (kind === 'injuries') return body(injuriesOf(seed, m));
  return null;
}
