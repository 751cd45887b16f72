/**
 * REST paths. Patterns use `:name` params; the server registers the pattern as is and the core
 * fills it with `fillPath`. Each area keeps its paths in its own file in this folder.
 *
 * Families (spec §7): main API (/user, /inform, /live, /tj, /pay, /chat), live API (/api/…),
 * messaging API (/imapi…, /imserver…).
 */
export function fillPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path param ${name} for ${pattern}`);
    return encodeURIComponent(String(v));
  });
}

/** Default params merged into every GET (spec §7). */
export const DEFAULT_GET_PARAMS = { platform: 4, channelId: 4 } as const;

export type ApiFamily = 'main' | 'live' | 'im';
export function apiFamilyOf(path: string): ApiFamily {
  if (path.startsWith('/api/')) return 'live';
  if (path.includes('/imapi') || path.includes('/imserver')) return 'im';
  return 'main';
}

/**
 * Where each family is mounted on the embedded server. The app's routes share names with the
 * main API's (/user, /live), so on one origin the main API lives under '/main'. The core reads
 * its bases from config and can point each family at another host.
 */
export const EMBEDDED_API_BASES: Record<ApiFamily, string> = { main: '/main', live: '', im: '' };

/** The path the embedded server registers (and the core requests) for a family-relative path. */
export function embeddedUrl(path: string): string {
  return EMBEDDED_API_BASES[apiFamilyOf(path)] + path;
}

/** Prefixes that are never app routes (the server's SPA fallback skips them). */
export const NON_APP_PREFIXES = [
  '/main/',
  '/api/',
  '/imapi',
  '/imserver',
  '/ws',
  '/_dev/',
  '/metrics',
  '/healthz',
  '/assets/',
  '/media/',
  '/static/',
] as const;
