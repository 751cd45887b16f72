/**
 * diyTheme (spec §3 user.diyTheme): the accent colour the fan picks. A UI preference, so it lives
 * in localStorage and is applied as the CSS variable `--qs-theme` on the document root.
 */
export const THEMES = {
  gold: '#d4a94a',
  red: '#d93a3a',
  blue: '#2f7fd8',
  green: '#2e9e5b',
  purple: '#7a5af0',
} as const;
export type ThemeKey = keyof typeof THEMES;
export const THEME_STORAGE_KEY = 'qs-diy-theme';

export function readTheme(storage: Storage = localStorage): ThemeKey {
  const v = storage.getItem(THEME_STORAGE_KEY);
  return v && v in THEMES ? (v as ThemeKey) : 'gold';
}

export function saveTheme(key: ThemeKey, storage: Storage = localStorage): void {
  storage.setItem(THEME_STORAGE_KEY, key);
}

export function applyTheme(key: ThemeKey = readTheme(), root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--qs-theme', THEMES[key]);
}
