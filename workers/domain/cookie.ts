/** A cookie's raw value in a Cookie header (or `document.cookie`), or null when it is not set. */
export function cookieValue(cookie: string | undefined, name: string): string | null {
  for (const part of (cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at >= 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}
