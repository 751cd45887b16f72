/** The envelope at the edge: every handler returns data or throws a BizError (spec §8). */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code, embeddedUrl, fail, ok, type Envelope } from '../../workers/protocol/index';

export class BizError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly data: unknown = null,
    /** The HTTP status, when not the one the route's family answers with (see httpStatusOf). */
    readonly status?: number,
  ) {
    super(msg);
  }
}

/** The message of a path no route answers (the operator commands read it: server/ops/ops-get.ts). */
export const API_NOT_FOUND = '接口不存在';

/** Where the operator API lives: every operator path is `/ops/…` of the main API. */
export const OPS_URL_PREFIX = embeddedUrl('/ops/');

/**
 * The HTTP status of a refusal. The app's API answers 200 with the envelope's code (spec §8).
 * The operator API is for scripts and `curl`, so its refusals carry a status too, the same on
 * every operator route (issue 33): 400 bad input, 401 no operator token, 403 a wrong one (set
 * by requireOps), 404 no such thing, 409 any other refusal (the state does not allow it).
 */
export function httpStatusOf(url: string, code: number): number {
  if (!url.startsWith(OPS_URL_PREFIX) || code === Code.OK) return 200;
  if (code === Code.BAD_INPUT) return 400;
  if (code === Code.NO_TOKEN) return 401;
  if (code === Code.NOT_FOUND) return 404;
  return 409;
}

export const envelope = ok;

/** `?page=` of a paged list: 1-based, at most 1000 (shared by every paged user-centre list). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1, '页码不正确').max(1000, '页码不正确').default(1),
});

/** Parses input with a zod schema; bad input becomes code 4000 with a Chinese message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const res = schema.safeParse(onlyNumbersForNumbers(schema, value ?? {}));
  if (res.success) return res.data;
  throw new BizError(Code.BAD_INPUT, zodMessage(res.error));
}

/** The schema a wrapper (optional, default, nullable, a pipe from `unknown`) stands for. */
function innermost(schema: z.ZodType): z.ZodType {
  let s = schema as unknown as { _zod: { def: Record<string, unknown> } };
  for (let i = 0; i < 10; i++) {
    const def = s._zod.def;
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault')
      s = def.innerType as typeof s;
    else if (def.type === 'pipe') {
      const from = (def.in as typeof s)._zod.def.type;
      s = (from === 'unknown' || from === 'any' ? def.out : def.in) as typeof s;
    } else break;
  }
  return s as unknown as z.ZodType;
}

/**
 * A coerced number field (ids, counts, pages) takes a number or a numeric string only: `Number()`
 * reads JSON `true` as 1 and `[5]` as 5, so `{ "matchId": true }` reached a handler as id 1 (issue
 * 33). Here, at the one edge every input passes, such a value in a number field of an object
 * schema is replaced by a string that is no number, so the field's own message refuses it.
 */
function onlyNumbersForNumbers(schema: z.ZodType, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const def = (innermost(schema) as unknown as { _zod: { def: { type: string; shape?: Record<string, z.ZodType> } } })
    ._zod.def;
  if (def.type !== 'object' || !def.shape) return value;
  let out: Record<string, unknown> | null = null;
  for (const [key, field] of Object.entries(def.shape)) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v !== 'boolean' && (typeof v !== 'object' || v === null)) continue;
    const inner = (innermost(field) as unknown as { _zod: { def: { type: string; coerce?: boolean } } })._zod.def;
    if (inner.type !== 'number' || !inner.coerce) continue;
    out ??= { ...(value as Record<string, unknown>) };
    out[key] = `not a number: ${typeof v}`;
  }
  return out ?? value;
}

const FIELD_NAMES: Record<string, string> = {
  phone: '手机号',
  code: '验证码',
  password: '密码',
  nickName: '昵称',
  matchId: '比赛编号',
  id: '编号',
  type: '类型',
  date: '日期',
  text: '内容',
  page: '页码',
};

/** The Chinese name of an input field, for messages ('内容' when unknown or empty). */
export function fieldLabel(key: string): string {
  return FIELD_NAMES[key] ?? '内容';
}

export function zodMessage(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return '参数错误';
  const key = String(issue.path[issue.path.length - 1] ?? '');
  const field = FIELD_NAMES[key] ?? (key ? `参数 ${key}` : '参数');
  if (issue.message && /[\u4e00-\u9fa5]/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `缺少${field}` : `${field}格式不正确`;
    case 'too_small':
      return `${field}太短或太小`;
    case 'too_big':
      return `${field}太长或太大`;
    default:
      return `${field}格式不正确`;
  }
}

/** Maps thrown errors to the envelope; malformed requests keep their HTTP 4xx status. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | BizError | Error, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof BizError)
      return reply.status(err.status ?? httpStatusOf(req.url, err.code)).send(fail(err.code, err.message, err.data));
    if (err instanceof z.ZodError)
      return reply.status(httpStatusOf(req.url, Code.BAD_INPUT)).send(fail(Code.BAD_INPUT, zodMessage(err)));
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 413) return reply.status(413).send(fail(Code.BAD_INPUT, '请求内容过大'));
    if (status === 415) return reply.status(415).send(fail(Code.BAD_INPUT, '不支持的内容类型'));
    if (status === 429) return reply.status(429).send(fail(Code.RATE_LIMITED, '操作太频繁，请稍后再试'));
    if (status >= 400 && status < 500) return reply.status(status).send(fail(Code.BAD_INPUT, '请求格式不正确'));
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail(Code.SERVER_ERROR, '服务器繁忙，请稍后再试'));
  });
}

export type { Envelope };
