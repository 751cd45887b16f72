/**
 * A code chunk that fails to load (usually a new deploy removed the old hashed files) forces ONE
 * page reload. The flag in sessionStorage makes a second failure in the same tab show the error
 * page instead of reloading forever; a successful load clears it.
 */
export const CHUNK_RELOAD_KEY = 'qs:chunk-reload';

export function isChunkLoadError(err: unknown): boolean {
  const msg = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    msg,
  );
}

/**
 * Decides for a failed chunk: true = a reload was started (render nothing), false = already
 * reloaded once for this, let the error surface.
 */
export function reloadOnceForChunk(storage: Storage, reload: () => void): boolean {
  if (storage.getItem(CHUNK_RELOAD_KEY)) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  reload();
  return true;
}

export function chunkLoadSucceeded(storage: Storage): void {
  storage.removeItem(CHUNK_RELOAD_KEY);
}

/** Wraps an area loader: on a chunk error, reload once (the promise then never settles). */
export function withChunkReload<T>(
  load: () => Promise<T>,
  storage?: Storage,
  reload: () => void = () => location.reload(),
): () => Promise<T> {
  // Read when a chunk loads, not when the loader is made: the server's render of the first screen
  // (issue 29) makes and calls loaders where there is no sessionStorage, and nothing to reload.
  const store = (): Storage | null => storage ?? (typeof sessionStorage === 'undefined' ? null : sessionStorage);
  return () =>
    load().then(
      (m) => {
        const s = store();
        if (s) chunkLoadSucceeded(s);
        return m;
      },
      (err: unknown) => {
        const s = store();
        if (s && isChunkLoadError(err) && reloadOnceForChunk(s, reload)) return new Promise<T>(() => undefined);
        throw err;
      },
    );
}
