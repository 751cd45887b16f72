/**
 * The one REST client for the three API families (spec §7–§8). GETs get DEFAULT_GET_PARAMS
 * merged; POST bodies are form-encoded unless `json`; header `accessToken` when logged in.
 * Success only when the body's `code === 200`. Side effects of §8 are reported to the core:
 * the no-token code → logout, HTTP 400 → redirect home, any other non-200 → exception.
 */
import { Code } from '../protocol/codes';
import { DEFAULT_GET_PARAMS, EMBEDDED_API_BASES, apiFamilyOf, fillPath, type ApiFamily } from '../protocol/api/paths';
import type { Envelope } from '../protocol/envelope';
import { createSseParser } from '../protocol/sse';
import type { RestRequest } from './api';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | FormData; signal?: AbortSignal },
) => Promise<{
  status: number;
  json(): Promise<unknown>;
  /** For streamed answers (server-sent events); fetch has them. */
  headers?: { get(name: string): string | null };
  body?: ReadableStream<Uint8Array> | null;
}>;

export interface RestDeps {
  fetch: FetchLike;
  /** Origin + mount of each family (embedded: `${origin}/main`, `${origin}`, `${origin}`). */
  baseUrl: (family: ApiFamily) => string;
  accessToken: () => string | null;
  /**
   * Resolves when the session is known (the stored token read, or a bounded wait over), or null
   * when it already is: each request waits for it before reading the token, so a call a tab makes
   * while the core is still starting goes out as the user's, not as a visitor's.
   */
  sessionKnown?: () => Promise<void> | null;
  /** `token` is the one the request carried: an answer about an older session is no news. */
  onNoToken?: (path: string, token: string | null) => void;
  onRedirectHome?: (path: string) => void;
  onException?: (code: number, msg: string, path: string) => void;
}

/** Where one request goes besides the configured bases (the address call to another gateway). */
export interface RequestTarget {
  /** Another server of this app (`http(s)://host:port`): its embedded mounts are used. */
  origin?: string;
  signal?: AbortSignal;
}

export interface RestClient {
  request<T = unknown>(req: RestRequest, target?: RequestTarget): Promise<Envelope<T>>;
  /**
   * A POST answered with server-sent events: each event's data to `onData` as it arrives, then
   * `{ code: 200 }`. An answer that is not a stream (bad input, a limit) is its envelope, with
   * the same side effects as `request`.
   */
  stream(req: RestRequest, onData: (data: string) => void): Promise<Envelope<null>>;
  /** The full URL a request goes to (used as the offline-store key). */
  urlOf(req: RestRequest): string;
}

export const NETWORK_ERROR_MSG = '网络异常，请检查网络后重试';

function queryString(q: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null) continue;
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  }
  return parts.join('&');
}

function formBody(body: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    const value = typeof v === 'object' ? JSON.stringify(v) : String(v);
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(value)}`);
  }
  return parts.join('&');
}

function multipartBody(body: Record<string, unknown>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    if (v instanceof Blob)
      fd.append(k, v, v instanceof File ? v.name : `${k}.${(v.type.split('/')[1] || 'bin').replace('jpeg', 'jpg')}`);
    else fd.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return fd;
}

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

export function createRestClient(deps: RestDeps): RestClient {
  function urlOf(req: RestRequest, origin?: string): string {
    const method = req.method ?? 'GET';
    const path = fillPath(req.path, req.params);
    const query: Record<string, unknown> =
      method === 'GET' ? { ...DEFAULT_GET_PARAMS, ...req.query } : { ...req.query };
    const qs = queryString(query);
    const base = origin ? origin + EMBEDDED_API_BASES[apiFamilyOf(req.path)] : deps.baseUrl(apiFamilyOf(req.path));
    return `${base}${path}${qs ? `?${qs}` : ''}`;
  }

  async function request<T>(
    req: RestRequest,
    onStream?: (data: string) => void,
    target: RequestTarget = {},
  ): Promise<Envelope<T>> {
    const method = req.method ?? 'GET';
    const url = urlOf(req, target.origin);
    const headers: Record<string, string> = { Accept: onStream ? 'text/event-stream' : 'application/json' };
    const known = deps.sessionKnown?.();
    if (known) await known;
    const token = deps.accessToken();
    if (token) headers.accessToken = token;
    let body: string | FormData | undefined;
    if (method === 'POST') {
      if (req.body && Object.values(req.body).some((v) => v instanceof Blob)) {
        // Uploads (portrait, screenshots): multipart; fetch sets the boundary header itself.
        body = multipartBody(req.body);
      } else if (req.json) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(req.body ?? {});
      } else if (req.body && Object.keys(req.body).length) {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        body = formBody(req.body);
      }
    }
    let status: number;
    let parsed: unknown;
    try {
      const res = await deps.fetch(
        url,
        target.signal ? { method, headers, body, signal: target.signal } : { method, headers, body },
      );
      status = res.status;
      if (onStream && res.body && res.headers?.get('content-type')?.startsWith('text/event-stream')) {
        const parser = createSseParser(onStream);
        const decoder = new TextDecoder();
        const reader = res.body.getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.push(decoder.decode(value, { stream: true }));
        }
        parser.end();
        return { code: Code.OK, msg: '', data: null as T };
      }
      parsed = await res.json().catch(() => null);
    } catch {
      const env = { code: Code.SERVER_ERROR, msg: NETWORK_ERROR_MSG, data: null as T };
      if (!req.silent) deps.onException?.(env.code, env.msg, req.path);
      return env;
    }
    if (status === 400) deps.onRedirectHome?.(req.path);
    const env: Envelope<T> = isEnvelope(parsed)
      ? { code: parsed.code, msg: typeof parsed.msg === 'string' ? parsed.msg : '', data: parsed.data as T }
      : {
          code: status >= 200 && status < 300 ? Code.SERVER_ERROR : status,
          msg: `请求失败（${status}）`,
          data: null as T,
        };
    if (env.code === Code.OK) return env;
    if (env.code === Code.NO_TOKEN) deps.onNoToken?.(req.path, token);
    else if (env.code !== Code.NO_VIDEO && !req.silent) deps.onException?.(env.code, env.msg, req.path);
    return env;
  }

  return {
    request: <T>(req: RestRequest, target?: RequestTarget) => request<T>(req, undefined, target),
    stream: (req, onData) => request<null>({ ...req, method: 'POST' }, onData),
    urlOf,
  };
}
