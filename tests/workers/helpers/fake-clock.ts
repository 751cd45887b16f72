/**
 * A fake scheduler injected into the core's factories (`setTimeout`, `clearTimeout`, `now`), so
 * timing rules are tested exactly while real sockets do real I/O.
 */
export class FakeClock {
  private t: number;
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  constructor(start = 1_800_000_000_000) {
    this.t = start;
  }
  now = (): number => this.t;
  setTimeout = (fn: () => void, ms: number): ReturnType<typeof setTimeout> => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return id as unknown as ReturnType<typeof setTimeout>;
  };
  clearTimeout = (id: ReturnType<typeof setTimeout>): void => {
    this.timers.delete(id as unknown as number);
  };
  /** Moves time forward, running due timers in order (timers set while running are honoured). */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | null = null;
      for (const e of this.timers) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = next[1].at;
      next[1].fn();
    }
    this.t = end;
  }
  pending(): number {
    return this.timers.size;
  }
}

/** Polls (real time) until `pred` holds. */
export async function waitFor(pred: () => boolean, timeoutMs = 3_000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!pred()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
