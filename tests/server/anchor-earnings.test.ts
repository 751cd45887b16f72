/**
 * Anchors earn (issue 31): a share of each coin gift (ANCHOR_GIFT_SHARE_PCT, default 50 %) goes
 * to the room's anchor in the gift's own transaction. A double-tapped send (the same idemKey
 * twice at once) debits once and earns once; the anchor console shows the earnings in total, per
 * broadcast and per China day; `npm run ops -- audit-ledger` checks anchors' earnings as it
 * checks fans' balances, and finds a total changed outside its rows.
 */
import { expect, it } from 'vitest';
import {
  BroadcastPaths,
  VlivePaths,
  chinaDay,
  type AnchorConsole,
  type VliveGiftResult,
} from '../../workers/protocol/index';
import { DEFAULT_ANCHOR_SHARE_PCT, anchorShare, parseAnchorSharePct } from '../../server/vlive/wallet';
import { runOpsCli } from '../../server/ops/cli';
import { audit, balance, call, describeCoins, idem, newUser, order } from './pay-harness';

const ROOM = '1002';

it('ANCHOR_GIFT_SHARE_PCT is a whole percentage; the anchor gets whole coins, rounded down', () => {
  expect(parseAnchorSharePct(undefined)).toBe(DEFAULT_ANCHOR_SHARE_PCT);
  expect(parseAnchorSharePct('70')).toBe(70);
  expect(() => parseAnchorSharePct('101')).toThrow(/ANCHOR_GIFT_SHARE_PCT 配置有误/);
  expect(() => parseAnchorSharePct('12.5')).toThrow(/0 到 100 的整数/);
  expect(anchorShare(99, 50)).toBe(49);
  expect(anchorShare(100, 0)).toBe(0);
});

describeCoins((h) => {
  it('a double-tapped gift debits once and earns the anchor its share once; the console and the audit agree', async () => {
    const db = h.ts.storage.db;
    const fan = await newUser(h);
    const anchorUser = await newUser(h);
    const room = await db
      .selectFrom('vlive_rooms')
      .select('anchor_id')
      .where('id', '=', ROOM)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('vlive_anchor_users')
      .values({ user_id: anchorUser.id, room_id: ROOM, at: Date.now() })
      .execute();
    const before = (await call<AnchorConsole>(h, 'GET', BroadcastPaths.console, { token: anchorUser.token })).data;
    expect(before.earnings.sharePct).toBe(DEFAULT_ANCHOR_SHARE_PCT);

    expect((await order(h, fan.token, 1, 'dev')).code).toBe(200);
    const coins = await balance(h, fan.token);
    const gift = await db
      .selectFrom('vlive_gifts')
      .select(['id', 'price'])
      .where('price', '>', 1)
      .where('price', '<=', coins)
      .orderBy('price', 'desc')
      .executeTakeFirstOrThrow();
    // The double tap: the same send (one idemKey) twice at once.
    const key = idem();
    const body = { roomId: ROOM, giftId: gift.id, count: 1, fromBag: 0, idemKey: key };
    const [a, b] = await Promise.all(
      [0, 1].map(() => call<VliveGiftResult>(h, 'POST', VlivePaths.giftSend, { token: fan.token, json: body })),
    );
    expect([a!.code, b!.code]).toEqual([200, 200]);
    expect([a!.data.replayed, b!.data.replayed].sort()).toEqual([false, true]);
    expect(await balance(h, fan.token)).toBe(coins - gift.price);

    const rows = await db.selectFrom('vlive_anchor_earnings').selectAll().where('room_id', '=', ROOM).execute();
    const mine = rows.filter((r) => r.gift_send_id === a!.data.sendId);
    expect(mine).toHaveLength(1);
    const share = anchorShare(gift.price, DEFAULT_ANCHOR_SHARE_PCT);
    expect(mine[0]).toMatchObject({ anchor_id: room.anchor_id, gift_coins: gift.price, coins: share });
    // A gift from the bag was free to the fan: it earns nothing.
    const bag = await call<VliveGiftResult>(h, 'POST', VlivePaths.giftSend, {
      token: fan.token,
      json: { roomId: ROOM, giftId: 1, count: 1, fromBag: 1, idemKey: idem() },
    });
    if (bag.code === 200) {
      expect(
        await db.selectFrom('vlive_anchor_earnings').selectAll().where('gift_send_id', '=', bag.data.sendId).execute(),
      ).toEqual([]);
    }

    const after = (await call<AnchorConsole>(h, 'GET', BroadcastPaths.console, { token: anchorUser.token })).data;
    expect(after.earnings.total).toBe(before.earnings.total + share);
    expect(after.earnings.byBroadcast[0]).toMatchObject({ broadcastId: null, coins: share, gifts: 1 });
    expect(after.earnings.byDay[0]).toMatchObject({ day: chinaDay(h.clock.now), coins: share, gifts: 1 });

    const clean = await audit(h);
    expect(clean.lines.join('\n')).toMatch(/个主播、\d+ 笔分成：0 个主播收益不一致，0 笔礼物分成有误/);
    expect(clean.code).toBe(0);
  });

  it('audit-ledger finds an anchor total changed outside its earnings rows', async () => {
    const db = h.ts.storage.db;
    const anchor = await db
      .selectFrom('vlive_rooms')
      .select('anchor_id')
      .where('id', '=', ROOM)
      .executeTakeFirstOrThrow();
    const row = await db
      .selectFrom('vlive_anchors')
      .select('earnings')
      .where('id', '=', anchor.anchor_id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('vlive_anchors')
      .set({ earnings: row.earnings + 500 })
      .where('id', '=', anchor.anchor_id)
      .execute();
    const bad = await audit(h);
    expect(bad.code).toBe(1);
    expect(bad.lines.join('\n')).toContain(
      `不一致: 主播 ${anchor.anchor_id} 收益 ${row.earnings + 500} 分成流水合计 ${row.earnings}`,
    );
    await db.updateTable('vlive_anchors').set({ earnings: row.earnings }).where('id', '=', anchor.anchor_id).execute();
    expect((await audit(h)).code).toBe(0);
    // One word for the operator's side everywhere: 运营 (运营接口, 运营令牌), as in 请联系运营开通.
    const lines: string[] = [];
    expect(await runOpsCli(['audit-ledger'], { base: h.base, token: null, out: (l) => lines.push(l) })).toBe(2);
    expect(await runOpsCli(['audit-ledger'], { base: h.base, token: 'wrong', out: (l) => lines.push(l) })).toBe(2);
    expect(lines).toEqual(['未设置 OPS_TOKEN，无法访问运营接口', '运营令牌不正确']);
  });
});
