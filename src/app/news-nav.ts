/**
 * Saved news items of the floating news bar (spec §2/§3 "news nav item"), kept in localStorage
 * under one key. The news area saves items through `saveNewsNavItem`; the bar lists and removes
 * them. `link1` is the link type ('qz' = community circle post, otherwise the news section type)
 * and `link2` the target (community post code or news id).
 */
import { useSyncExternalStore } from 'react';
import { paths } from './paths';

export const NEWS_NAV_KEY = 'qs:news-nav';
const MAX_ITEMS = 10;

export interface NewsNavItem {
  /** Short tag shown in front of the title (e.g. 英超, 圈子). */
  text: string;
  title: string;
  /** Link type: 'qz' for a community post, otherwise the news section type (e.g. '1002'). */
  link1: string;
  /** Community post code (qz) or news id. */
  link2: string;
}

function isItem(v: unknown): v is NewsNavItem {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return ['text', 'title', 'link1', 'link2'].every((k) => typeof o[k] === 'string' || typeof o[k] === 'number');
}

export function readNewsNav(storage: Storage = localStorage): NewsNavItem[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(NEWS_NAV_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isItem).map((o) => ({
      text: String(o.text),
      title: String(o.title),
      link1: String(o.link1),
      link2: String(o.link2),
    }));
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
function emit(): void {
  for (const l of listeners) l();
}

function write(items: NewsNavItem[], storage: Storage): void {
  storage.setItem(NEWS_NAV_KEY, JSON.stringify(items));
  emit();
}

export function newsNavHref(item: NewsNavItem): string {
  return item.link1 === 'qz' ? paths.communityDetail(item.link2) : paths.newsDetail(item.link1, item.link2);
}

const sameTarget = (a: NewsNavItem, b: NewsNavItem) => a.link1 === b.link1 && a.link2 === b.link2;

/** Saves (or moves to the front) an item; the bar keeps the latest ten. */
export function saveNewsNavItem(item: NewsNavItem, storage: Storage = localStorage): void {
  const rest = readNewsNav(storage).filter((i) => !sameTarget(i, item));
  write([item, ...rest].slice(0, MAX_ITEMS), storage);
}

export function removeNewsNavItem(item: NewsNavItem, storage: Storage = localStorage): void {
  write(
    readNewsNav(storage).filter((i) => !sameTarget(i, item)),
    storage,
  );
}

// Keyed by the stored text, so any write (this tab, another tab, the news area) shows up.
let cached: { raw: string | null; items: NewsNavItem[] } | null = null;
function snapshot(): NewsNavItem[] {
  const raw = localStorage.getItem(NEWS_NAV_KEY);
  if (!cached || cached.raw !== raw) cached = { raw, items: readNewsNav() };
  return cached.items;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Other tabs saving or removing items.
  const onStorage = (e: StorageEvent) => {
    if (e.key === NEWS_NAV_KEY || e.key === null) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The saved items, re-rendering on changes from this tab or another. */
export function useNewsNav(): NewsNavItem[] {
  return useSyncExternalStore(subscribe, snapshot, () => []);
}
