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
import { rowToMatch } from '../live/store';
import { QUOTED_MARKETS, quoteFromBoard } from './quote';
import { settleDueTips } from './tips';
import { MARKET_SIDES, settleTip, type TipMarket } from './settle';
import { pairFacts } from '../facts/team-facts';
import { tipReason } from '../facts/text';

interface DemoExpert {
  phone: string;
  nick: string;
  level: number;
  intro: string;
  sport: Sport;
  /** The only leagues the expert tips in. */
  leagues: readonly number[];
  /** The only markets, when the intro names one. */
  markets?: readonly TipMarketCode[];
  /** Share of the settled tips that hit (红 of 红 + 黑): a believable 40–70 %, lowest for the newcomer. */
  hitRate: number;
}

const FIVE_LEAGUES = [1, 2, 3, 4, 5];

export const DEMO_EXPERTS: readonly DemoExpert[] = [
  {
    phone: '13800000201',
    nick: '老炮说球',
    level: 7,
    intro: '二十年竞彩经验，专注五大联赛让球盘。',
    sport: 'zq',
    leagues: FIVE_LEAGUES,
    markets: ['rq'],
    hitRate: 0.66,
  },
  {
    phone: '13800000202',
    nick: '数据流阿杰',
    level: 4,
    intro: '用数据说话，只推有把握的场次。',
    sport: 'zq',
    leagues: [...FIVE_LEAGUES, 7, 10, 11, 16],
    hitRate: 0.6,
  },
  {
    phone: '13800000203',
    nick: '前国脚老周',
    level: 6,
    intro: '退役球员，专注亚洲赛场，看阵容和临场状态。',
    sport: 'zq',
    leagues: [6, 8, 9, 12, 18, 19],
    hitRate: 0.56,
  },
  {
    phone: '13800000204',
    nick: '篮板王',
    level: 3,
    intro: '篮球让分与大小分。',
    sport: 'lq',
    leagues: [101, 102, 103, 105, 106, 107],
    hitRate: 0.53,
  },
  {
    phone: '13800000205',
    nick: '体育记者小林',
    level: 5,
    intro: '跑口记者，消息面为主。',
    sport: 'zq',
    leagues: [...FIVE_LEAGUES, 6, 13, 14],
    hitRate: 0.48,
  },
  {
    phone: '13800000206',
    nick: '新手小白',
    level: 1,
    intro: '学习中，欢迎交流。',
    sport: 'zq',
    leagues: [1, 2, 6, 16],
    hitRate: 0.42,
  },
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
  const matches = rows.map((r) => rowToMatch(r));
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
  for (const [e, x] of DEMO_EXPERTS.entries()) {
    const mine = (m: (typeof matches)[number]) => m.sport === x.sport && x.leagues.includes(m.leagueId);
    let hits = 0;
    let misses = 0;
    // The expert's settled record follows their hit rate: each pick hits when the record so far
    // is below it, and misses otherwise (a line where every side pushes counts for neither).
    const resultOf = (m: (typeof matches)[number], market: TipMarket, line: number | null, pick: TipPickCode) =>
      settleTip({ market, pick, line, odds: 2 }, { kind: 'finished', score: m.score }).result;
    const pickFor = (m: (typeof matches)[number], market: TipMarket, line: number | null): TipPickCode => {
      const sides = MARKET_SIDES[market];
      const wantHit = hits < x.hitRate * (hits + misses + 1);
      const pool = sides.filter((s) => resultOf(m, market, line, s) === (wantHit ? 'red' : 'black'));
      const from = pool.length ? pool : sides;
      return from[Math.floor(unit(m.id, e, 7) * from.length)]!;
    };
    // Quotes are read before the transaction: the odds board reads (and may store) through `db`.
    const tips: Tip[] = [];
    const tipsOf = async (list: typeof matches, done: boolean, count: number) => {
      let added = 0;
      for (const m of list.filter(mine)) {
        if (added >= count) break;
        if (unit(e, m.id, 3) > (done ? 0.6 : 0.5)) continue;
        const markets = QUOTED_MARKETS[m.sport].filter((q) => !x.markets || x.markets.includes(q.market));
        const market = markets[Math.floor(unit(e, m.id, 5) * markets.length)]!.market;
        const q = await quote(m, market, done ? 'open' : 'live');
        if (!q) continue;
        const pick = done
          ? pickFor(m, market, q.line)
          : MARKET_SIDES[market][Math.floor(unit(e, m.id, 9) * MARKET_SIDES[market].length)]!;
        const odds = q.odds[pick];
        if (odds === undefined || odds <= 1) continue;
        if (done) {
          const r = resultOf(m, market, q.line, pick);
          if (r === 'red') hits++;
          else if (r === 'black') misses++;
        }
        const publishedAt = done ? (m.ot - 3 * 3600) * 1000 : now;
        // The reason argues for this pick with the facts as they stood when it was published.
        const facts = await pairFacts(db, m.homeId, m.awayId, Math.floor(publishedAt / 1000));
        tips.push({
          match_id: m.id,
          sport: m.sport,
          market,
          pick,
          line: q.line,
          odds,
          price: unit(e, m.id, 11) < 0.4 ? 10 + 10 * Math.floor(unit(e, m.id, 13) * 3) : 0,
          reason: tipReason(facts, { sport: m.sport, market, pick, line: q.line }),
          published_at: publishedAt,
        });
        added++;
      }
    };
    await tipsOf(played.slice(-200), true, 14);
    await tipsOf(coming, false, 3);
    await db.transaction().execute(async (trx) => {
      // Demo experts cannot log in: '!' is no password hash.
      const user = await trx
        .insertInto('users')
        .values({ phone: x.phone, nick_name: x.nick, password_hash: '!', portrait: '' })
        .onConflict((oc) => oc.column('phone').doUpdateSet({ nick_name: x.nick }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('proposal_experts')
        .values({ user_id: user.id, level: x.level, intro: x.intro, created_at: now - 30 * 86_400_000 })
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
