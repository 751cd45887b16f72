import { Code } from './codes';

/** Every REST response body (spec §7–§8). Success only when `code === 200`. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ code: Code.OK, msg, data });
export const fail = (code: number, msg: string, data: unknown = null): Envelope<unknown> => ({
  code,
  msg,
  data,
});
export const isOk = <T>(e: Envelope<T>): boolean => e.code === Code.OK;
