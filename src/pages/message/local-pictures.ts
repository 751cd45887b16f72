/**
 * Pictures this tab picked that the server has not stored yet: client id → an object URL of the
 * file, so the unsent bubble shows the picture itself. Another tab, or this one after a reload,
 * shows the unsent picture's placeholder instead (its bytes wait in the core's offline store).
 */
const urls = new Map<string, string>();

export function holdPicture(clientId: string, file: Blob): void {
  urls.set(clientId, URL.createObjectURL(file));
}

export function localPicture(clientId: string | undefined): string | undefined {
  return clientId ? urls.get(clientId) : undefined;
}

/** Stored or discarded: the object URL goes. */
export function releasePicture(clientId: string | undefined): void {
  const url = clientId ? urls.get(clientId) : undefined;
  if (!url) return;
  URL.revokeObjectURL(url);
  urls.delete(clientId!);
}
