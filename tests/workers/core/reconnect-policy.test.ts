/**
 * The socket's reconnect delays (spec §7, §9): an announced close (drain 4011, shutdown 1001)
 * moves within 250 ms, any other drop waits 5 s plus up to 1 s of jitter, a failed init waits
 * 5 s, a silent socket is replaced at once.
 */
import { describe, expect, it } from 'vitest';
import { RECONNECT_JITTER_MS, RECONNECT_MS, SocketClose } from '../../../workers/protocol/codes';
import {
  MOVE_JITTER_MS,
  SERVER_GOING_AWAY,
  createReconnectPolicy,
  isAnnouncedClose,
} from '../../../workers/core/reconnect-policy';

const lowest = () => 0;
const highest = () => 0.999999;

describe('reconnect policy', () => {
  it('treats only the drain close 4011 and the shutdown close 1001 as announced', () => {
    expect(SocketClose.MOVE).toBe(4011);
    expect(isAnnouncedClose(4011)).toBe(true);
    expect(isAnnouncedClose(SERVER_GOING_AWAY)).toBe(true);
    for (const code of [undefined, 1000, 1006, 1011, 4000, 4001]) expect(isAnnouncedClose(code)).toBe(false);
  });

  it('moves at once after an announced close, spread over less than 250 ms', () => {
    expect(MOVE_JITTER_MS).toBe(250);
    const low = createReconnectPolicy({ random: lowest });
    const high = createReconnectPolicy({ random: highest });
    for (const code of [SocketClose.MOVE, SERVER_GOING_AWAY]) {
      expect(low.afterDrop(code)).toBe(0);
      expect(high.afterDrop(code)).toBe(249);
    }
  });

  it('waits 5 s plus under 0.5 s of jitter after an unannounced close or an error', () => {
    expect(RECONNECT_MS).toBe(5_000);
    expect(RECONNECT_JITTER_MS).toBe(500);
    const low = createReconnectPolicy({ random: lowest });
    const high = createReconnectPolicy({ random: highest });
    const mid = createReconnectPolicy({ random: () => 0.5 });
    for (const code of [undefined, 1000, 1006]) {
      expect(low.afterDrop(code)).toBe(5_000);
      expect(mid.afterDrop(code)).toBe(5_250);
      expect(high.afterDrop(code)).toBe(5_499);
    }
  });

  it('draws a fresh jitter for every drop', () => {
    const draws = [0.1, 0.7, 0.3];
    const policy = createReconnectPolicy({ random: () => draws.shift() ?? 0 });
    expect([policy.afterDrop(1006), policy.afterDrop(4011), policy.afterDrop(undefined)]).toEqual([5_050, 175, 5_150]);
  });

  it('retries a failed init after the plain delay, and replaces a silent socket at once', () => {
    const policy = createReconnectPolicy({ random: highest });
    expect(policy.afterInitFailure()).toBe(5_000);
    expect(policy.afterSilence()).toBe(0);
  });

  it('takes a shorter base delay when given one (tests, local runs)', () => {
    const policy = createReconnectPolicy({ random: lowest, reconnectMs: 200 });
    expect(policy.afterDrop(1006)).toBe(200);
    expect(policy.afterDrop(4011)).toBe(0);
    expect(policy.afterInitFailure()).toBe(200);
  });
});
