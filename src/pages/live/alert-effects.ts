/** Sound and vibration for match alerts, when the settings and the browser allow them. */
let audio: AudioContext | null = null;

/**
 * Vibration and audio need the user to have touched the page first: before that, Chromium logs an
 * error for every `navigator.vibrate` call (one per goal alert) and a warning per AudioContext.
 * Where the browser says (User Activation API), ask it; where it cannot say, try and swallow.
 */
export function userHasInteracted(nav: Navigator = navigator): boolean {
  const activation = (nav as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation ? activation.hasBeenActive : true;
}

/** A short two-tone chime made with Web Audio (no asset to download). */
export function playAlertSound(): void {
  if (!userHasInteracted()) return;
  try {
    const Ctx =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    audio ??= new Ctx();
    const ctx = audio;
    // Autoplay rules keep a context suspended until the user has touched the page: then stay silent.
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const t = ctx.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.25, t + i * 0.15 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.15 + 0.14);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t + i * 0.15);
      osc.stop(t + i * 0.15 + 0.15);
    }
  } catch {
    // No audio here (or not allowed): the toast is enough.
  }
}

export function vibrateForAlert(nav: Navigator = navigator): void {
  if (typeof nav.vibrate !== 'function' || !userHasInteracted(nav)) return;
  try {
    nav.vibrate([120, 60, 120]);
  } catch {
    // Refused anyway (a WebView without the permission): the toast is enough.
  }
}
