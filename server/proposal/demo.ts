/**
 * The demo world's experts (not in tests): a few experts with tips on the simulator's matches,
 * so the tips pages are alive on a fresh start. Tips on matches already played were "published"
 * before their kick-off at the opening odds and are settled by the same code as every tip
 * (settleDueTips); tips on upcoming matches are at the odds quoted now. Runs once: nothing is
 * added when any expert exists.
 */
import { isFinished, isUpcoming, type Sport, type TipMarketCode, type TipPickCode } from '../../workers/protocol/index';
import type { AppContext } from '../context';
import { createLiveBodies } from '../live/bodies';
import { rowToSim } from '../live/store';
import { QUOTED_MARKETS, quoteFromBoard } from './quote';
import { settleDueTips } from './tips';
import { MARKET_SIDES, settleTip, type TipMarket } from './settle';

/** [phone, nickname, level, intro, skill 0..1 (share of picks on the side that won)]. */
const DEMO_EXPERTS: ReadonlyArray<readonly [string, string, number, string, number]> = [
  ['13800000201', '老炮说球', 7, '二十年竞彩经验，专注五大联赛让球盘。', 0.72],
  ['13800000202', '数据流阿杰', 4, '用数据说话，只推有把握的场次。', 0.64],
  ['13800000203', '前国脚老周', 6, '退役球员，看阵容和临场状态。', 0.6],
  ['13800000204', '篮板王', 3, '篮球让分与大小分。', 0.58],
  ['13800000205', '体育记者小林', 5, '跑口记者，消息面为主。', 0.52],
  ['13800000206', '新手小白', 1, '学习中，欢迎交流。', 0.45],
];

const REASONS = [
  '主队近五场主场全胜，防守端只丢两球；客队连续客场作战体能下滑，看好主队拿分。',
  '两队近期交锋多为小比分，且双方主力前锋均有伤停，本场进球数不会太多。',
  '客队阵容完整，中场控制力明显占优，盘口给得偏浅，客队值得一搏。',
  '初盘到即时盘水位持续下调，机构看好方向明确，跟随主流。',
  '主队争冠压力大，必须全力取胜；客队已提前保级，战意存疑。',
];

/** A small deterministic hash in [0, 1). */
function unit(...xs: number[]): number {
  let h = 2166136261;
  for (const x of xs) h = Math.imul(h ^ (x | 0), 16777619) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0;
  return (h >>> 0) / 4294967296;
}

export async function seedDemoExperts(ctx: AppContext): Promise<boolean> {
  const { db } = ctx;
  const any = await db.selectFrom('proposal_experts').select('user_id').limit(1).executeTakeFirst();
  if (any) return true;
  const now = ctx.now();
  const nowS = Math.floor(now / 1000);
  const rows = await db
    .selectFrom('live_matches')
    .selectAll()
    .where('ot', '>', nowS - 6 * 86_400)
    .where('ot', '<', nowS + 2 * 86_400)
    .orderBy('ot')
    .orderBy('id')
    .execute();
  const matches = rows.map((r) => rowToSim(r));
  const played = matches.filter((m) => isFinished(m.sport, m.status));
  const coming = matches.filter((m) => isUpcoming(m.sport, m.status) && m.ot > nowS + 600);
  if (played.length < 10 || coming.length < 5) return false;
  const body = createLiveBodies(ctx);
  const boards = new Map<string, Awaited<ReturnType<typeof body.oddsBoard>>>();
  const quote = async (m: (typeof matches)[number], market: TipMarketCode, which: 'live' | 'open') => {
    const type = QUOTED_MARKETS[m.sport].find((x) => x.market === market)!.type;
    const key = `${m.id}:${type}`;
    if (!boards.has(key)) boards.set(key, await body.oddsBoard(m, type));
    return quoteFromBoard(market, boards.get(key)!, which);
  };
  type Tip = {
    match_id: number;
    sport: Sport;
    market: TipMarketCode;
    pick: TipPickCode;
    line: number | null;
    odds: number;
    price: number;
    reason: string;
    published_at: number;
  };
  for (const [e, [phone, nick, level, intro, skill]] of DEMO_EXPERTS.entries()) {
    const pickFor = (m: (typeof matches)[number], market: TipMarket, line: number | null, i: number): TipPickCode => {
      const sides = MARKET_SIDES[market];
      // With probability `skill` the expert picked a side that turned out to win at that line.
      const winners = sides.filter(
        (s) => settleTip({ market, pick: s, line, odds: 2 }, { kind: 'finished', score: m.score }).result === 'red',
      );
      const pool = unit(e, m.id, i) < skill && winners.length ? winners : sides;
      return pool[Math.floor(unit(m.id, e, i, 7) * pool.length)]!;
    };
    // Quotes are read before the transaction: the odds board reads (and may store) through `db`.
    const tips: Tip[] = [];
    const tipsOf = async (list: typeof matches, done: boolean, count: number) => {
      let added = 0;
      for (const [i, m] of list.entries()) {
        if (added >= count) break;
        if (unit(e, m.id, 3) > (done ? 0.35 : 0.25)) continue;
        const markets = QUOTED_MARKETS[m.sport];
        const market = markets[Math.floor(unit(e, m.id, 5) * markets.length)]!.market;
        const q = await quote(m, market, done ? 'open' : 'live');
        if (!q) continue;
        const pick = done
          ? pickFor(m, market, q.line, i)
          : MARKET_SIDES[market][Math.floor(unit(e, m.id, 9) * MARKET_SIDES[market].length)]!;
        const odds = q.odds[pick];
        if (odds === undefined || odds <= 1) continue;
        tips.push({
          match_id: m.id,
          sport: m.sport,
          market,
          pick,
          line: q.line,
          odds,
          price: unit(e, m.id, 11) < 0.4 ? 10 + 10 * Math.floor(unit(e, m.id, 13) * 3) : 0,
          reason: REASONS[Math.floor(unit(e, m.id, 17) * REASONS.length)]!,
          published_at: done ? (m.ot - 3 * 3600) * 1000 : now,
        });
        added++;
      }
    };
    await tipsOf(played.slice(-80), true, 12);
    await tipsOf(coming, false, 3);
    await db.transaction().execute(async (trx) => {
      // Demo experts cannot log in: '!' is no password hash.
      const user = await trx
        .insertInto('users')
        .values({ phone, nick_name: nick, password_hash: '!', portrait: '' })
        .onConflict((oc) => oc.column('phone').doUpdateSet({ nick_name: nick }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('proposal_experts')
        .values({ user_id: user.id, level, intro, created_at: now - 30 * 86_400_000 })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      for (const t of tips)
        await trx
          .insertInto('proposal_tips')
          .values({ ...t, expert_id: user.id })
          .onConflict((oc) => oc.columns(['expert_id', 'match_id', 'market']).doNothing())
          .execute();
    });
  }
  await settleDueTips(db, now);
  return true;
}
