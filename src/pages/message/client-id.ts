/** A client id for an idempotent send or retry (getRandomValues works off https too, unlike randomUUID). */
export const newClientId = () =>
  `m${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
