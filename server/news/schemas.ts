/** Field schemas shared by the news area's routes (local: the shared text-field schemas are another issue's). */
import { z } from 'zod';
import { NewsText } from './strings';

export const positiveId = (msg: string = NewsText.badId) =>
  z.coerce.number({ error: msg }).int(msg).positive(msg).max(2_147_483_647, msg);

/** `on`: 1 like/join/follow, 0 undo. */
export const onFlag = z
  .union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0), z.boolean()], { error: NewsText.badOn })
  .transform((v) => v === '1' || v === 1 || v === true);

/** Offset cursor of the comment and post feeds. */
export const offsetCursor = z.coerce
  .number({ error: NewsText.badCursor })
  .int(NewsText.badCursor)
  .min(0, NewsText.badCursor)
  .max(10_000, NewsText.badCursor)
  .default(0);
