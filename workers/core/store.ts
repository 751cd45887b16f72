/**
 * The offline store (Dexie, inside the worker only): session, settings, visitor follows, cached
 * REST answers (app info, emoji head, activity config, news nav…), the last known match lists for
 * a cold start that paints at once, and the chat outbox.
 */
import Dexie, { type Table } from 'dexie';

export interface KvRow {
  key: string;
  value: unknown;
  at: number;
}

export interface OutboxItem {
  /** Client-chosen id: the server delivers a resend of the same id once. */
  clientId: string;
  roomId: string;
  text: string;
  at: number;
  /** Insertion order (auto-increment) so the outbox drains in order. */
  seq?: number;
}

class CoreDb extends Dexie {
  kv!: Table<KvRow, string>;
  outbox!: Table<OutboxItem, number>;
  constructor(name: string, opts?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }) {
    super(name, opts);
    this.version(1).stores({ kv: 'key', outbox: '++seq, &clientId' });
  }
}

/** Keys whose rows belong to the logged-in user and go on logout. */
const USER_KEYS = ['session', 'inbox', 'unread'];
/** Messaging rows (conversation list, conversations, the private-message outbox): user data too. */
const IM_KEY_PREFIX = 'im:';

export interface OfflineStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  outboxAdd(item: OutboxItem): Promise<void>;
  outboxAll(): Promise<OutboxItem[]>;
  outboxRemove(clientId: string): Promise<void>;
  /** Removes the user's data (session, inbox, outbox, user-scoped cached answers). */
  clearUser(): Promise<void>;
  close(): void;
}

export function createDexieStore(
  name = 'qiusai-core',
  opts?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange },
): OfflineStore {
  const db = new CoreDb(name, opts);
  return {
    async get<T>(key: string) {
      return (await db.kv.get(key))?.value as T | undefined;
    },
    async set(key, value) {
      await db.kv.put({ key, value, at: Date.now() });
    },
    async delete(key) {
      await db.kv.delete(key);
    },
    async outboxAdd(item) {
      await db.outbox.put({ clientId: item.clientId, roomId: item.roomId, text: item.text, at: item.at });
    },
    async outboxAll() {
      return db.outbox.orderBy('seq').toArray();
    },
    async outboxRemove(clientId) {
      await db.outbox.where('clientId').equals(clientId).delete();
    },
    async clearUser() {
      await db.transaction('rw', db.kv, db.outbox, async () => {
        await db.kv.bulkDelete(USER_KEYS);
        await db.kv.where('key').startsWith('rest:user:').delete();
        await db.kv.where('key').startsWith(IM_KEY_PREFIX).delete();
        await db.outbox.clear();
      });
    },
    close() {
      db.close();
    },
  };
}

/** In-memory store with the same contract (inline mode without IndexedDB, and tests). */
export function createMemoryStore(): OfflineStore {
  const kv = new Map<string, unknown>();
  let outbox: OutboxItem[] = [];
  return {
    async get<T>(key: string) {
      return kv.get(key) as T | undefined;
    },
    async set(key, value) {
      kv.set(key, structuredClone(value));
    },
    async delete(key) {
      kv.delete(key);
    },
    async outboxAdd(item) {
      if (!outbox.some((o) => o.clientId === item.clientId)) outbox.push({ ...item });
    },
    async outboxAll() {
      return outbox.map((o) => ({ ...o }));
    },
    async outboxRemove(clientId) {
      outbox = outbox.filter((o) => o.clientId !== clientId);
    },
    async clearUser() {
      for (const k of USER_KEYS) kv.delete(k);
      for (const k of [...kv.keys()]) if (k.startsWith('rest:user:') || k.startsWith(IM_KEY_PREFIX)) kv.delete(k);
      outbox = [];
    },
    close() {},
  };
}
