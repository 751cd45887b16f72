/**
 * api-sports calls (./source.ts and ./box.ts make them): each one within the plan's call budget
 * (./budget.ts), which the provider's rate-limit headers trim. Holds what the calls share: the
 * budget (the source reads the calls left from it), a 429 or a quota answer pausing it, and the
 * refusals (a bad key, an endpoint or season the plan lacks), counted and logged once an hour per
 * message. Formats: ./formats.ts; what they rest on: docs/providers/api-sports.md.
 */
import { createBudget, type Budget } from './budget';
import { errorKind, type ApiAnswer } from './formats';
import { providerGet } from '../provider-get';

const REFUSAL_LOG_EVERY_MS = 3_600_000;

export interface ApiCallsDeps {
  key: string;
  perMinute: number;
  perDay: number;
  now(): number;
}

export interface ApiCalls {
  /**
   * One call within the budget; null when the budget (or a pause) says no, or the provider refused.
   * api-sports says "quota spent" and "too many requests" either with a 429 or with HTTP 200 and
   * an `errors` object (`requests`: the day's quota, `rateLimit`: the minute's): both spend the
   * budget the same way. Any other `errors` (a bad key, an endpoint or season the plan lacks) is
   * a refusal: its `response` is not data (an empty live list read as data would end every live
   * match), so the call is skipped with one log line (./formats.ts `errorKind`).
   */
  call<T>(base: string, path: string, params: Record<string, string | number>): Promise<T[] | null>;
  /** The budget the calls spend: the calls left (this minute, today) and used. */
  budget: Budget;
  /** Refusals so far (the extras go on past one). */
  refusals(): number;
}

export function createApiCalls(deps: ApiCallsDeps): ApiCalls {
  const budget = createBudget({ perMinute: deps.perMinute, perDay: deps.perDay });
  let refusals = 0;
  /** When each refusal's message was last logged. */
  const refusalLoggedAt = new Map<string, number>();

  async function call<T>(base: string, path: string, params: Record<string, string | number>): Promise<T[] | null> {
    if (!budget.take(deps.now())) return null;
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    const res = await providerGet(url, { 'x-apisports-key': deps.key });
    const now = deps.now();
    const num = (h: string) => {
      const v = res.headers.get(h);
      return v === null || v.trim() === '' ? undefined : Number(v);
    };
    budget.observe(now, { day: num('x-ratelimit-requests-remaining'), minute: num('x-ratelimit-remaining') });
    if (res.status !== 429 && !res.ok) throw new Error(`api-sports ${path}: HTTP ${res.status}`);
    const body = (await res.json().catch(() => null)) as ApiAnswer<T> | null;
    const err = errorKind(body?.errors);
    if (err === 'quota') {
      budget.quotaSpent(now);
      console.error(`api-sports ${path}: day quota spent, no calls until 00:00 UTC: ${JSON.stringify(body?.errors)}`);
      return null;
    }
    if (res.status === 429 || err === 'rate') {
      budget.rateLimited(now);
      return null;
    }
    if (err === 'other') {
      refused(path, body?.errors);
      return null;
    }
    if (!body || !Array.isArray(body.response)) throw new Error(`api-sports ${path}: no response list`);
    budget.succeeded();
    return body.response;
  }

  /**
   * A refusal, logged once an hour per message: a bad key refuses every call of every cycle, and
   * one line says it as well as hundreds.
   */
  function refused(path: string, errors: unknown): void {
    refusals++;
    const text = JSON.stringify(errors);
    const now = deps.now();
    if (now - (refusalLoggedAt.get(text) ?? -Infinity) < REFUSAL_LOG_EVERY_MS) return;
    if (refusalLoggedAt.size >= 100) refusalLoggedAt.clear();
    refusalLoggedAt.set(text, now);
    console.error(`api-sports ${path} refused, skipped: ${text}`);
  }

  return { call, budget, refusals: () => refusals };
}
