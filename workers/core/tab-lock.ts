/**
 * Tab liveness over Web Locks: each tab holds `qs-core-tab-<id>` for its lifetime and the core
 * waits for that lock; being granted it means the tab is gone (closed, crashed, navigated away).
 */

/** The part of `LockManager` this needs (a test can give a small in-memory one). */
export interface LockRequester {
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
  request<T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/**
 * Resolves once the tab holding `name` is gone. Lock requests from different clients are not
 * ordered, so a lock that is free when the watch starts means the tab has not taken it yet (or
 * never will): look again a few times before calling the tab gone, so that a watch never beats
 * the tab to its own lock and drops a live tab's subscriptions.
 */
export async function watchTabLock(
  locks: LockRequester,
  name: string,
  opts: { attempts?: number; retryMs?: number } = {},
): Promise<void> {
  const attempts = opts.attempts ?? 5;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const free = await locks.request(name, { ifAvailable: true }, async (lock) => lock !== null);
    if (!free) {
      await locks.request(name, async () => undefined);
      return;
    }
    await new Promise<void>((r) => setTimeout(r, opts.retryMs ?? 1_000));
  }
}
