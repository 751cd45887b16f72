import { useMemo, useRef } from 'react';
import { Code } from '../../../workers/protocol/codes';

/** A fresh idempotency key (≥ 128 random bits) for one intended send or purchase. */
export function newIdemKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface IdemKeys {
  /** The key of the intent named `sig`: the same one again until an answer settles it. */
  keyFor(sig: string): string;
  /** An answer arrived: any but a server error (the spend may or may not have happened) ends the intent. */
  settle(code: number): void;
}

/**
 * One key per intended spend (a gift, a purchase): a double tap or a retry after a lost answer
 * reuses it, so the server charges once; a new intent, or one that was answered, gets a new key.
 */
export function useIdemKeys(): IdemKeys {
  const pending = useRef<{ sig: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(sig) {
        if (!pending.current || pending.current.sig !== sig) pending.current = { sig, key: newIdemKey() };
        return pending.current.key;
      },
      settle(code) {
        if (code !== Code.SERVER_ERROR) pending.current = null;
      },
    }),
    [],
  );
}
