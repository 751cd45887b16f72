/**
 * The replay window of one topic: the last events (already serialized as EVENT frames), bounded
 * by age and by count. A reconnecting client asks for everything after the seq it last saw; the
 * log answers with exactly those frames, or null when some of them are gone (snapshot needed).
 */
export interface LoggedFrame {
  seq: number;
  at: number;
  frame: Buffer;
}

export class TopicLog {
  private items: LoggedFrame[] = [];
  private head = 0;

  constructor(
    private readonly windowMs: number,
    private readonly maxEvents: number,
  ) {}

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: LoggedFrame): void {
    this.items.push(item);
    if (this.size > this.maxEvents) this.head++;
    this.compact();
  }

  /** Forgets every frame (the history behind them is gone). */
  clear(): void {
    this.items = [];
    this.head = 0;
  }

  /** Forgets frames older than the window. */
  prune(now: number): void {
    const cutoff = now - this.windowMs;
    while (this.head < this.items.length && this.items[this.head].at < cutoff) this.head++;
    this.compact();
  }

  /**
   * Frames with seq > since, when the log still holds every one of them up to `currentSeq`;
   * null when the gap reaches past the window.
   */
  after(since: number, currentSeq: number, now: number): LoggedFrame[] | null {
    this.prune(now);
    if (since === currentSeq) return [];
    if (since > currentSeq) return null;
    if (this.size === 0) return null;
    const first = this.items[this.head].seq;
    if (first > since + 1) return null;
    const out: LoggedFrame[] = [];
    for (let i = this.head; i < this.items.length; i++) if (this.items[i].seq > since) out.push(this.items[i]);
    return out;
  }

  private compact(): void {
    // Drop the consumed prefix now and then instead of shifting on every push.
    if (this.head > 64 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}
