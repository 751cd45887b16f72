/**
 * A value computed on first read and then kept. Match rows travel through the core as Lazy so a
 * burst of events for one match costs one derivation per delivered batch, not one per event;
 * every tab flushing the same emission shares the result.
 */
export class Lazy<T> {
  private value: T | undefined;
  private done = false;
  constructor(private readonly compute: () => T) {}
  get(): T {
    if (!this.done) {
      this.value = this.compute();
      this.done = true;
    }
    return this.value as T;
  }
}

export function resolveLazy(v: unknown): unknown {
  return v instanceof Lazy ? v.get() : v;
}
