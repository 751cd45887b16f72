/**
 * Password in transit (spec §7 password-iv call): the core asks the server for a one-time `iv`
 * (GET UserPaths.passwordIv), then sends every password field of that request as
 *
 *   base64( nonce(12 bytes) || AES-256-GCM( key = SHA-256(utf8(iv)), nonce, utf8(password), aad = TRANSIT_AAD ) )
 *
 * The server decrypts with the same iv and marks the iv used, so a captured request body cannot
 * be replayed (the second use of an iv fails with a clear message) and no plaintext password
 * shows up in proxy or access logs of form bodies. It does NOT replace TLS: whoever reads the
 * iv response can decrypt the body. GCM's tag makes a tampered body fail instead of yielding a
 * different password.
 *
 * WebCrypto only (available in workers, browsers and Node ≥ 20 as `globalThis.crypto`), so the
 * core and the server share this file. The protocol tsconfig has no DOM lib, hence the small
 * structural types below.
 */

interface SubtleLike {
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
  importKey(
    format: 'raw',
    key: ArrayBuffer | Uint8Array,
    algorithm: string,
    extractable: boolean,
    usages: string[],
  ): Promise<unknown>;
  encrypt(
    algorithm: { name: string; iv: Uint8Array; additionalData: Uint8Array },
    key: unknown,
    data: Uint8Array,
  ): Promise<ArrayBuffer>;
  decrypt(
    algorithm: { name: string; iv: Uint8Array; additionalData: Uint8Array },
    key: unknown,
    data: Uint8Array,
  ): Promise<ArrayBuffer>;
}
interface CryptoLike {
  subtle: SubtleLike;
  getRandomValues(array: Uint8Array): Uint8Array;
}
interface TextCodecs {
  TextEncoder: new () => { encode(s: string): Uint8Array };
  TextDecoder: new (label?: string, opts?: { fatal?: boolean }) => { decode(b: Uint8Array): string };
}

/** Bound into every ciphertext so it cannot be reused as another protocol's value. */
export const TRANSIT_AAD = 'qiusai-password-v1';
/** How long a password iv is valid after it is issued. */
export const PASSWORD_IV_TTL_MS = 5 * 60_000;
const NONCE_BYTES = 12;

function webCrypto(): CryptoLike {
  const c = (globalThis as unknown as { crypto?: CryptoLike }).crypto;
  if (!c?.subtle) throw new Error('WebCrypto is not available');
  return c;
}
const codecs = globalThis as unknown as TextCodecs;
const utf8 = (s: string): Uint8Array => new codecs.TextEncoder().encode(s);

async function keyFor(iv: string): Promise<unknown> {
  const subtle = webCrypto().subtle;
  const raw = await subtle.digest('SHA-256', utf8(iv));
  return subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** Client side: protect one password field with the iv of this request. */
export async function encodeTransitPassword(password: string, iv: string): Promise<string> {
  const c = webCrypto();
  const nonce = c.getRandomValues(new Uint8Array(NONCE_BYTES));
  const sealed = new Uint8Array(
    await c.subtle.encrypt(
      { name: 'AES-GCM', iv: nonce, additionalData: utf8(TRANSIT_AAD) },
      await keyFor(iv),
      utf8(password),
    ),
  );
  const out = new Uint8Array(NONCE_BYTES + sealed.length);
  out.set(nonce, 0);
  out.set(sealed, NONCE_BYTES);
  return toBase64(out);
}

/** Server side: the plaintext password, or null when the value was not sealed with this iv. */
export async function decodeTransitPassword(sealed: string, iv: string): Promise<string | null> {
  const bytes = fromBase64(sealed);
  if (!bytes || bytes.length <= NONCE_BYTES + 16) return null;
  try {
    const plain = await webCrypto().subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, NONCE_BYTES), additionalData: utf8(TRANSIT_AAD) },
      await keyFor(iv),
      bytes.subarray(NONCE_BYTES),
    );
    return new codecs.TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(plain));
  } catch {
    return null;
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i];
    const b = i + 1 < bytes.length ? bytes[i + 1] : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2] : 0;
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63] + ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return out;
}

/** Strict standard base64 (padding required); null when malformed. */
export function fromBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const n =
      (ALPHABET.indexOf(text[i]) << 18) |
      (ALPHABET.indexOf(text[i + 1]) << 12) |
      ((text[i + 2] === '=' ? 0 : ALPHABET.indexOf(text[i + 2])) << 6) |
      (text[i + 3] === '=' ? 0 : ALPHABET.indexOf(text[i + 3]));
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}
