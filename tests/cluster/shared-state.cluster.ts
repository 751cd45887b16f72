/**
 * What must hold once cluster-wide, not once per gateway (two gateways and one feed as real
 * processes): the background jobs run on the feed leader only, a user's room chat allowance is one
 * allowance whichever gateway takes the messages, and a room's viewer count sums every gateway.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Frame, SystemPaths, embeddedUrl, type ServerFrame, type SocketAddress } from '../../workers/protocol/index';
import { BroadcastPaths, type AnchorConsole } from '../../workers/protocol/api/broadcast';
import { openClusterRig, type ClusterProc, type ClusterRig } from '../helpers/cluster-procs';
import { TestSocket, call, loginByPassword } from '../helpers/ws-client';

type ChatAck = Extract<ServerFrame, { code: typeof Frame.CHAT_ACK }>;

let rig: ClusterRig;
let feed: ClusterProc;
let gwA: ClusterProc;
let gwB: ClusterProc;
let sqlDb: pg.Client;

beforeAll(async () => {
  rig = await openClusterRig('qs_cs');
  feed = await rig.start('feed');
  [gwA, gwB] = await Promise.all([rig.start('gateway'), rig.start('gateway')]);
  sqlDb = new pg.Client({ connectionString: rig.db.url });
  await sqlDb.connect();
  await until('the feed leads', async () => (await fetch(`${feed.url}/healthz`)).status === 200, 60_000);
});

afterAll(async () => {
  await sqlDb?.end();
  await rig?.teardown();
});

async function until(what: string, ok: () => Promise<boolean>, withinMs: number): Promise<void> {
  const end = Date.now() + withinMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs of each background job this process started (`background_job_runs_total{job=…}`). */
async function jobRuns(p: ClusterProc): Promise<Record<string, number>> {
  const text = await (await fetch(`${p.url}${SystemPaths.metrics}`)).text();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^background_job_runs_total\{job="([^"]+)"\} (\d+)/gm)) out[m[1]] = Number(m[2]);
  return out;
}

/** A socket on one given gateway, authenticated when a token is given. */
async function socketOn(gw: ClusterProc, accessToken?: string): Promise<TestSocket> {
  const res = await call<SocketAddress>(gw.url, 'POST', embeddedUrl(SystemPaths.socketAddress), { token: accessToken });
  const sock = await TestSocket.open(`ws://127.0.0.1:${gw.port}${SystemPaths.socket}?token=${res.body.data.token}`);
  await sock.next((f) => f.code === Frame.HELLO, 10_000);
  if (accessToken) {
    sock.send({ code: Frame.AUTH, data: { accessToken } });
    await sock.next((f) => f.code === Frame.AUTH_RESULT, 10_000);
  }
  return sock;
}

async function chat(sock: TestSocket, roomId: string, text: string, clientId: string): Promise<ChatAck['data']> {
  sock.send({ code: Frame.CHAT_SEND, data: { roomId, text, clientId } });
  const ack = (await sock.next((f) => f.code === Frame.CHAT_ACK && f.data.clientId === clientId, 10_000)) as ChatAck;
  return ack.data;
}

describe('cluster: once cluster-wide', () => {
  it('background jobs run on the feed leader only: the gateways register them and run none', async () => {
    const reports = async () =>
      (
        await sqlDb.query<{ match_id: number; auto_kind: string; n: string }>(
          `select match_id, auto_kind, count(*) as n from news_articles
           where auto_kind is not null group by match_id, auto_kind`,
        )
      ).rows;
    // The match-report sweep writes the featured matches' previews (and live reports) on its first runs.
    await until('automatic match reports written', async () => (await reports()).length > 0, 30_000);
    await new Promise((r) => setTimeout(r, 6_000));
    expect((await reports()).filter((r) => Number(r.n) !== 1)).toEqual([]);
    const leader = await jobRuns(feed);
    for (const job of ['match-reports', 'tip-settlement', 'vlive-schedules']) expect(leader[job]).toBeGreaterThan(0);
    // Every process registered the same jobs; a gateway's ticks did nothing.
    expect(await jobRuns(gwA)).toEqual({});
    expect(await jobRuns(gwB)).toEqual({});
  });

  it('room chat: one allowance for a user across gateways, and a repeat is caught on the other gateway', async () => {
    const me = await loginByPassword(gwA.url, '13800000001', 'demo1234');
    const [a, b] = [await socketOn(gwA, me.token), await socketOn(gwB, me.token)];
    // Burst of 3, then one per 1.5 s: each gateway alone would take 3 of these 8.
    const acks: Array<ChatAck['data']> = [];
    for (let i = 0; i < 8; i++) acks.push(await chat(i % 2 ? b : a, '1001', `第${i}条：集群限流`, `rl-${i}`));
    const passed = acks.filter((x) => x.ok).length;
    expect(passed).toBeGreaterThanOrEqual(3);
    expect(passed).toBeLessThanOrEqual(4);
    expect(acks.filter((x) => !x.ok).every((x) => x.msg === '发言太快了，请稍后再试')).toBe(true);

    const other = await loginByPassword(gwB.url, '13800000002', 'demo1234');
    const [c, d] = [await socketOn(gwA, other.token), await socketOn(gwB, other.token)];
    const first = await chat(c, '1001', '主队加油', 'rep-1');
    expect(first.ok).toBe(true);
    expect(await chat(d, '1001', '主队加油', 'rep-2')).toMatchObject({ ok: false, msg: '请勿重复发言' });
    // A resend of the stored message through the other gateway is answered with it, not refused.
    const resend = await chat(d, '1001', '主队加油', 'rep-1');
    expect(resend).toMatchObject({ ok: true, message: { id: first.message?.id } });
    for (const s of [a, b, c, d]) s.close();
  });

  it("an anchor room's viewer count is the sum over every gateway", async () => {
    const anchor = await loginByPassword(gwA.url, '13800000003', 'demo1234');
    await sqlDb.query(
      `insert into vlive_anchor_users (user_id, room_id, at) values ($1, '1002', $2)
       on conflict (user_id) do update set room_id = '1002'`,
      [anchor.user.id, Date.now()],
    );
    const viewers = async () =>
      (await call<AnchorConsole>(gwA.url, 'GET', BroadcastPaths.console, { token: anchor.token })).body.data.viewers;
    expect(await viewers()).toBe(0);
    const socks = [gwA, gwA, gwB, gwB, gwB].map(async (gw) => {
      const s = await socketOn(gw);
      s.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic: 'room:1002' }] } });
      await s.next((f) => f.code === Frame.SUBSCRIBED, 10_000);
      return s;
    });
    const all = await Promise.all(socks);
    // Each gateway publishes its counts with its 1 s registry beat.
    await until('5 viewers on A (2 here, 3 on B)', async () => (await viewers()) === 5, 5_000);
    for (const s of all.slice(2)) s.close();
    await until('2 viewers once B has none', async () => (await viewers()) === 2, 5_000);
    for (const s of all.slice(0, 2)) s.close();
  });
});
