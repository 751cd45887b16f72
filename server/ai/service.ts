/**
 * AI predictions: fits the Poisson model to the stored finished results, predicts upcoming
 * matches, keeps each match's last pre-kick-off prediction, and scores them once played. The
 * model's prior and the notes' table and form lines come from the facts module (the tables the
 * 数据库 shows, as they stood when the prediction was made), so a note never contradicts 情报.
 */
import {
  FootballStatus,
  chinaMidnight,
  type AiCalibration,
  type AiDetail,
  type AiFactor,
  type AiFormEntry,
  type AiPrediction,
} from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { AiTables } from '../db/tables/ai';
import {
  calibrate,
  fitPoisson,
  outcomeOf,
  predict,
  scoreDistribution,
  topScores,
  type PoissonModel,
  type Result,
} from './poisson';
import type { AiSource, Fixture, TableGoals } from './source';
import type { TeamFacts } from '../facts/team-facts';
import { formLine, rankLine } from '../facts/text';

const DAY_SEC = 86_400;
/** Refit at most this often (results change only when matches finish). */
const REFIT_MS = 60_000;
/** A stored prediction older than this is refreshed while the match has not kicked off. */
const REPREDICT_MS = 30 * 60_000;
/** Days of upcoming matches on the list. */
const LIST_DAYS = 2;
export const AI_LIST_LIMIT = 60;
/** Backtest days need at least this many earlier results, or they are not scored. */
const MIN_TRAINING = 40;
/**
 * Fit settings, chosen by walk-forward scoring on the feed's stored results: a week of results
 * gives each team only a couple of matches, so strengths are shrunk hard (30 matches' worth of
 * prior) towards the season table's goal rates, themselves shrunk by 3/4 because a dozen games
 * of goals are mostly luck. Weaker shrinkage scored worse than guessing on fresh results.
 */
export const AI_FIT = { ridge: 30, decayPerDay: 0.01, tableWeight: 0.25 } as const;

type Prior = Map<number, { attack: number; defence: number }>;

type TableAt = (asOfSec: number) => TableGoals[];

/** Prior strengths from season tables: log of each team's goal rates against its league's average. */
export function tablePrior(rows: readonly TableGoals[], weight: number = AI_FIT.tableWeight): Prior {
  const byLeague = new Map<number, TableGoals[]>();
  for (const r of rows) byLeague.set(r.leagueId, [...(byLeague.get(r.leagueId) ?? []), r]);
  const out: Prior = new Map();
  for (const league of byLeague.values()) {
    const games = league.reduce((s, r) => s + r.played, 0);
    const avg = games > 0 ? league.reduce((s, r) => s + r.goalsFor, 0) / games : 0;
    if (avg <= 0) continue;
    for (const r of league) {
      // One average game added to each side keeps a team with no goals finite.
      const attack = Math.log((r.goalsFor + avg) / (r.played + 1) / avg);
      const defence = -Math.log((r.goalsAgainst + avg) / (r.played + 1) / avg);
      out.set(r.teamId, { attack: attack * weight, defence: defence * weight });
    }
  }
  return out;
}

export interface AiService {
  list(): Promise<AiPrediction[]>;
  detail(matchId: number): Promise<AiDetail | null>;
  calibration(): Promise<AiCalibration>;
}

function toResult(f: Fixture): Result {
  return {
    matchId: f.matchId,
    home: f.home.id,
    away: f.away.id,
    homeGoals: f.score[0],
    awayGoals: f.score[1],
    at: f.ot,
  };
}

/** A stored prediction, as the table holds it. */
type Row = AiTables['ai_predictions'];

function rowToPrediction(row: Row, f: Fixture): AiPrediction {
  return {
    matchId: f.matchId,
    leagueName: f.leagueName,
    leagueColor: f.leagueColor,
    ot: f.ot,
    home: f.home,
    away: f.away,
    pHome: row.p_home,
    pDraw: row.p_draw,
    pAway: row.p_away,
    xgHome: row.xg_home,
    xgAway: row.xg_away,
    score: [row.score_home, row.score_away],
    scoreProb: row.score_prob,
    // Recomputed from the stored rates: the same Poisson grid the stored score came from.
    topScores: topScores(scoreDistribution(row.xg_home, row.xg_away).grid),
    madeAt: Number(row.made_at),
  };
}

function formOf(teamId: number, results: readonly Fixture[], n: number): AiFormEntry[] {
  const out: AiFormEntry[] = [];
  for (let k = results.length - 1; k >= 0 && out.length < n; k--) {
    const f = results[k];
    const home = f.home.id === teamId;
    if (!home && f.away.id !== teamId) continue;
    const [mine, theirs] = home ? f.score : [f.score[1], f.score[0]];
    out.push({
      matchId: f.matchId,
      result: mine > theirs ? 'W' : mine === theirs ? 'D' : 'L',
      opponent: home ? f.away.name : f.home.name,
      score: f.score,
      home,
      ot: f.ot,
    });
  }
  return out;
}

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

/** League points of a form run (basketball has none: wins). */
const formPoints = (f: TeamFacts | null): number =>
  (f?.form ?? []).reduce((s, m) => s + (m === 'W' ? 3 : m === 'D' && f?.sport === 'zq' ? 1 : 0), 0);

export function explain(
  model: PoissonModel,
  f: Fixture,
  history: readonly Fixture[],
  facts: { home: TeamFacts | null; away: TeamFacts | null } = { home: null, away: null },
): Pick<AiDetail, 'factors' | 'form' | 'h2h'> {
  const H = model.teams.get(f.home.id) ?? { attack: 0, defence: 0, weight: 0 };
  const A = model.teams.get(f.away.id) ?? { attack: 0, defence: 0, weight: 0 };
  const formHome = formOf(f.home.id, history, 5);
  const formAway = formOf(f.away.id, history, 5);
  const h2h = history
    .filter(
      (r) =>
        (r.home.id === f.home.id && r.away.id === f.away.id) || (r.home.id === f.away.id && r.away.id === f.home.id),
    )
    .slice(-6)
    .reverse()
    .map((r) => {
      const home = r.home.id === f.home.id;
      const [mine, theirs] = home ? r.score : [r.score[1], r.score[0]];
      return {
        matchId: r.matchId,
        result: (mine > theirs ? 'W' : mine === theirs ? 'D' : 'L') as 'W' | 'D' | 'L',
        opponent: f.away.name,
        score: r.score,
        home,
        ot: r.ot,
      };
    });
  const factors: AiFactor[] = [];
  const side = (x: number): AiFactor['favours'] => (x > 0.02 ? 'home' : x < -0.02 ? 'away' : 'none');
  factors.push({
    key: 'attack',
    label: '进攻强度',
    text: `${f.home.name} 进球能力为联赛平均的 ${pct(Math.exp(H.attack))}，${f.away.name} 为 ${pct(Math.exp(A.attack))}`,
    favours: side(H.attack - A.attack),
  });
  factors.push({
    key: 'defence',
    label: '防守强度',
    text: `${f.home.name} 失球为平均的 ${pct(Math.exp(-H.defence))}，${f.away.name} 为 ${pct(Math.exp(-A.defence))}（越低越好）`,
    favours: side(H.defence - A.defence),
  });
  factors.push({
    key: 'home',
    label: '主场优势',
    text: `主队预期进球 ×${Math.exp(model.homeAdvantage).toFixed(2)}（由全部已完场比赛拟合）`,
    favours: side(model.homeAdvantage),
  });
  // The table and the league form in 情报's own sentences (server/facts/text.ts), from the same facts.
  const standing = [facts.home, facts.away].flatMap((x) => {
    const line = x && rankLine(x);
    return line ? [line.text] : [];
  });
  if (standing.length > 0) {
    const { home, away } = facts;
    const sameTable = home && away && home.leagueId === away.leagueId && home.played > 0 && away.played > 0;
    factors.push({
      key: 'table',
      label: '积分榜',
      text: standing.join('；'),
      favours: sameTable ? side((away.rank - home.rank) / home.teamCount) : 'none',
    });
  }
  const leagueForm = (x: TeamFacts | null, name: string) => (x && formLine(x)?.text) || `${name}暂无联赛战绩`;
  factors.push({
    key: 'form',
    label: '近期状态',
    text: `${leagueForm(facts.home, f.home.name)}；${leagueForm(facts.away, f.away.name)}；近期比赛在模型中权重更高`,
    favours: side((formPoints(facts.home) - formPoints(facts.away)) / 15),
  });
  const w = h2h.filter((e) => e.result === 'W').length;
  const l = h2h.filter((e) => e.result === 'L').length;
  factors.push({
    key: 'h2h',
    label: '历史交锋',
    text: h2h.length
      ? `近${h2h.length}次交锋 ${f.home.name} ${w}胜${h2h.length - w - l}平${l}负（已计入双方强度）`
      : '近期无交锋记录',
    favours: h2h.length ? side((w - l) / h2h.length) : 'none',
  });
  factors.push({
    key: 'sample',
    label: '数据量',
    text: `${f.home.name} ${H.weight.toFixed(1)} 场、${f.away.name} ${A.weight.toFixed(1)} 场（按时间加权）；近期比赛少，强度向赛季积分榜的进失球水平收缩`,
    favours: 'none',
  });
  return { factors, form: { home: formHome, away: formAway }, h2h };
}

export function createAiService(db: Db, source: AiSource, now: () => number): AiService {
  let cached: { model: PoissonModel; history: Fixture[]; tableAt: TableAt; at: number } | null = null;

  async function current() {
    const t = now();
    if (cached && t - cached.at < REFIT_MS) return cached;
    const history = await source.finished(Math.floor(t / 1000));
    const tableAt = await source.tables();
    const model = fitPoisson(history.map(toResult), {
      asOf: Math.floor(t / 1000),
      ridge: AI_FIT.ridge,
      decayPerDay: AI_FIT.decayPerDay,
      prior: tablePrior(tableAt(Math.floor(t / 1000))),
    });
    cached = { model, history, tableAt, at: t };
    return cached;
  }

  /** The stored prediction for an upcoming match, made (or refreshed) now if needed. */
  async function predictionFor(f: Fixture, model: PoissonModel): Promise<Row> {
    const t = now();
    const existing = (await db
      .selectFrom('ai_predictions')
      .selectAll()
      .where('match_id', '=', f.matchId)
      .executeTakeFirst()) as Row | undefined;
    const started = f.ot * 1000 <= t || f.status !== FootballStatus.NOT_STARTED;
    if (existing && (started || t - Number(existing.made_at) < REPREDICT_MS)) return existing;
    if (started && !existing) return fresh(f, model, t, 'live'); // shown but never stored after kick-off
    const row = fresh(f, model, t, 'live');
    await db
      .insertInto('ai_predictions')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('match_id')
          .doUpdateSet({ ...row })
          .where('ai_predictions.kickoff', '>', Math.floor(t / 1000)),
      )
      .execute();
    return row;
  }

  function fresh(f: Fixture, model: PoissonModel, t: number, source: Row['source']): Row {
    const p = predict(model, f.home.id, f.away.id);
    return {
      match_id: f.matchId,
      league_id: f.leagueId,
      kickoff: f.ot,
      made_at: t,
      p_home: p.pHome,
      p_draw: p.pDraw,
      p_away: p.pAway,
      xg_home: p.xgHome,
      xg_away: p.xgAway,
      score_home: p.score[0],
      score_away: p.score[1],
      score_prob: p.scoreProb,
      source,
    };
  }

  /** Walk-forward: for each China day of finished matches without a prediction, fit on the days before. */
  async function backfill(history: Fixture[], tableAt: TableAt): Promise<void> {
    const have = new Set(
      (await db.selectFrom('ai_predictions').select('match_id').execute()).map((r) => r.match_id as number),
    );
    const missing = history.filter((f) => !have.has(f.matchId));
    const days = new Map<number, Fixture[]>();
    for (const f of missing) {
      const day = chinaMidnight(f.ot * 1000) / 1000;
      days.set(day, [...(days.get(day) ?? []), f]);
    }
    const results = history.map(toResult);
    const rows: Row[] = [];
    for (const [dayStart, fixtures] of days) {
      const training = results.filter((r) => r.at < dayStart);
      if (training.length < MIN_TRAINING) continue;
      // The tables as they stood that morning: a backtest must not see the day's own results.
      const model = fitPoisson(training, {
        asOf: dayStart,
        ridge: AI_FIT.ridge,
        decayPerDay: AI_FIT.decayPerDay,
        prior: tablePrior(tableAt(dayStart)),
      });
      for (const f of fixtures) rows.push({ ...fresh(f, model, dayStart * 1000, 'backtest') });
    }
    for (let i = 0; i < rows.length; i += 200) {
      await db
        .insertInto('ai_predictions')
        .values(rows.slice(i, i + 200))
        .onConflict((oc) => oc.column('match_id').doNothing())
        .execute();
    }
  }

  return {
    async list() {
      const { model } = await current();
      const t = Math.floor(now() / 1000);
      const fixtures = (await source.upcoming(t, t + LIST_DAYS * DAY_SEC)).slice(0, AI_LIST_LIMIT);
      const out: AiPrediction[] = [];
      for (const f of fixtures) out.push(rowToPrediction(await predictionFor(f, model), f));
      return out;
    },

    async detail(matchId) {
      const f = await source.fixture(matchId);
      if (!f) return null;
      const { model, history } = await current();
      const before = history.filter((r) => r.ot < f.ot && r.matchId !== f.matchId);
      const [row, facts] = await Promise.all([predictionFor(f, model), source.facts(f.home.id, f.away.id)]);
      const p = predict(model, f.home.id, f.away.id);
      const grid = p.grid.slice(0, 6).map((r) => r.slice(0, 6));
      return {
        ...rowToPrediction(row, f),
        grid,
        ...explain(model, f, before, facts),
        model: {
          homeAdvantage: Math.exp(model.homeAdvantage),
          baseRate: Math.exp(model.mu),
          sampleSize: model.sampleSize,
          fittedAt: cached?.at ?? now(),
        },
      };
    },

    async calibration() {
      const { history, tableAt } = await current();
      await backfill(history, tableAt);
      const byId = new Map(history.map((f) => [f.matchId, f]));
      const rows = (await db.selectFrom('ai_predictions').selectAll().execute()) as Row[];
      const scored = rows
        .filter((r) => byId.has(r.match_id) && Number(r.made_at) <= Number(r.kickoff) * 1000)
        .map((r) => ({ row: r, f: byId.get(r.match_id)! }))
        .sort((a, b) => b.f.ot - a.f.ot);
      const summary = calibrate(
        scored.map(({ row, f }) => ({
          pHome: row.p_home,
          pDraw: row.p_draw,
          pAway: row.p_away,
          outcome: outcomeOf(f.score[0], f.score[1]),
        })),
      );
      const recent = scored.slice(0, 20).map(({ row, f }) => {
        const probs = { H: row.p_home, D: row.p_draw, A: row.p_away };
        const top = (['H', 'D', 'A'] as const).reduce((a, b) => (probs[b] > probs[a] ? b : a));
        return { ...rowToPrediction(row, f), finalScore: f.score, hit: top === outcomeOf(f.score[0], f.score[1]) };
      });
      return { ...summary, recent };
    },
  };
}
