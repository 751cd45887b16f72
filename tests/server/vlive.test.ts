import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  Frame,
  MediaPaths,
  Topics,
  VlivePaths,
  fillPath,
  type ChatMessage,
  type ServerFrame,
  type VliveGiftResult,
  type VliveNobility,
  type VliveNobilityResult,
  type VlivePage,
  type VliveRoom,
  type VliveSchedule,
  type VliveVideo,
} from '../../workers/protocol/index';
import { CHAT_BURST } from '../../server/vlive/chat';
import { api, balanceOf, createUser, Sock, startVlive, type VliveHarness } from './vlive-harness';

let h: VliveHarness;
beforeAll(async () => {
  h = await startVlive();
});
afterAll(async () => {
  await h?.close();
});

const FOOTBALL_GIFT = 3; // 足球, 10 球币
const key = () => `k${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
const sends = async (userId: number) =>
  Number(
    (
      await h.ts.storage.db
        .selectFrom('vlive_gift_sends')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('rooms and video', () => {
  it('lists live rooms hottest first on 推荐, followed anchors first when logged in', async () => {
    const res = await api<VlivePage<VliveRoom>>(h, 'GET', VlivePaths.rooms, { query: { type: 0, size: 50 } });
    expect(res.code).toBe(Code.OK);
    const rooms = res.data.list;
    expect(rooms.length).toBeGreaterThan(5);
    expect(rooms.every((r) => r.live)).toBe(true);
    const heats = rooms.map((r) => r.heat);
    expect([...heats].sort((a, b) => b - a)).toEqual(heats);

    const u = await createUser(h);
    const coldest = rooms[rooms.length - 1]!;
    const f = await api<{ follow: number }>(h, 'POST', VlivePaths.attention, {
      token: u.token,
      form: { anchorId: coldest.anchor.id },
    });
    expect(f.data.follow).toBe(1);
    const mine = await api<VlivePage<VliveRoom>>(h, 'GET', VlivePaths.rooms, {
      token: u.token,
      query: { type: 0, size: 50 },
    });
    expect(mine.data.list[0]!.id).toBe(coldest.id);
    expect(mine.data.list[0]!.followed).toBe(true);
    // The toggle: a second call unfollows.
    const g = await api<{ follow: number }>(h, 'POST', VlivePaths.attention, {
      token: u.token,
      form: { anchorId: coldest.anchor.id },
    });
    expect(g.data.follow).toBe(0);
  });

  it('pages with a next marker, and refuses bad paging input', async () => {
    const p1 = await api<VlivePage<VliveRoom>>(h, 'GET', VlivePaths.rooms, { query: { type: 1, size: 3, page: 1 } });
    expect(p1.data.list).toHaveLength(3);
    expect(p1.data.next).toBe(true);
    const bad = await api(h, 'GET', VlivePaths.rooms, { query: { type: 'x' as unknown as number } });
    expect(bad.code).toBe(Code.BAD_INPUT);
  });

  it('answers the video call with a live playlist whose media sequence advances, or 20001', async () => {
    const rooms = await api<VlivePage<VliveRoom>>(h, 'GET', VlivePaths.rooms, { query: { type: 0 } });
    const room = rooms.data.list[0]!;
    const video = await api<VliveVideo>(h, 'GET', fillPath(VlivePaths.video, { id: room.id }));
    expect(video.code).toBe(Code.OK);
    expect(video.data.url).toBe(fillPath(MediaPaths.live, { roomId: room.id }));
    // The built-in loop is said to be a test signal (the player labels it 测试信号).
    expect(video.data.test).toBe(true);
    const seqOf = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)![1]);
    const a = await h.app.inject({ url: video.data.url });
    expect(a.headers['content-type']).toContain('mpegurl');
    expect(a.body).not.toContain('#EXT-X-ENDLIST');
    h.clock.now += 4_000;
    const b = await h.app.inject({ url: video.data.url });
    expect(seqOf(b.body) - seqOf(a.body)).toBe(2);
    const segName = b.body.trim().split('\n').pop()!;
    const seg = await h.app.inject({ url: video.data.url.replace('live.m3u8', segName) });
    expect(seg.statusCode).toBe(200);
    expect(seg.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    const future = await h.app.inject({ url: video.data.url.replace('live.m3u8', `${seqOf(b.body) + 1000}.ts`) });
    expect(future.statusCode).toBe(404);

    const noStream = await api(h, 'GET', fillPath(VlivePaths.video, { id: '1014' }));
    expect(noStream.code).toBe(Code.NO_VIDEO);
    const offline = await h.ts.storage.db
      .selectFrom('vlive_rooms')
      .select('id')
      .where('live', '=', false)
      .executeTakeFirstOrThrow();
    expect((await api(h, 'GET', fillPath(VlivePaths.video, { id: offline.id }))).code).toBe(Code.NO_VIDEO);
  });
});

describe('gifts', () => {
  const send = (token: string, idemKey: string, extra: Record<string, string | number> = {}) =>
    api<VliveGiftResult>(h, 'POST', VlivePaths.giftSend, {
      token,
      form: { roomId: '1001', giftId: FOOTBALL_GIFT, count: 1, idemKey, ...extra },
    });

  it('a count that is no whole number of at least 1 gets a clear message and writes nothing', async () => {
    const u = await createUser(h, { balance: 1000 });
    for (const count of ['1.5', '0', '-2', 'abc']) {
      const res = await send(u.token, key(), { count });
      expect(res, count).toMatchObject({ code: Code.BAD_INPUT, msg: '数量必须是正整数' });
    }
    expect(await balanceOf(h, u.id)).toBe(1000);
    expect(await sends(u.id)).toBe(0);
  });

  it('refuses a send the balance does not cover and writes nothing', async () => {
    const u = await createUser(h, { balance: 9 });
    const res = await send(u.token, key());
    expect(res.code).toBe(Code.REFUSED);
    expect(res.msg).toContain('余额不足');
    expect(await balanceOf(h, u.id)).toBe(9);
    expect(await sends(u.id)).toBe(0);
  });

  it('debits exactly what the balance covers under concurrent sends', async () => {
    const u = await createUser(h, { balance: 35 });
    const results = await Promise.all(Array.from({ length: 6 }, () => send(u.token, key())));
    expect(results.filter((r) => r.code === Code.OK)).toHaveLength(3);
    expect(results.filter((r) => r.code === Code.REFUSED)).toHaveLength(3);
    expect(await balanceOf(h, u.id)).toBe(5);
    expect(await sends(u.id)).toBe(3);
  });

  it("tells the user's every tab the new balance once per debit, not for a replay", async () => {
    const u = await createUser(h, { balance: 100 });
    const seen: Array<{ userId: number; balance: number }> = [];
    const publishToUser = h.hub.publishToUser.bind(h.hub);
    h.hub.publishToUser = (userId, event) => {
      if (event.kind === 'wallet') seen.push({ userId, balance: event.balance });
      return publishToUser(userId, event);
    };
    try {
      const k = key();
      expect((await send(u.token, k)).code).toBe(Code.OK);
      expect((await send(u.token, k)).data.replayed).toBe(true);
      expect(seen).toEqual([{ userId: u.id, balance: 90 }]);
    } finally {
      h.hub.publishToUser = publishToUser;
    }
  });

  it('debits once for a retried or double-tapped idempotency key', async () => {
    const u = await createUser(h, { balance: 100 });
    const k = key();
    const first = await send(u.token, k);
    const retry = await send(u.token, k);
    expect(first.code).toBe(Code.OK);
    expect(retry.code).toBe(Code.OK);
    expect(retry.data.replayed).toBe(true);
    expect(retry.data.sendId).toBe(first.data.sendId);
    expect(await balanceOf(h, u.id)).toBe(90);
    const k2 = key();
    const taps = await Promise.all(Array.from({ length: 5 }, () => send(u.token, k2)));
    expect(taps.every((t) => t.code === Code.OK)).toBe(true);
    expect(new Set(taps.map((t) => t.data.sendId)).size).toBe(1);
    expect(await balanceOf(h, u.id)).toBe(80);
    expect(await sends(u.id)).toBe(2);
  });

  it('broadcasts the effect to the room with a combo, and sends from the bag without debiting', async () => {
    const u = await createUser(h, { balance: 50, nickName: '送礼达人' });
    const watcher = await Sock.connect(h);
    await watcher.subscribe(Topics.room('1001'));
    await send(u.token, key());
    await send(u.token, key());
    const g1 = await watcher.next((f) => f.code === Frame.EVENT && f.data.kind === 'gift');
    const g2 = await watcher.next((f) => f.code === Frame.EVENT && f.data.kind === 'gift');
    const gifts = [g1, g2].map(
      (f) =>
        (f as Extract<ServerFrame, { code: typeof Frame.EVENT }>).data as {
          kind: 'gift';
          gift: { nickName: string; combo: number; giftName: string };
        },
    );
    expect(gifts.map((g) => g.gift.combo)).toEqual([1, 2]);
    expect(gifts[0]!.gift.nickName).toBe('送礼达人');
    expect(gifts[0]!.gift.giftName).toBe('足球');
    const line = await watcher.next(
      (f) => f.code === Frame.EVENT && f.data.kind === 'chat' && f.data.message.kind === 'gift',
    );
    expect(line.code === Frame.EVENT && line.data.kind === 'chat' && line.data.message.text).toContain('足球');
    watcher.close();

    const bag = await api<Array<{ giftId: number; count: number }>>(h, 'GET', VlivePaths.bag, { token: u.token });
    const sticks = bag.data.find((b) => b.giftId === 1)!;
    expect(sticks.count).toBeGreaterThan(0);
    const before = await balanceOf(h, u.id);
    const res = await api<VliveGiftResult>(h, 'POST', VlivePaths.giftSend, {
      token: u.token,
      form: { roomId: '1001', giftId: 1, count: 2, fromBag: 1, idemKey: key() },
    });
    expect(res.code).toBe(Code.OK);
    expect(res.data.bagCount).toBe(sticks.count - 2);
    expect(await balanceOf(h, u.id)).toBe(before);
    const tooMany = await api(h, 'POST', VlivePaths.giftSend, {
      token: u.token,
      form: { roomId: '1001', giftId: 1, count: 999, fromBag: 1, idemKey: key() },
    });
    expect(tooMany.code).toBe(Code.REFUSED);
  });

  it('rejects bad input and visitors without writing', async () => {
    const u = await createUser(h, { balance: 100 });
    expect((await send(u.token, key(), { count: 0 })).code).toBe(Code.BAD_INPUT);
    expect((await send(u.token, 'short')).code).toBe(Code.BAD_INPUT);
    expect((await send(u.token, key(), { roomId: "1001'; drop table users;--" })).code).toBe(Code.BAD_INPUT);
    expect((await send(u.token, key(), { giftId: 999 })).code).toBe(Code.NOT_FOUND);
    expect(
      (await api(h, 'POST', VlivePaths.giftSend, { form: { roomId: '1001', giftId: 3, count: 1, idemKey: key() } }))
        .code,
    ).toBe(Code.NO_TOKEN);
    expect(await balanceOf(h, u.id)).toBe(100);
    expect(await sends(u.id)).toBe(0);
  });
});

describe('room chat', () => {
  const chatFrame = (roomId: string, text: string, clientId = key()) => ({
    code: Frame.CHAT_SEND,
    data: { roomId, text, clientId },
  });
  const ack = (s: Sock) =>
    s.next((f) => f.code === Frame.CHAT_ACK) as Promise<Extract<ServerFrame, { code: typeof Frame.CHAT_ACK }>>;

  it('delivers a message to every socket in the room, stores it, and a resend is delivered once', async () => {
    const u = await createUser(h, { nickName: '聊天用户' });
    const sender = await Sock.connect(h, u.token);
    const other = await Sock.connect(h);
    await other.subscribe(Topics.room('1002'));
    const clientId = key();
    sender.send(chatFrame('1002', '这球踢得漂亮', clientId));
    const a = await ack(sender);
    expect(a.data.ok).toBe(true);
    const ev = await other.next((f) => f.code === Frame.EVENT && f.data.kind === 'chat');
    const msg = (ev as { data: { message: ChatMessage } }).data.message;
    expect(msg).toMatchObject({ text: '这球踢得漂亮', nickName: '聊天用户', roomId: '1002', kind: 'text' });
    sender.send(chatFrame('1002', '这球踢得漂亮', clientId));
    const again = await ack(sender);
    expect(again.data.ok).toBe(true);
    expect(again.data.message?.id).toBe(msg.id);
    const extra = await other.settle(300);
    expect(extra.filter((f) => f.code === Frame.EVENT && f.data.kind === 'chat')).toHaveLength(0);
    const hist = await api<ChatMessage[]>(h, 'GET', fillPath(VlivePaths.chatHistory, { roomId: '1002' }));
    expect(hist.data.filter((m) => m.id === msg.id)).toHaveLength(1);
    sender.close();
    other.close();
  });

  it('rate-limits each user', async () => {
    const u = await createUser(h);
    const s = await Sock.connect(h, u.token);
    const results = [];
    for (let i = 0; i <= CHAT_BURST; i++) {
      s.send(chatFrame('1003', `第${i}条消息`));
      results.push(await ack(s));
    }
    expect(results.slice(0, CHAT_BURST).every((r) => r.data.ok)).toBe(true);
    expect(results[CHAT_BURST]!.data.ok).toBe(false);
    expect(results[CHAT_BURST]!.data.msg).toContain('太快');
    h.clock.now += 5_000;
    s.send(chatFrame('1003', '歇一会儿再说'));
    expect((await ack(s)).data.ok).toBe(true);
    s.close();
  });

  it('refuses contact solicitations, masks sensitive words, keeps markup as plain text, and enforces length', async () => {
    const u = await createUser(h);
    const s = await Sock.connect(h, u.token);
    // A contact solicitation is refused whole: masking a word left the id and the lure readable.
    s.send(chatFrame('1004', '加微信 abc123 带你赢钱'));
    const refused = await ack(s);
    expect(refused.data).toMatchObject({ ok: false, msg: '发言含有联系方式或拉人信息，不能发送' });
    h.clock.now += 2_000;
    s.send(chatFrame('1004', '别碰网赌，骗子号码 13812345678'));
    const masked = await ack(s);
    expect(masked.data.ok).toBe(true);
    expect(masked.data.message!.text).not.toMatch(/网赌|138/);
    expect(masked.data.message!.text).toContain('别碰');
    h.clock.now += 2_000;
    const markup = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    s.send(chatFrame('1004', markup));
    const m = await ack(s);
    // Stored and sent verbatim as text: the client renders text, so it can never run.
    expect(m.data.message!.text).toBe(markup);
    h.clock.now += 2_000;
    s.send(chatFrame('1004', '   '));
    expect((await ack(s)).data.msg).toContain('不能为空');
    h.clock.now += 2_000;
    s.send(chatFrame('nope-room', '你好'));
    expect((await ack(s)).data.ok).toBe(false);
    s.close();
  });

  it('lets visitors read but not send', async () => {
    const visitor = await Sock.connect(h);
    visitor.send(chatFrame('1002', '我是游客'));
    const res = await visitor.next((f) => f.code === Frame.CHAT_ACK || f.code === Frame.ERROR);
    expect(res.code === Frame.CHAT_ACK ? res.data.ok : false).toBe(false);
    visitor.close();
  });
});

describe('reservations and nobility', () => {
  it('tells a reserver when the broadcast starts, and takes the room live', async () => {
    const u = await createUser(h);
    await h.app.inject({ method: 'POST', url: '/_dev/vlive/tick' });
    const list = await api<VliveSchedule[]>(h, 'GET', VlivePaths.schedules, { token: u.token });
    const upcoming = list.data.find((x) => x.startsAt > h.clock.now)!;
    expect(upcoming).toBeTruthy();
    const r = await api<{ reserved: number }>(h, 'POST', VlivePaths.reserve, {
      token: u.token,
      form: { scheduleId: upcoming.id },
    });
    expect(r.data.reserved).toBe(1);
    const mine = await api<VliveSchedule[]>(h, 'GET', VlivePaths.reserve, { token: u.token });
    expect(mine.data.map((x) => x.id)).toContain(upcoming.id);

    h.clock.now = upcoming.startsAt + 1_000;
    // Connected after the clock jump, so the hub's idle sweep does not see a silent socket.
    const s = await Sock.connect(h, u.token);
    await s.subscribe(Topics.inbox);
    await h.app.inject({ method: 'POST', url: '/_dev/vlive/tick' });
    const ev = await s.next((f) => f.code === Frame.EVENT && f.data.kind === 'reminder');
    expect(ev.code === Frame.EVENT && ev.data.kind === 'reminder' && ev.data.path).toBe(
      `/vlive/detail/${upcoming.roomId}`,
    );
    const video = await api(h, 'GET', fillPath(VlivePaths.video, { id: upcoming.roomId }));
    expect(video.code).toBe(Code.OK);
    // A second tick tells nobody twice.
    await h.app.inject({ method: 'POST', url: '/_dev/vlive/tick' });
    expect((await s.settle(200)).filter((f) => f.code === Frame.EVENT && f.data.kind === 'reminder')).toHaveLength(0);
    // Reserving a broadcast that already started is refused.
    const late = await api(h, 'POST', VlivePaths.reserve, {
      token: (await createUser(h)).token,
      form: { scheduleId: upcoming.id },
    });
    expect(late.code).toBe(Code.REFUSED);
    s.close();
  });

  it('sells a nobility level for balance, once per key, never a downgrade', async () => {
    const u = await createUser(h, { balance: 2_000 });
    const poor = await api(h, 'POST', VlivePaths.nobilityBuy, { token: u.token, form: { level: 3, idemKey: key() } });
    expect(poor.code).toBe(Code.REFUSED);
    expect(await balanceOf(h, u.id)).toBe(2_000);
    const k = key();
    const buy = await api<VliveNobilityResult>(h, 'POST', VlivePaths.nobilityBuy, {
      token: u.token,
      form: { level: 2, idemKey: k },
    });
    expect(buy.code).toBe(Code.OK);
    expect(buy.data.balance).toBe(500);
    const retry = await api<VliveNobilityResult>(h, 'POST', VlivePaths.nobilityBuy, {
      token: u.token,
      form: { level: 2, idemKey: k },
    });
    expect(retry.data.replayed).toBe(true);
    expect(await balanceOf(h, u.id)).toBe(500);
    const down = await api(h, 'POST', VlivePaths.nobilityBuy, { token: u.token, form: { level: 1, idemKey: key() } });
    expect(down.code).toBe(Code.REFUSED);
    const info = await api<VliveNobility>(h, 'GET', VlivePaths.nobility, { token: u.token });
    expect(info.data.mine.level).toBe(2);
    expect(info.data.levels).toHaveLength(6);
    // The badge shows on chat messages.
    const s = await Sock.connect(h, u.token);
    s.send({ code: Frame.CHAT_SEND, data: { roomId: '1005', text: '贵族来了', clientId: key() } });
    const a = await s.next((f) => f.code === Frame.CHAT_ACK);
    expect(a.code === Frame.CHAT_ACK && a.data.message?.nobleLevel).toBe(2);
    s.close();
  });
});
