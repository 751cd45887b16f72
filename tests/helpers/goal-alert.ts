/** Browser tests of goal alerts on pages the server rendered. */
import type { Page } from 'playwright-core';
import type { RunningServer } from './e2e';

/**
 * Scores goals for `matchId` (dev control) until `alertSelector` shows on `page`: at most `tries`
 * goals, `eachMs` apart; throws if none alerted. A server-rendered page shows the match before
 * its core has subscribed, and a goal that lands in between comes in the core's first snapshot,
 * which raises no alert (on a loaded machine the core can take seconds to attach).
 */
export async function goalUntilAlert(
  page: Page,
  server: RunningServer,
  matchId: number,
  alertSelector: string,
  { side = 'home', tries = 3, eachMs = 10_000 }: { side?: 'home' | 'away'; tries?: number; eachMs?: number } = {},
): Promise<void> {
  for (let attempt = 1; attempt <= tries; attempt++) {
    const res = await fetch(`${server.url}/_dev/feed/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ matchId, type: 'goal', side }),
    });
    const answer = (await res.json()) as { code: number; msg?: string };
    if (answer.code !== 200) throw new Error(`goal refused: ${answer.code} ${answer.msg ?? ''}`);
    const shown = await page
      .locator(alertSelector)
      .first()
      .waitFor({ timeout: eachMs })
      .then(
        () => true,
        () => false,
      );
    if (shown) return;
  }
  throw new Error(`no ${alertSelector} on the page after ${tries} goals, ${eachMs} ms apart`);
}
