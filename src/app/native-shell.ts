/**
 * The native app shell (the store app wrapping this site in a WebView) identifies itself in the
 * user agent. This is the one place that knows how: guards, the error page and the download
 * banner ask here.
 */

/** The shell appends `QiusaiApp/<version>` to the WebView's user agent. */
const NATIVE_UA = /\bQiusaiApp\/[\d.]+/i;

export function isNativeShell(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): boolean {
  return NATIVE_UA.test(userAgent);
}

interface NativeBridgeWindow {
  /** Android: the shell injects a JS interface object. */
  QiusaiBridge?: { closeView?: () => void };
  /** iOS: WKWebView script message handler. */
  webkit?: { messageHandlers?: { closeView?: { postMessage(body: unknown): void } } };
}

/** Asks the native shell to close the current view. Returns false when no bridge answered. */
export function closeNativeView(win: Window = window): boolean {
  const w = win as unknown as NativeBridgeWindow;
  if (w.QiusaiBridge?.closeView) {
    w.QiusaiBridge.closeView();
    return true;
  }
  const ios = w.webkit?.messageHandlers?.closeView;
  if (ios) {
    ios.postMessage(null);
    return true;
  }
  return false;
}
