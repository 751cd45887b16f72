/**
 * The app with a media server, as the broadcast browser tests and the latency benchmark run it
 * (docs/streaming.md): the server with VLIVE_HLS_DIR, ingest and the callbacks' secret, nginx +
 * libnginx-mod-rtmp from the generated config with the default ladder, and an anchor granted a
 * room by the operator API with its stream key from the console.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BroadcastPaths,
  OPS_TOKEN_HEADER,
  SystemPaths,
  UserPaths,
  VlivePaths,
  embeddedUrl,
  fillPath,
  type AnchorConsole,
  type Envelope,
  type VliveRoomDetail,
} from '../../workers/protocol/index';
import { encodeTransitPassword, type PasswordIv } from '../../workers/protocol/password-transit';
import { parseLadder } from '../../server/vlive/ladder';
import { requireMediaServer, startMediaServer, type MediaServer } from './rtmp';
import { freePort, startServer, type RunningServer } from './e2e';

export interface BroadcastApp {
  server: RunningServer;
  media: MediaServer;
  rtmpPort: number;
  ops: string;
  call<T>(method: 'GET' | 'POST', p: string, body?: unknown, headers?: Record<string, string>): Promise<Envelope<T>>;
  /** Registers a user (SMS code from the dev outbox) and logs it in. */
  registerUser(phone: string, password: string): Promise<{ token: string; user: { id: number } }>;
  /** An offline room granted to a new anchor: its id, the key and the anchor's token. */
  anchorRoom(phone: string, password: string): Promise<{ roomId: string; key: string; token: string }>;
  stop(): Promise<void>;
}

export async function startBroadcastApp(name: string): Promise<BroadcastApp> {
  requireMediaServer();
  const ops = `ops-token-${name}`;
  const secret = `callback-secret-${name}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `qs-${name}-`));
  const hlsDir = path.join(tmp, 'hls');
  fs.mkdirSync(hlsDir);
  const rtmpPort = await freePort();
  const server = await startServer({
    env: {
      VLIVE_HLS_DIR: hlsDir,
      RTMP_INGEST_URL: `rtmp://127.0.0.1:${rtmpPort}/live`,
      RTMP_CALLBACK_SECRET: secret,
      OPS_TOKEN: ops,
    },
  });
  const media = await startMediaServer({
    dir: tmp,
    hlsDir,
    appUrl: server.url,
    ladder: parseLadder(undefined),
    rtmpPort,
    callbackSecret: secret,
  });
  const call = async <T>(method: 'GET' | 'POST', p: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(server.url + p, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  };
  const seal = async (password: string) => {
    const iv = await call<PasswordIv>('GET', embeddedUrl(UserPaths.passwordIv));
    return { password: await encodeTransitPassword(password, iv.data), iv: iv.data.iv };
  };
  const registerUser = async (phone: string, password: string) => {
    await call('POST', embeddedUrl(UserPaths.smsSend), { phone, scene: 'register' });
    const code = await call<{ code: string }>('GET', `${SystemPaths.devSms}?phone=${phone}`);
    const reg = await call('POST', embeddedUrl(UserPaths.register), {
      phone,
      code: code.data.code,
      ...(await seal(password)),
    });
    if (reg.code !== 200) throw new Error(`register failed: ${reg.msg}`);
    const login = await call<{ token: string; user: { id: number } }>('POST', embeddedUrl(UserPaths.login), {
      phone,
      ...(await seal(password)),
    });
    return login.data;
  };
  const anchorRoom = async (phone: string, password: string) => {
    let roomId = '';
    for (let i = 1001; i <= 1030 && !roomId; i++) {
      const r = await call<VliveRoomDetail>('GET', fillPath(VlivePaths.room, { id: String(i) }));
      if (r.code === 200 && !r.data.live) roomId = String(i);
    }
    if (!roomId) throw new Error('no offline room to broadcast to');
    const user = await registerUser(phone, password);
    const grant = await call(
      'POST',
      embeddedUrl(BroadcastPaths.opsAnchor),
      { userId: user.user.id, roomId },
      { [OPS_TOKEN_HEADER]: ops },
    );
    if (grant.code !== 200) throw new Error(`anchor grant refused: ${grant.msg}`);
    const cons = await call<AnchorConsole>('GET', BroadcastPaths.console, undefined, { accessToken: user.token });
    return { roomId, key: cons.data.streamKey, token: user.token };
  };
  return {
    server,
    media,
    rtmpPort,
    ops,
    call,
    registerUser,
    anchorRoom,
    async stop() {
      media.proc.kill('SIGTERM');
      await server.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
