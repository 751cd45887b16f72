/**
 * The input edge (server/http/reply.ts parseInput): a number field takes a number or a numeric
 * string, never JSON `true`, `false`, an array or an object (issue 33: `true` was read as id 1),
 * wherever the field sits behind optional, default or a pipe; boolean fields still take booleans.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idField, countField } from '../../../workers/protocol/fields';
import { BizError, parseInput } from '../../../server/http/reply';

const schema = z.object({
  matchId: idField('比赛编号'),
  giftId: idField('礼物编号', '请选择礼物'),
  page: z.coerce.number().int().min(1).default(1),
  seq: countField('序号').optional(),
  on: z.boolean().default(false),
});

function refusal(value: unknown): string {
  try {
    parseInput(schema, value);
  } catch (err) {
    expect(err).toBeInstanceOf(BizError);
    return (err as BizError).message;
  }
  throw new Error('accepted');
}

describe('parseInput and number fields', () => {
  it('takes numbers and numeric strings', () => {
    expect(parseInput(schema, { matchId: 7, giftId: '3', seq: '0', on: true })).toEqual({
      matchId: 7,
      giftId: 3,
      page: 1,
      seq: 0,
      on: true,
    });
  });

  it.each([true, false, [5], { id: 5 }])('refuses %j as an id, a page or a count, in Chinese', (bad) => {
    expect(refusal({ matchId: bad, giftId: 1 })).toBe('比赛编号不正确');
    expect(refusal({ matchId: 1, giftId: bad })).toMatch(/礼物编号/);
    expect(refusal({ matchId: 1, giftId: 1, page: bad })).toMatch(/[\u4e00-\u9fa5]/);
    expect(refusal({ matchId: 1, giftId: 1, seq: bad })).toBe('序号不正确');
  });

  it('a schema under a transform or refine is looked through too', () => {
    const piped = z.object({ id: idField() }).refine((v) => v.id !== 2, '不能是 2');
    expect(() => parseInput(piped, { id: true })).toThrow(BizError);
    const transformed = z.object({ id: idField() }).transform((v) => v.id);
    expect(() => parseInput(transformed, { id: true })).toThrow(BizError);
    expect(parseInput(transformed, { id: '9' })).toBe(9);
  });
});
