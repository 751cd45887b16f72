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
  storage: Storage = sessionStorage,
  reload: () => void = () => location.reload(),
): () => Promise<T> {
  return () =>
    load().then(
      (m) => {
        chunkLoadSucceeded(storage);
        return m;
      },
      (err: unknown) => {
        if (isChunkLoadError(err) && reloadOnceForChunk(storage, reload)) return new Promise<T>(() => undefined);
        throw err;
      },
    );
}
