/** Which install path fits this device: Android package, iOS package, or neither (desktop). */
export type DevicePlatform = 'android' | 'ios' | 'other';
/** In-app browsers that block package downloads: the user must open the page in a real browser. */
export type InAppBrowser = 'wechat' | 'qq' | 'weibo' | null;

export function detectPlatform(ua: string): DevicePlatform {
  if (/android/i.test(ua)) return 'android';
  if (/iphone|ipad|ipod/i.test(ua)) return 'ios';
  return 'other';
}

export function detectInAppBrowser(ua: string): InAppBrowser {
  if (/MicroMessenger/i.test(ua)) return 'wechat';
  if (/\bQQ\//i.test(ua)) return 'qq';
  if (/Weibo/i.test(ua)) return 'weibo';
  return null;
}

/** File size for people: B/KB/MB/GB (spec §9 units). */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)}${units[i]}`;
}
