/** Dev controls forwarded to the feed leader over the machine's real NATS (request / reply). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NatsConnection } from '@nats-io/transport-node';
import { createLeaderControls } from '../../../server/cluster/leader-controls';
import { BizError } from '../../../server/http/reply';
import { Code, fail, ok } from '../../../workers/protocol/index';
import { connectNats, uniqueName } from '../../helpers/cluster';

let ncA: NatsConnection;
let ncB: NatsConnection;

beforeAll(async () => {
  ncA = await connectNats();
  ncB = await connectNats();
});

afterAll(async () => {
  await ncA?.close();
  await ncB?.close();
});

describe('leader controls', () => {
  it("a process that does not lead forwards the control and answers the leader's envelope", async () => {
    const cluster = uniqueName('qs_lc');
    const leader = createLeaderControls(ncA, cluster, { isLeader: () => true });
    const gateway = createLeaderControls(ncB, cluster, { isLeader: () => false });
    const seenOnLeader: unknown[] = [];
    leader.handle('feed-event', async (body) => {
      seenOnLeader.push(body);
      return (body as { matchId: number }).matchId === 1 ? ok({ applied: true }) : fail(Code.NOT_FOUND, '比赛不存在');
    });
    gateway.handle('feed-event', async () => {
      throw new Error('a gateway never applies a feed event itself');
    });
    leader.serve();
    expect(await gateway.run('feed-event', { matchId: 1, type: 'goal' })).toEqual(ok({ applied: true }));
    expect(await gateway.run('feed-event', { matchId: 2, type: 'goal' })).toEqual(fail(Code.NOT_FOUND, '比赛不存在'));
    // The leader itself applies it in place.
    expect(await leader.run('feed-event', { matchId: 1, type: 'goal' })).toEqual(ok({ applied: true }));
    expect(seenOnLeader).toHaveLength(3);
    await leader.close();
  });

  it('bad input on the leader comes back as its envelope, not as a failure', async () => {
    const cluster = uniqueName('qs_lc');
    const leader = createLeaderControls(ncA, cluster, { isLeader: () => true });
    const standby = createLeaderControls(ncB, cluster, { isLeader: () => false });
    leader.handle('feed-event', async () => {
      throw new BizError(Code.BAD_INPUT, '比赛编号不正确');
    });
    leader.serve();
    expect(await standby.run('feed-event', {})).toEqual(fail(Code.BAD_INPUT, '比赛编号不正确'));
    await leader.close();
  });

  it('while no leader exists a forward waits, and is answered by a leader that appears meanwhile', async () => {
    const cluster = uniqueName('qs_lc');
    const gateway = createLeaderControls(ncB, cluster, { isLeader: () => false, waitMs: 10_000 });
    const leader = createLeaderControls(ncA, cluster, { isLeader: () => true });
    leader.handle('feed-event', async () => ok('late leader'));
    const answer = gateway.run('feed-event', { matchId: 1 });
    setTimeout(() => leader.serve(), 1_000);
    expect(await answer).toEqual(ok('late leader'));
    await leader.close();
  });

  it('with no leader at all it answers a clear Chinese refusal after a bounded wait', async () => {
    const gateway = createLeaderControls(ncB, uniqueName('qs_lc'), { isLeader: () => false, waitMs: 1_500 });
    const t0 = Date.now();
    const answer = await gateway.run('feed-event', { matchId: 1 });
    expect(answer.code).toBe(Code.REFUSED);
    expect(answer.msg).toBe('比分数据服务的主进程尚未选出（已等待 2 秒），请稍后再试');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_000);
    expect(Date.now() - t0).toBeLessThan(8_000);
  });
});
