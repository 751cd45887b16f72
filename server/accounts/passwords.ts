/** Password rules and storage: scrypt with a per-user salt, parameters kept in the stored value. */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { AccountText } from './text';

const scrypt = promisify(crypto.scrypt) as (
  pw: string,
  salt: Buffer,
  keylen: number,
  opts: crypto.ScryptOptions,
) => Promise<Buffer>;

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

/** 8–20 characters, at least one letter and one digit, printable ASCII without spaces. */
export function passwordProblem(password: string): string | null {
  if (password.length < 8 || password.length > 20) return AccountText.passwordLength;
  if (!/^[\x21-\x7e]+$/.test(password)) return AccountText.passwordChars;
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return AccountText.passwordMix;
  return null;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const actual = await scrypt(password, salt, expected.length, { N: n, r, p });
  return crypto.timingSafeEqual(actual, expected);
}
