/**
 * Operator API of the names table (OPS_TOKEN; paths in workers/protocol/api/live.ts): list what
 * a provider sent without a Chinese name, and set one. A name set here shows from the next
 * message of that provider on (leagues and teams are renamed when their next fixture arrives).
 */
import { z } from 'zod';
import { OpsLivePaths, embeddedUrl } from '../../workers/protocol/index';
import type { AreaPlugin } from '../context';
import { parseInput } from '../http/reply';
import { ok } from '../../workers/protocol/index';
import { opsEnabled, requireOps } from '../ops/guard';
import { ENTITY_KINDS, PROVIDERS } from './providers';
import { nameOf, setName, untranslatedNames } from './names';
import { NamesText } from './text';

const provider = z.enum(PROVIDERS as unknown as ['nami', 'apisports'], { message: NamesText.badProvider });
/** Football unless said: the names seeded and asked for most are football's. */
const sport = z.enum(['zq', 'lq'], { message: NamesText.badSport });
const listQuery = z.object({
  provider: provider.optional(),
  sport: sport.optional(),
  untranslated: z.enum(['0', '1']).optional(),
  kind: z.enum(ENTITY_KINDS as unknown as ['match'], { message: NamesText.badKind }).optional(),
  providerId: z.string().trim().min(1).max(40).optional(),
});
const setBody = z.object({
  provider,
  sport: sport.default('zq'),
  kind: z.enum(ENTITY_KINDS as unknown as ['match'], { message: NamesText.badKind }),
  providerId: z
    .string({ message: NamesText.badProviderId })
    .trim()
    .min(1, NamesText.badProviderId)
    .max(40, NamesText.badProviderId),
  nameZh: z.string({ message: NamesText.badName }).trim().min(1, NamesText.badName).max(40, NamesText.badName),
  shortZh: z.string().trim().max(20, NamesText.badShort).nullish(),
});

export const liveNamesArea: AreaPlugin = (app, ctx) => {
  if (!opsEnabled(ctx.config)) return;
  app.get(embeddedUrl(OpsLivePaths.names), async (req) => {
    requireOps(ctx.config, req);
    const q = parseInput(listQuery, req.query);
    if (q.kind && q.providerId && q.provider) {
      const row = await nameOf(ctx.db, q.provider, q.sport ?? 'zq', q.kind, q.providerId);
      return ok(row ? [row] : []);
    }
    return ok(await untranslatedNames(ctx.db, q.provider));
  });
  app.post(embeddedUrl(OpsLivePaths.names), async (req) => {
    requireOps(ctx.config, req);
    const b = parseInput(setBody, req.body);
    const row = await setName(
      ctx.db,
      {
        provider: b.provider,
        sport: b.sport,
        kind: b.kind,
        providerId: b.providerId,
        nameZh: b.nameZh,
        shortZh: b.shortZh || null,
      },
      ctx.now(),
    );
    return ok(row, NamesText.saved);
  });
};
