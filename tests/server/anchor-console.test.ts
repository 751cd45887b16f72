/**
 * The anchor console (issue 17) on the real vlive area: the operator CLI grants the role over the
 * operator API; title, category and cover are checked and nothing is stored on bad input; the
 * viewer count is the room topic's sockets; a reset key is refused by the media server's
 * on_publish; going live and offline reaches the room lists' socket topic (`vlive`); and a
 * broadcast's recording stays a playable replay across a server restart. The media server's
 * callbacks come as nginx-rtmp sends them (form posts from loopback); the broadcast itself, with
 * nginx and ffmpeg, is tests/server/broadcast.test.ts.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BroadcastPaths,
  Frame,
  Topics,
  VlivePaths,
  fillPath,
  type AnchorConsole,
  type VlivePage,
  type VliveReplay,
  type VliveRoomDetail,
} from '../../workers/protocol/index';
import { runOpsCli } from '../../server/ops/cli';
import { broadcastOptionsFromEnv } from '../../server/vlive/broadcast';
import { RTMP_SECRET_MISSING } from '../../server/vlive/nginx-conf';
import { Sock, api, createUser, recordedReplay, startVlive, type VliveHarness } from './vlive-harness';

const OPS = 'ops-token-anchor-console';
const ROOM = '1004';
let h: VliveHarness & { restart(): Promise<void> };
let tmp = '';
let hlsDir = '';
let anchor: { id: number; token: string };
let fan: { id: number; token: string };

const CALLBACK_SECRET = 'console-test-secret';
/** A callback as nginx sends it (the generated config adds the secret to its URL). */
const callback = (which: 'onPublish' | 'onUpdate' | 'onPublishDone', name: string, secret = CALLBACK_SECRET) =>
  h.app.inject({
    method: 'POST',
    url: `${BroadcastPaths[which]}?secret=${encodeURIComponent(secret)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      app: 'live',
      name,
      addr: '127.0.0.1',
      clientid: '7',
      call: { onPublish: 'publish', onUpdate: 'update_publish', onPublishDone: 'publish_done' }[which],
    }).toString(),
  });
/** An accepted publish: a redirect to the broadcast's own stream name (nginx-rtmp renames the stream). */
const accepted = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(302);
  expect(String(res.headers.location)).toMatch(/^b\d+-[0-9a-f]{8}$/);
  return String(res.headers.location);
};

const roomRow = () =>
  h.ts.storage.db
    .selectFrom('vlive_rooms')
    .select(['title', 'category_id', 'cover', 'live'])
    .where('id', '=', ROOM)
    .executeTakeFirstOrThrow();

async function upload(userId: number, width: number, height: number): Promise<string> {
  const id = crypto.randomBytes(16).toString('hex');
  await h.ts.storage.db
    .insertInto('user_uploads')
    .values({
      id,
      user_id: userId,
      purpose: 'post',
      mime: 'image/png',
      file_name: `${id}.png`,
      bytes: 1000,
      width,
      height,
      created_at: Date.now(),
    })
    .execute();
  return id;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-console-'));
  hlsDir = path.join(tmp, 'hls');
  fs.mkdirSync(hlsDir);
  process.env.VLIVE_HLS_DIR = hlsDir;
  process.env.RTMP_INGEST_URL = 'rtmp://127.0.0.1:1935/live';
  process.env.RTMP_CALLBACK_SECRET = CALLBACK_SECRET;
  // The fragments below are written as nginx writes the source rendition (`<name>_src/`), without a ladder.
  process.env.VLIVE_LADDER = 'off';
  h = await startVlive(Date.now(), { opsToken: OPS });
  anchor = await createUser(h, { nickName: '主播阿杰' });
  fan = await createUser(h, { nickName: '看球的' });
  await h.ts.storage.db.updateTable('vlive_rooms').set({ live: false }).where('id', '=', ROOM).execute();
}, 180_000);

afterAll(async () => {
  delete process.env.VLIVE_HLS_DIR;
  delete process.env.RTMP_INGEST_URL;
  delete process.env.RTMP_CALLBACK_SECRET;
  delete process.env.VLIVE_LADDER;
  await h?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the anchor console', () => {
  it('is refused to a user who is no anchor, until the operator CLI grants a room', async () => {
    const before = await api(h, 'GET', BroadcastPaths.console, { token: anchor.token });
    expect(before.code).not.toBe(200);
    expect(before.msg).toBe('您还不是主播，请联系运营开通');
    expect((await api(h, 'GET', BroadcastPaths.console)).code).not.toBe(200);

    const lines: string[] = [];
    const out = (l: string) => lines.push(l);
    expect(await runOpsCli(['anchor', String(anchor.id), 'no-such-room'], { base: h.base, token: OPS, out })).toBe(1);
    expect(lines.pop()).toBe('直播间不存在');
    expect(await runOpsCli(['anchor', String(anchor.id), ROOM], { base: h.base, token: 'wrong', out })).toBe(1);
    expect(lines.pop()).toBe('运营令牌不正确');
    expect(await runOpsCli(['anchor', String(anchor.id), ROOM], { base: h.base, token: OPS, out })).toBe(0);
    expect(lines.pop()).toBe(`已开通主播：用户 #${anchor.id} → 直播间 ${ROOM}`);

    const c = await api<AnchorConsole>(h, 'GET', BroadcastPaths.console, { token: anchor.token });
    expect(c.code).toBe(200);
    expect(c.data).toMatchObject({ roomId: ROOM, ingestUrl: 'rtmp://127.0.0.1:1935/live', live: false, viewers: 0 });
    expect(c.data.streamKey).toMatch(/^live_[A-Za-z0-9_-]{24}$/);
    expect((await api(h, 'GET', BroadcastPaths.console, { token: fan.token })).code).not.toBe(200);
  });

  it('checks title and category, stores nothing on bad input, and saves good ones', async () => {
    const was = await roomRow();
    for (const [form, msg] of [
      [{ title: '好', categoryId: 1 }, '标题至少2个字'],
      [{ title: '一'.repeat(31), categoryId: 1 }, '标题最多30个字'],
      [{ title: '   ', categoryId: 1 }, '标题至少2个字'],
      [{ title: '今晚看球', categoryId: 0 }, '分类不正确'],
      [{ title: '今晚看球', categoryId: 98 }, '分类不存在'],
      [{ title: '今晚看球', categoryId: 1, coverId: '../../etc/passwd' }, '封面图片不正确，请重新上传'],
    ] as const) {
      const r = await api(h, 'POST', BroadcastPaths.consoleRoom, { token: anchor.token, form });
      expect(r.code, JSON.stringify(form)).not.toBe(200);
      expect(r.msg).toBe(msg);
    }
    expect(await roomRow()).toEqual(was);
    const fanTry = await api(h, 'POST', BroadcastPaths.consoleRoom, {
      token: fan.token,
      form: { title: '抢来的直播间', categoryId: 1 },
    });
    expect(fanTry.msg).toBe('您还不是主播，请联系运营开通');

    const saved = await api<AnchorConsole>(h, 'POST', BroadcastPaths.consoleRoom, {
      token: anchor.token,
      form: { title: '  英超焦点战 一起聊  ', categoryId: 2 },
    });
    expect(saved.code).toBe(200);
    expect(saved.msg).toBe('已保存');
    expect(saved.data).toMatchObject({ title: '英超焦点战 一起聊', categoryId: 2, cover: was.cover });
    const detail = await api<VliveRoomDetail>(h, 'GET', fillPath(VlivePaths.room, { id: ROOM }));
    expect(detail.data.title).toBe('英超焦点战 一起聊');
    expect(detail.data.categoryId).toBe(2);
  });

  it("takes as cover only the anchor's own upload, landscape and at least 320×180", async () => {
    const was = await roomRow();
    const cases: Array<[string, string]> = [
      [await upload(fan.id, 640, 360), '封面图片不存在，请重新上传'],
      [crypto.randomBytes(16).toString('hex'), '封面图片不存在，请重新上传'],
      [await upload(anchor.id, 300, 170), '封面太小，宽高至少 320×180 像素'],
      [await upload(anchor.id, 400, 800), '封面请用横图（宽不小于高）'],
    ];
    for (const [coverId, msg] of cases) {
      const r = await api(h, 'POST', BroadcastPaths.consoleRoom, {
        token: anchor.token,
        form: { title: '换个新标题', categoryId: 1, coverId },
      });
      expect(r.msg).toBe(msg);
    }
    expect(await roomRow()).toEqual(was);
    const good = await upload(anchor.id, 640, 360);
    const r = await api<AnchorConsole>(h, 'POST', BroadcastPaths.consoleRoom, {
      token: anchor.token,
      form: { title: '换个新标题', categoryId: 1, coverId: good },
    });
    expect(r.code).toBe(200);
    expect(r.data.cover).toBe(`/media/uploads/${good}.png`);
    expect((await roomRow()).cover).toBe(`/media/uploads/${good}.png`);
  });

  it('counts the sockets watching the room as viewers', async () => {
    const viewers = async () =>
      (await api<AnchorConsole>(h, 'GET', BroadcastPaths.console, { token: anchor.token })).data.viewers;
    expect(await viewers()).toBe(0);
    const a = await Sock.connect(h);
    const b = await Sock.connect(h, fan.token);
    await a.subscribe(Topics.room(ROOM));
    await b.subscribe(Topics.room(ROOM));
    expect(await viewers()).toBe(2);
    a.close();
    const end = Date.now() + 5_000;
    while ((await viewers()) !== 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(await viewers()).toBe(1);
    b.close();
  });

  it('a publish and its end reach the room lists over the socket; a reset key is refused', async () => {
    const lists = await Sock.connect(h);
    await lists.subscribe(Topics.vlive);
    const { streamKey } = (await api<AnchorConsole>(h, 'GET', BroadcastPaths.console, { token: anchor.token })).data;

    expect((await callback('onPublish', 'live_unknown_key_000000000')).statusCode).toBe(403);
    accepted(await callback('onPublish', streamKey));
    const on = await lists.next((f) => f.code === Frame.EVENT && f.topic === Topics.vlive, 2_000);
    expect(on.code === Frame.EVENT && on.data).toEqual({ kind: 'live', roomId: ROOM, live: true });
    const listed = await api<VlivePage<{ id: string; live: boolean }>>(h, 'GET', VlivePaths.rooms, {
      query: { type: 0, page: 1, size: 50 },
    });
    expect(listed.data.list.find((r) => r.id === ROOM)?.live).toBe(true);
    const onAir = await api<AnchorConsole>(h, 'GET', BroadcastPaths.console, { token: anchor.token });
    expect(onAir.data).toMatchObject({ live: true, liveSince: h.clock.now });
    // The media server has not cut a fragment yet: the console says the push is starting.
    expect(onAir.data.push).toMatchObject({ state: 'starting', seconds: 0 });

    expect((await callback('onPublishDone', streamKey)).statusCode).toBe(200);
    const off = await lists.next((f) => f.code === Frame.EVENT && f.topic === Topics.vlive, 2_000);
    expect(off.code === Frame.EVENT && off.data).toEqual({ kind: 'live', roomId: ROOM, live: false });
    const offAir = await api<AnchorConsole>(h, 'GET', BroadcastPaths.console, { token: anchor.token });
    expect(offAir.data).toMatchObject({ live: false, liveSince: null });
    expect(offAir.data.push).toEqual({ state: 'idle', broadcastId: null, seconds: 0, lastFragmentAt: null });

    const reset = await api<AnchorConsole>(h, 'POST', BroadcastPaths.consoleKey, { token: anchor.token });
    expect(reset.msg).toBe('推流密钥已重置，旧密钥已失效');
    expect(reset.data.streamKey).not.toBe(streamKey);
    expect((await callback('onPublish', streamKey)).statusCode).toBe(403);
    expect((await roomRow()).live).toBe(false);
    lists.close();
  });

  it('RTMP callbacks need the secret, even from loopback; ingest without a secret does not start', async () => {
    const streamKey = (await api<AnchorConsole>(h, 'GET', BroadcastPaths.console, { token: anchor.token })).data
      .streamKey;
    // inject() comes from 127.0.0.1, the address the old rule trusted without a secret.
    for (const secret of ['', 'wrong-secret', CALLBACK_SECRET.slice(0, -1)]) {
      const res = await callback('onPublish', streamKey, secret);
      expect(res.statusCode, secret).toBe(403);
    }
    expect((await roomRow()).live).toBe(false);
    const deps = { chat: {} as never, invalidateRoom: () => {}, anchorSharePct: 50 };
    for (const env of [{ VLIVE_HLS_DIR: hlsDir }, { RTMP_INGEST_URL: 'rtmp://127.0.0.1/live' }])
      expect(() => broadcastOptionsFromEnv(env as NodeJS.ProcessEnv, tmp, deps)).toThrow(RTMP_SECRET_MISSING);
    expect(broadcastOptionsFromEnv({} as NodeJS.ProcessEnv, tmp, deps).callbackSecret).toBeNull();
    expect(() =>
      broadcastOptionsFromEnv({ VLIVE_HLS_DIR: hlsDir, RTMP_CALLBACK_SECRET: 'x' }, tmp, deps),
    ).not.toThrow();
  });

  it("a broadcast's recording is a replay that survives a server restart", async () => {
    const { streamKey } = (await api<AnchorConsole>(h, 'GET', BroadcastPaths.console, { token: anchor.token })).data;
    const streamName = accepted(await callback('onPublish', streamKey));
    // What nginx-rtmp writes: numbered fragments and a sliding playlist of the source rendition
    // under the broadcast's stream name (`<name>_src`), and the whole push recorded as
    // `rec/<name>.flv` (a 3 s test source with a 1 s GOP, made by ffmpeg as an anchor's OBS would).
    const dir = path.join(hlsDir, `${streamName}_src`);
    fs.mkdirSync(dir, { recursive: true });
    const frags = [0, 1, 2].map((i) => ({ file: `${i}.ts`, bytes: crypto.randomBytes(2_000 + i) }));
    for (const f of frags) fs.writeFileSync(path.join(dir, f.file), f.bytes);
    fs.writeFileSync(
      path.join(dir, 'index.m3u8'),
      ['#EXTM3U', '#EXT-X-TARGETDURATION:1', ...frags.flatMap((f) => ['#EXTINF:1.000,', f.file]), ''].join('\n'),
    );
    const flv = path.join(hlsDir, 'rec', `${streamName}.flv`);
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25', '-t', '3'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-f', 'flv', flv],
    ]);
    expect((await callback('onUpdate', streamKey)).statusCode).toBe(200);
    const live = await api<AnchorConsole>(h, 'GET', BroadcastPaths.console, { token: anchor.token });
    expect(live.data.push).toMatchObject({ state: 'live', seconds: 3 });
    expect((await callback('onPublishDone', streamKey)).statusCode).toBe(200);
    // The recording is made once the media server's playlist has settled (its last fragment written).
    await recordedReplay(h, ROOM, 15_000);

    await h.restart();
    const replays = await api<VlivePage<VliveReplay>>(h, 'GET', VlivePaths.replays, { query: { roomId: ROOM } });
    const replay = replays.data.list.find((r) => r.url?.startsWith('/media/recordings/'));
    expect(replay, JSON.stringify(replays.data.list)).toBeTruthy();
    expect(replay!.title).toBe('回放：换个新标题');
    const vod = await fetch(h.base + replay!.url!);
    expect(vod.status).toBe(200);
    const text = await vod.text();
    expect(text).toContain('#EXT-X-ENDLIST');
    // The whole recorded push, start to end: 3 s in 1 s fragments.
    expect([...text.matchAll(/^(\d+\.ts)$/gm)].map((m) => m[1])).toEqual(['0.ts', '1.ts', '2.ts']);
    const seconds = [...text.matchAll(/#EXTINF:([\d.]+)/g)].reduce((t, m) => t + Number(m[1]), 0);
    expect(Math.abs(seconds - 3)).toBeLessThan(0.1);
    expect(replay!.duration).toBe(3);
    // Served from the recording, not from nginx's directory (which a restart of nginx may clear).
    fs.rmSync(dir, { recursive: true, force: true });
    const seg = await fetch(h.base + replay!.url!.replace('index.m3u8', '1.ts'));
    expect(seg.status).toBe(200);
    expect(seg.headers.get('content-type')).toBe('video/mp2t');
    expect((await seg.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  }, 60_000);
});
