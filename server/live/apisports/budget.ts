/**
 * The api-sports call budget: at most `perMinute` calls a minute and `perDay` a day (the plan's
 * limits, from configuration), trimmed by what the provider's own rate-limit headers say is left,
 * and a pause after a 429 or a quota answer (doubling while they repeat, up to 10 minutes; a daily
 * quota waits for the next UTC day). Pure: the caller passes `now`.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;
const MAX_PAUSE = 10 * MINUTE;

export interface Budget {
  /** Takes one call if the budget allows it now. */
  take(now: number): boolean;
  /** Calls that may still be made: this minute, today, and the lower of the two. */
  left(now: number): { minute: number; day: number; now: number };
  used(): number;
  /** The provider's remaining counts from its response headers. */
  observe(now: number, remaining: { minute?: number; day?: number }): void;
  /** A 429 / "too many requests" answer: pause, longer while they repeat. */
  rateLimited(now: number): void;
  /** The daily quota is spent: nothing until the next UTC day. */
  quotaSpent(now: number): void;
  /** A call went through: the back-off starts over. */
  succeeded(): void;
  pausedUntil(): number;
}

export function createBudget(limits: { perMinute: number; perDay: number }): Budget {
  let minuteStart = 0;
  let minuteCalls = 0;
  let day = -1;
  let dayCalls = 0;
  let total = 0;
  let pause = 0;
  let backoff = MINUTE;
  /** The provider's own view (its headers), which wins when it is lower. */
  let providerMinute: number | null = null;
  let providerDay: number | null = null;

  function roll(now: number): void {
    if (now - minuteStart >= MINUTE) {
      minuteStart = now - (now % MINUTE);
      minuteCalls = 0;
      providerMinute = null;
    }
    const d = Math.floor(now / DAY);
    if (d !== day) {
      day = d;
      dayCalls = 0;
      providerDay = null;
    }
  }

  function left(now: number) {
    roll(now);
    const minute = Math.max(0, Math.min(limits.perMinute - minuteCalls, providerMinute ?? Infinity));
    const dayLeft = Math.max(0, Math.min(limits.perDay - dayCalls, providerDay ?? Infinity));
    return { minute, day: dayLeft, now: Math.min(minute, dayLeft) };
  }

  return {
    take(now) {
      if (now < pause) return false;
      if (left(now).now <= 0) return false;
      minuteCalls++;
      dayCalls++;
      total++;
      if (providerMinute !== null) providerMinute--;
      if (providerDay !== null) providerDay--;
      return true;
    },
    left,
    used: () => total,
    observe(now, remaining) {
      roll(now);
      if (remaining.minute !== undefined && Number.isFinite(remaining.minute)) providerMinute = remaining.minute;
      if (remaining.day !== undefined && Number.isFinite(remaining.day)) providerDay = remaining.day;
    },
    rateLimited(now) {
      pause = now + backoff;
      backoff = Math.min(MAX_PAUSE, backoff * 2);
    },
    quotaSpent(now) {
      pause = (Math.floor(now / DAY) + 1) * DAY;
      providerDay = 0;
    },
    succeeded() {
      backoff = MINUTE;
    },
    pausedUntil: () => pause,
  };
}
