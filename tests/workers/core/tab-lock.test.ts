import { describe, expect, it } from 'vitest';
import { watchTabLock, type LockRequester } from '../../../workers/core/tab-lock';

/** Exclusive locks with a FIFO queue and `ifAvailable`, as the Web Locks API grants them. */
class MemoryLocks implements LockRequester {
  private held = new Set<string>();
  private queues = new Map<string, Array<() => void>>();

  request<T>(name: string, a: unknown, b?: unknown): Promise<T> {
    const ifAvailable = typeof a === 'object' && a !== null && (a as { ifAvailable: boolean }).ifAvailable;
    const cb = (b ?? a) as (lock: unknown) => Promise<T>;
    if (ifAvailable && this.held.has(name)) return cb(null);
    return new Promise<T>((resolve, reject) => {
      const run = () => {
        this.held.add(name);
        cb({ name })
          .then(resolve, reject)
          .finally(() => this.release(name));
      };
      if (!this.held.has(name)) run();
      else this.queue(name).push(run);
    });
  }
  /** A tab holding `name` until the returned function is called. */
  hold(name: string): () => void {
    let done!: () => void;
    void this.request(name, () => new Promise<void>((r) => (done = r)));
    return () => done();
  }
  private queue(name: string): Array<() => void> {
    let q = this.queues.get(name);
    if (!q) this.queues.set(name, (q = []));
    return q;
  }
  private release(name: string): void {
    this.held.delete(name);
    this.queue(name).shift()?.();
  }
}

const settled = (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  return () => done;
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('watchTabLock', () => {
  it('waits while the tab holds its lock and resolves when the tab lets go', async () => {
    const locks = new MemoryLocks();
    const release = locks.hold('tab-a');
    const gone = settled(watchTabLock(locks, 'tab-a', { retryMs: 10 }));
    await wait(50);
    expect(gone()).toBe(false);
    release();
    await wait(10);
    expect(gone()).toBe(true);
  });

  it('does not take a tab for closed when the tab takes its lock after the watch began', async () => {
    const locks = new MemoryLocks();
    const gone = settled(watchTabLock(locks, 'tab-b', { retryMs: 20 }));
    await wait(5);
    const release = locks.hold('tab-b'); // the tab's own request arrives late
    await wait(100);
    expect(gone()).toBe(false);
    release();
    await wait(10);
    expect(gone()).toBe(true);
  });

  it('calls a tab gone that never takes its lock, after the last look', async () => {
    const locks = new MemoryLocks();
    const gone = settled(watchTabLock(locks, 'tab-c', { attempts: 3, retryMs: 10 }));
    await wait(5);
    expect(gone()).toBe(false);
    await wait(60);
    expect(gone()).toBe(true);
  });
});
