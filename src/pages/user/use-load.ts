/** The page loader (one for every area, in the core) and the back button's fallback. */
export { useLoad, type Loaded } from '../../core/use-load';

/** Back to where the user came from, or to the 我的 tab when the page was opened directly. */
export function goBack(navigate: (to: string) => void, fallback: string): void {
  if (window.history.length > 1) window.history.back();
  else navigate(fallback);
}
