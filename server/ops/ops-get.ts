/**
 * The read side of the ops commands that check the server's books (`verify-draws`,
 * `audit-ledger`): one GET of the operator API with the OPS_TOKEN header.
 */
import { OPS_TOKEN_HEADER, embeddedUrl, type Envelope } from '../../workers/protocol/index';
import { API_NOT_FOUND } from '../http/reply';

/** Where an ops command reaches the operator API, and where it reports. */
export interface OpsTarget {
  baseUrl: string;
  token: string | null;
  out: (line: string) => void;
  /** The global fetch unless given (tests). */
  fetch?: typeof fetch;
}

/**
 * GETs `path` of the operator API: its data, or null after telling the operator in Chinese why
 * not (no token, no connection, the API is off, the server refused); the command then exits 2.
 */
export async function getOpsData<T>(env: OpsTarget, path: string): Promise<T | null> {
  if (!env.token) {
    env.out('未设置 OPS_TOKEN，无法访问运营接口');
    return null;
  }
  let res: Response;
  try {
    res = await (env.fetch ?? fetch)(env.baseUrl + embeddedUrl(path), { headers: { [OPS_TOKEN_HEADER]: env.token } });
  } catch (err) {
    env.out(`无法连接服务器 ${env.baseUrl}：${(err as Error).message}`);
    return null;
  }
  const body = (await res.json().catch(() => null)) as Envelope<T> | null;
  // No operator route at all (404 from the not-found handler) is told apart from an operator
  // answer of 404 (no such issue): that one is the envelope of the route, with its own message.
  if (!body || (res.status === 404 && (body.msg === API_NOT_FOUND || typeof body.code !== 'number'))) {
    env.out('运营接口未开启（服务端未设置 OPS_TOKEN）');
    return null;
  }
  if (body.code !== 200) {
    env.out(body.msg);
    return null;
  }
  return body.data;
}
