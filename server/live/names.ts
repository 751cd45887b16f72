/**
 * The names table (live_names): a provider's league, team, player or bookmaker id (in one sport:
 * a provider numbers football and basketball apart) → its Chinese name and short name. The ingest path names every entity through `resolveName`: a
 * translated name when operators (or the seed) gave one, else the provider's own name, never a
 * blank; an entity seen without a translation is kept (name_zh null) and listed for operators.
 */
import type { Sport } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { ENTITY_KINDS, PROVIDERS, type EntityKind, type ProviderName } from './providers';
import { NAME_SEED } from './names-seed';

export interface NameRow {
  provider: ProviderName;
  sport: Sport;
  kind: EntityKind;
  providerId: string;
  nameZh: string | null;
  shortZh: string | null;
  providerName: string;
}

const toRow = (r: {
  provider: string;
  sport: string;
  kind: string;
  provider_id: string;
  name_zh: string | null;
  short_zh: string | null;
  provider_name: string;
}): NameRow => ({
  provider: r.provider as ProviderName,
  sport: r.sport as Sport,
  kind: r.kind as EntityKind,
  providerId: r.provider_id,
  nameZh: r.name_zh,
  shortZh: r.short_zh,
  providerName: r.provider_name,
});

export const isProvider = (v: unknown): v is ProviderName => PROVIDERS.includes(v as ProviderName);
export const isEntityKind = (v: unknown): v is EntityKind => ENTITY_KINDS.includes(v as EntityKind);

/** The Chinese name of an entity, or the provider's; records the entity (and its provider name) as seen. */
export async function resolveName(
  db: Db,
  provider: ProviderName,
  sport: Sport,
  kind: EntityKind,
  providerId: string,
  providerName: string,
  now: number,
): Promise<{ name: string; short: string | null }> {
  const row = await db
    .insertInto('live_names')
    .values({
      provider,
      sport,
      kind,
      provider_id: providerId,
      name_zh: null,
      short_zh: null,
      provider_name: providerName,
      seen_at: now,
      updated_at: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['provider', 'sport', 'kind', 'provider_id'])
        .doUpdateSet({ provider_name: providerName, seen_at: now }),
    )
    .returning(['name_zh', 'short_zh', 'provider_name'])
    .executeTakeFirstOrThrow();
  return { name: row.name_zh ?? (row.provider_name || providerId), short: row.name_zh ? row.short_zh : null };
}

/** Sets (or corrects) a Chinese name; answers the row. */
export async function setName(
  db: Db,
  v: {
    provider: ProviderName;
    sport: Sport;
    kind: EntityKind;
    providerId: string;
    nameZh: string;
    shortZh: string | null;
  },
  now: number,
): Promise<NameRow> {
  const row = await db
    .insertInto('live_names')
    .values({
      provider: v.provider,
      sport: v.sport,
      kind: v.kind,
      provider_id: v.providerId,
      name_zh: v.nameZh,
      short_zh: v.shortZh,
      provider_name: '',
      seen_at: null,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['provider', 'sport', 'kind', 'provider_id'])
        .doUpdateSet({ name_zh: v.nameZh, short_zh: v.shortZh, updated_at: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRow(row);
}

/** Entities a provider sent that have no Chinese name yet, most recently seen first. */
export async function untranslatedNames(db: Db, provider?: ProviderName, limit = 500): Promise<NameRow[]> {
  let q = db.selectFrom('live_names').selectAll().where('name_zh', 'is', null);
  if (provider) q = q.where('provider', '=', provider);
  const rows = await q.orderBy('seen_at', 'desc').orderBy('provider_id').limit(limit).execute();
  return rows.map(toRow);
}

export async function nameOf(
  db: Db,
  provider: ProviderName,
  sport: Sport,
  kind: EntityKind,
  providerId: string,
): Promise<NameRow | null> {
  const r = await db
    .selectFrom('live_names')
    .selectAll()
    .where('provider', '=', provider)
    .where('sport', '=', sport)
    .where('kind', '=', kind)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  return r ? toRow(r) : null;
}

/** The seeded translations (leagues and clubs the app lists); an operator's edit is never overwritten. */
export async function seedNames(db: Db): Promise<void> {
  if (NAME_SEED.length === 0) return;
  await db
    .insertInto('live_names')
    .values(
      NAME_SEED.map((n) => ({
        provider: n.provider,
        sport: n.sport,
        kind: n.kind,
        provider_id: n.providerId,
        name_zh: n.nameZh,
        short_zh: n.shortZh,
        provider_name: n.providerName,
        seen_at: null,
        updated_at: null,
      })),
    )
    .onConflict((oc) => oc.columns(['provider', 'sport', 'kind', 'provider_id']).doNothing())
    .execute();
}
