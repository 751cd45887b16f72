/**
 * The legs of a message's trip for the message-latency bench, from CDP's network events in both
 * browser contexts (tests/helpers/cdp-context.ts): the 发送 click in A's page → A's core sends the
 * POST (Network.requestWillBeSent, wall time) → B's SharedWorker receives the socket frame
 * carrying the text (Network.webSocketFrameReceived, on the browser's monotonic clock, turned into
 * wall time with the offset of any event that carries both) → the row in B's chat tab.
 */
import type { Browser } from 'playwright-core';
import { MessagePaths } from '../../workers/protocol/api/message';
import { watchContextNetwork, type NetworkEvent } from '../helpers/cdp-context';
import { figures, type LatencyRig, type LatencyRun } from '../helpers/message-latency';

const TEXT = /测速[0-9a-z]+-\d+/;

export interface Legs {
  report(run: LatencyRun): string;
  detach(): Promise<void>;
}

export async function watchLegs(browser: Browser, rig: LatencyRig): Promise<Legs> {
  const posted: Record<string, number> = {};
  const framed: Record<string, number> = {};
  // wall ms − monotonic ms, from the last event that carried both.
  let offset = NaN;
  const clock = ({ params }: NetworkEvent) => {
    if (typeof params.wallTime === 'number' && typeof params.timestamp === 'number')
      offset = params.wallTime * 1000 - params.timestamp * 1000;
  };
  const a = await watchContextNetwork(browser, rig.a, (e) => {
    clock(e);
    const req = e.params.request as { url?: string; postData?: string } | undefined;
    if (e.method !== 'Network.requestWillBeSent' || !req?.url?.includes(MessagePaths.send)) return;
    // A form body (application/x-www-form-urlencoded).
    const text = new URLSearchParams(req.postData ?? '').get('text') ?? '';
    if (TEXT.test(text) && typeof e.params.wallTime === 'number') posted[text] ??= e.params.wallTime * 1000;
  });
  const b = await watchContextNetwork(browser, rig.bTabs[0]!, (e) => {
    clock(e);
    if (e.method !== 'Network.webSocketFrameReceived' || e.target !== 'shared_worker') return;
    const payload = (e.params.response as { payloadData?: string } | undefined)?.payloadData ?? '';
    const text = TEXT.exec(payload)?.[0];
    if (text && typeof e.params.timestamp === 'number') framed[text] ??= e.params.timestamp * 1000 + offset;
  });
  return {
    report(run) {
      const clickToPost: number[] = [];
      const postToFrame: number[] = [];
      const frameToRow: number[] = [];
      for (const text of run.texts) {
        const [click, post, frame, row] = [run.sent[text], posted[text], framed[text], run.shown[text]];
        if (click === undefined || post === undefined || frame === undefined || row === undefined) continue;
        clickToPost.push(Math.round(post - click));
        postToFrame.push(Math.round(frame - post));
        frameToRow.push(Math.round(row - frame));
      }
      return [
        `  legs: click → POST leaves A's core: ${figures(clickToPost)}`,
        `        POST → frame at B's SharedWorker (server + socket): ${figures(postToFrame)}`,
        `        frame → row in B's chat tab (core → tab → React): ${figures(frameToRow)}`,
      ].join('\n');
    },
    async detach() {
      await a.detach();
      await b.detach();
    },
  };
}
