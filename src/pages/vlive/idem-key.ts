/** A fresh idempotency key (≥ 128 random bits) for one intended send or purchase. */
export function newIdemKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
