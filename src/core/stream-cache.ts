/**
 * Tab-side sharing of core streams: every component watching the same key shares one core
 * subscription, and the last value is kept so `useSyncExternalStore` can read it synchronously.
 */
import {
  EVENT_KINDS,
  streamKeyId,
  type StreamHandlers,
  type StreamKey,
  type StreamValue,
} from '../../workers/core/api';

interface Entry {
  key: StreamKey;
  value: unknown;
  listeners: Set<(value: unknown) => void>;
  subId: Promise<string> | null;
  releaseTimer: ReturnType<typeof setTimeout> | null;
}

/** Delay before the core subscription of an unwatched key is dropped (StrictMode remounts, route hops). */
const RELEASE_DELAY_MS = 250;

export class StreamCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly streams: StreamHandlers) {}

  /** Last value of a state stream, or undefined before the first one arrives. */
  peek<K extends StreamKey>(key: K): StreamValue<K> | undefined {
    return this.entries.get(streamKeyId(key))?.value as StreamValue<K> | undefined;
  }

  /** Watches a key; returns the function that stops watching. */
  watch<K extends StreamKey>(key: K, listener: (value: StreamValue<K>) => void): () => void {
    const id = streamKeyId(key);
    let entry = this.entries.get(id);
    if (!entry) {
      entry = { key, value: undefined, listeners: new Set(), subId: null, releaseTimer: null };
      this.entries.set(id, entry);
    }
    const e = entry;
    if (e.releaseTimer) {
      clearTimeout(e.releaseTimer);
      e.releaseTimer = null;
    }
    const l = listener as (value: unknown) => void;
    e.listeners.add(l);
    if (!e.subId) {
      e.subId = this.streams.subscribe(key, (value) => {
        if (!EVENT_KINDS.has(key.kind)) e.value = value;
        for (const fn of [...e.listeners]) fn(value);
      });
      e.subId.catch(() => {
        // The client reports core failures on the exceptions stream; allow a later retry.
        if (this.entries.get(id) === e) e.subId = null;
      });
    } else if (e.value !== undefined && !EVENT_KINDS.has(key.kind)) {
      queueMicrotask(() => {
        if (e.listeners.has(l)) l(e.value);
      });
    }
    return () => {
      e.listeners.delete(l);
      if (e.listeners.size > 0 || e.releaseTimer) return;
      e.releaseTimer = setTimeout(() => {
        e.releaseTimer = null;
        if (e.listeners.size > 0) return;
        this.entries.delete(id);
        const sub = e.subId;
        e.subId = null;
        if (sub) void sub.then((s) => this.streams.unsubscribe(s)).catch(() => undefined);
      }, RELEASE_DELAY_MS);
    };
  }
}
