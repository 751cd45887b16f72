/**
 * A provider's HTTP GET. A keep-alive connection the provider closes just as our next request
 * leaves on it (its idle timeout and our poll meeting) fails the request before any answer:
 * `fetch failed` with ECONNRESET, EPIPE or "other side closed". A GET changes nothing at the
 * provider, so it goes out once more on a fresh connection; a refusal, an error status or a
 * timeout is never retried (the caller's outage and budget rules handle those).
 */
const TIMEOUT_MS = 15_000;
const CLOSED_UNDER = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** The request failed because its connection was closed under it, before any answer. */
export function closedUnder(err: unknown): boolean {
  const code = (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  return err instanceof TypeError && typeof code === 'string' && CLOSED_UNDER.has(code);
}

export async function providerGet(url: URL | string, headers: Record<string, string> = {}): Promise<Response> {
  const once = () => fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  try {
    return await once();
  } catch (err) {
    if (!closedUnder(err)) throw err;
    return once();
  }
}
