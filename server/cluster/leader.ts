/**
 * Feed leadership: a PostgreSQL session advisory lock held on one dedicated connection. Exactly
 * one feed process holds it; the others try again every `pollMs`. A leader that dies (even
 * `kill -9`) loses its connection and with it the lock, so a standby takes over within
 * `pollMs` plus the time PostgreSQL needs to see the closed socket (immediate on a local kill).
 */
import pg from 'pg';

/** The lock's key: "qs-feed" as an int (migrations use their own key). */
const FEED_LOCK_KEY = 0x71_73_66_64;

export interface Leadership {
  /** Resolves once this process is the leader. */
  readonly acquired: Promise<void>;
  isLeader(): boolean;
  release(): Promise<void>;
}

export function campaignForFeed(
  databaseUrl: string,
  opts: { pollMs?: number; onLost?: (err: unknown) => void } = {},
): Leadership {
  const pollMs = opts.pollMs ?? 1_000;
  const client = new pg.Client({ connectionString: databaseUrl });
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  client.on('error', (err) => {
    if (stopped) return;
    leader = false;
    opts.onLost?.(err);
  });
  const acquired = (async () => {
    await client.connect();
    while (!stopped) {
      const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [FEED_LOCK_KEY]);
      if (r.rows[0]?.ok) {
        leader = true;
        return;
      }
      await new Promise<void>((resolve) => {
        timer = setTimeout(resolve, pollMs);
      });
    }
    throw new Error('stopped before becoming leader');
  })();
  acquired.catch(() => undefined);
  return {
    acquired,
    isLeader: () => leader,
    async release() {
      stopped = true;
      if (timer) clearTimeout(timer);
      leader = false;
      await client.end().catch(() => undefined);
    },
  };
}
