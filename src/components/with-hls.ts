/**
 * hls.js for the players that need it (browsers without native HLS): loaded on demand in its own
 * chunk, then `start` builds the player. The cleanup destroys it, and if it runs before the chunk
 * arrives, `start` is never called.
 */
type HlsClass = (typeof import('hls.js'))['default'];

export const HLS_MIME = 'application/vnd.apple.mpegurl';

export function withHls(start: (Hls: HlsClass) => { destroy(): void } | null): () => void {
  let destroyed = false;
  let hls: { destroy(): void } | null = null;
  void import('hls.js').then(({ default: Hls }) => {
    if (!destroyed) hls = start(Hls);
  });
  return () => {
    destroyed = true;
    hls?.destroy();
  };
}
