/**
 * Dev controls that only the feed leader can apply (`POST /_dev/feed/event`: the live feed runs
 * there alone). Any other process (a gateway, a standby feed) forwards the call to the leader with
 * a NATS request on `<cluster>.leader.<control>` and answers with the leader's envelope, so a
 * caller never has to find the leader (before: every other process refused with
 * 比分数据服务尚未启动). Only the leader subscribes, once its feed runs; a leader that dies takes
 * its subscription with it. While there is none (a cold start, a takeover), a forward tries
 * again for up to `waitMs`, then answers a clear refusal.
 */
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { RequestError, TimeoutError } from '@nats-io/transport-node';
import { Code, fail, type Envelope } from '../../workers/protocol/index';
import { BizError } from '../http/reply';
import { ClusterText } from './text';

/**
 * The controls the leader answers for the others: the dev feed event, and a provider source's
 * on-demand reads (./leader-source.ts: only the leader calls the provider).
 */
export type LeaderControl = 'feed-event' | 'provider-detail' | 'provider-squad' | 'provider-watch';

export type ControlHandler = (body: unknown) => Promise<Envelope>;

export interface LeaderControls {
  /** Registers how the leader applies `control` (every process registers; only the leader serves). */
  handle(control: LeaderControl, handler: ControlHandler): void;
  /**
   * Applies `control` on the leader: here when this process leads, else forwarded to it, waiting
   * up to `waitMs` (default LEADER_WAIT_MS) for a leader to exist.
   */
  run(control: LeaderControl, body: unknown, opts?: { waitMs?: number }): Promise<Envelope>;
  /** This process leads now (its feed runs): answer the others' forwarded calls. */
  serve(): void;
  close(): Promise<void>;
}

/** How long a forward waits for a leader to exist (cold start, takeover: 0.3–1.7 s measured). */
export const LEADER_WAIT_MS = 15_000;
/** How long the leader may take to apply one control. */
const LEADER_ANSWER_MS = 10_000;
const RETRY_MS = 250;

export function createLeaderControls(
  nc: NatsConnection,
  cluster: string,
  opts: { isLeader: () => boolean; waitMs?: number },
): LeaderControls {
  const subjectOf = (control: LeaderControl) => `${cluster}.leader.${control}`;
  const subs: Subscription[] = [];
  const enc = new TextEncoder();
  const dec = new TextDecoder();

  async function forward(control: LeaderControl, body: unknown, waitMs: number): Promise<Envelope> {
    const until = Date.now() + waitMs;
    for (;;) {
      try {
        const reply = await nc.request(subjectOf(control), enc.encode(JSON.stringify(body ?? null)), {
          timeout: LEADER_ANSWER_MS,
        });
        return JSON.parse(dec.decode(reply.data)) as Envelope;
      } catch (err) {
        const noLeader = err instanceof RequestError && err.isNoResponders();
        if (!noLeader) {
          if (err instanceof TimeoutError || (err instanceof RequestError && err.cause instanceof TimeoutError))
            return fail(Code.SERVER_ERROR, ClusterText.leaderSilent(LEADER_ANSWER_MS / 1000));
          throw err;
        }
        if (Date.now() + RETRY_MS > until) return fail(Code.REFUSED, ClusterText.noLeader(Math.round(waitMs / 1000)));
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  }

  const handlers = new Map<LeaderControl, ControlHandler>();
  /** The handler's envelope; a BizError (bad input) as its envelope, anything else as a failure. */
  const apply = (handler: ControlHandler, body: unknown): Promise<Envelope> =>
    handler(body).catch((err: unknown) =>
      err instanceof BizError ? fail(err.code, err.message) : fail(Code.SERVER_ERROR, ClusterText.leaderFailed),
    );

  return {
    handle(control, handler) {
      handlers.set(control, handler);
    },
    run(control, body, runOpts) {
      const handler = handlers.get(control);
      if (opts.isLeader() && handler) return handler(body);
      return forward(control, body, runOpts?.waitMs ?? opts.waitMs ?? LEADER_WAIT_MS);
    },
    serve() {
      if (subs.length) return;
      for (const [control, handler] of handlers) {
        const sub = nc.subscribe(subjectOf(control), {
          callback: (err, msg) => {
            if (err) return;
            let body: unknown = null;
            try {
              body = JSON.parse(dec.decode(msg.data));
            } catch {
              body = null;
            }
            void apply(handler, body).then((env) => msg.respond(enc.encode(JSON.stringify(env))));
          },
        });
        subs.push(sub);
      }
    },
    async close() {
      for (const s of subs.splice(0)) s.unsubscribe();
    },
  };
}
