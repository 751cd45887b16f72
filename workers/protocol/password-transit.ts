/**
 * Password in transit (spec §7 password-iv call). The server keeps an ECDH P-256 key pair. The
 * core asks for a one-time `iv` (GET UserPaths.passwordIv → `PasswordIv { iv, publicKey }`),
 * then sends every password field of that request as
 *
 *   base64( ephemeralPublicKey(65 bytes, raw P-256) || gcmNonce(12) || AES-256-GCM(password) )
 *
 * with the AES key = HKDF-SHA-256( ECDH(ephemeral private, server public), salt = utf8(iv),
 * info = TRANSIT_AAD ) and the GCM additional data = TRANSIT_AAD + iv. Only the holder of the
 * server's private key can derive that key: a captured request body, even with the iv answer
 * that went with it, cannot be decrypted offline. The server marks the iv used, so the body
 * cannot be replayed either, and GCM's tag makes a tampered body fail instead of yielding another
 * password. It complements TLS; it does not replace it (TLS also authenticates the public key).
 *
 * WebCrypto only (available in workers, browsers and Node ≥ 20 as `globalThis.crypto`), so the
 * core and the server share this file. The protocol tsconfig has no DOM lib, hence the small
 * structural types below.
 */

type KeyHandle = object;
interface AlgorithmLike {
  name: string;
  [k: string]: unknown;
}
interface SubtleLike {
  generateKey(algorithm: AlgorithmLike, extractable: boolean, usages: string[]): Promise<unknown>;
  importKey(
    format: 'raw' | 'jwk',
    key: Uint8Array | object,
    algorithm: AlgorithmLike | string,
    extractable: boolean,
    usages: string[],
  ): Promise<KeyHandle>;
  exportKey(format: 'raw' | 'jwk', key: KeyHandle): Promise<ArrayBuffer | object>;
  deriveBits(algorithm: AlgorithmLike, baseKey: KeyHandle, length: number): Promise<ArrayBuffer>;
  deriveKey(
    algorithm: AlgorithmLike,
    baseKey: KeyHandle,
    derived: AlgorithmLike,
    extractable: boolean,
    usages: string[],
  ): Promise<KeyHandle>;
  encrypt(algorithm: AlgorithmLike, key: KeyHandle, data: Uint8Array): Promise<ArrayBuffer>;
  decrypt(algorithm: AlgorithmLike, key: KeyHandle, data: Uint8Array): Promise<ArrayBuffer>;
}
interface CryptoLike {
  subtle: SubtleLike;
  getRandomValues(array: Uint8Array): Uint8Array;
}
interface TextCodecs {
  TextEncoder: new () => { encode(s: string): Uint8Array };
  TextDecoder: new (label?: string, opts?: { fatal?: boolean }) => { decode(b: Uint8Array): string };
}

/** What the password-iv call answers: a one-time value and the server's public key. */
export interface PasswordIv {
  /** One-time, 5 minutes; sent back as the request's `iv`. */
  iv: string;
  /** The server's ECDH P-256 public key, raw uncompressed point, standard base64. */
  publicKey: string;
}

/** Bound into every ciphertext so it cannot be reused as another protocol's value. */
export const TRANSIT_AAD = 'qiusai-password-v2';
/** How long a password iv is valid after it is issued. */
export const PASSWORD_IV_TTL_MS = 5 * 60_000;
const NONCE_BYTES = 12;
const POINT_BYTES = 65;
const TAG_BYTES = 16;
const ECDH = { name: 'ECDH', namedCurve: 'P-256' };

function webCrypto(): CryptoLike {
  const c = (globalThis as unknown as { crypto?: CryptoLike }).crypto;
  if (!c?.subtle) throw new Error('WebCrypto is not available');
  return c;
}
const codecs = globalThis as unknown as TextCodecs;
const utf8 = (s: string): Uint8Array => new codecs.TextEncoder().encode(s);

async function aesKey(privateKey: KeyHandle, peerPublic: KeyHandle, iv: string): Promise<KeyHandle> {
  const subtle = webCrypto().subtle;
  const shared = await subtle.deriveBits({ name: 'ECDH', public: peerPublic }, privateKey, 256);
  const hkdf = await subtle.importKey('raw', new Uint8Array(shared), 'HKDF', false, ['deriveKey']);
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: utf8(iv), info: utf8(TRANSIT_AAD) },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

const importPublic = (raw: Uint8Array): Promise<KeyHandle> => webCrypto().subtle.importKey('raw', raw, ECDH, true, []);

/** Client side: seal one password field for this request's iv and the server's public key. */
export async function encodeTransitPassword(password: string, ivAnswer: PasswordIv): Promise<string> {
  const c = webCrypto();
  const serverRaw = fromBase64(ivAnswer.publicKey);
  if (!serverRaw || serverRaw.length !== POINT_BYTES) throw new Error('bad server public key');
  const ephemeral = (await c.subtle.generateKey(ECDH, true, ['deriveBits'])) as {
    publicKey: KeyHandle;
    privateKey: KeyHandle;
  };
  const key = await aesKey(ephemeral.privateKey, await importPublic(serverRaw), ivAnswer.iv);
  const nonce = c.getRandomValues(new Uint8Array(NONCE_BYTES));
  const sealed = new Uint8Array(
    await c.subtle.encrypt(
      { name: 'AES-GCM', iv: nonce, additionalData: utf8(TRANSIT_AAD + ivAnswer.iv) },
      key,
      utf8(password),
    ),
  );
  const ephemeralRaw = new Uint8Array((await c.subtle.exportKey('raw', ephemeral.publicKey)) as ArrayBuffer);
  const out = new Uint8Array(POINT_BYTES + NONCE_BYTES + sealed.length);
  out.set(ephemeralRaw, 0);
  out.set(nonce, POINT_BYTES);
  out.set(sealed, POINT_BYTES + NONCE_BYTES);
  return toBase64(out);
}

/** Server side: a key pair (private key as JWK, to store; public key as sent to clients). */
export async function generateTransitKeyPair(): Promise<{ privateJwk: object; publicKey: string }> {
  const subtle = webCrypto().subtle;
  const pair = (await subtle.generateKey(ECDH, true, ['deriveBits'])) as {
    publicKey: KeyHandle;
    privateKey: KeyHandle;
  };
  return {
    privateJwk: (await subtle.exportKey('jwk', pair.privateKey)) as object,
    publicKey: toBase64(new Uint8Array((await subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer)),
  };
}

/** Server side: loads the stored private key for decoding. */
export function importTransitPrivateKey(privateJwk: object): Promise<KeyHandle> {
  return webCrypto().subtle.importKey('jwk', privateJwk, ECDH, false, ['deriveBits']);
}

/** Server side: the plaintext password, or null when the value was not sealed for this key and iv. */
export async function decodeTransitPassword(sealed: string, iv: string, privateKey: KeyHandle): Promise<string | null> {
  const bytes = fromBase64(sealed);
  if (!bytes || bytes.length <= POINT_BYTES + NONCE_BYTES + TAG_BYTES) return null;
  try {
    const peer = await importPublic(bytes.subarray(0, POINT_BYTES));
    const plain = await webCrypto().subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: bytes.subarray(POINT_BYTES, POINT_BYTES + NONCE_BYTES),
        additionalData: utf8(TRANSIT_AAD + iv),
      },
      await aesKey(privateKey, peer, iv),
      bytes.subarray(POINT_BYTES + NONCE_BYTES),
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
