/** Sound and vibration for match alerts, when the settings and the browser allow them. */
let audio: AudioContext | null = null;

/** A short two-tone chime made with Web Audio (no asset to download). */
export function playAlertSound(): void {
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

export function vibrateForAlert(): void {
  try {
    navigator.vibrate?.([120, 60, 120]);
  } catch {
    // Not allowed without a user gesture on some browsers.
  }
}
