/**
 * The sentences texts build from facts (./team-facts.ts): each states only what the facts hold,
 * and one record gets one verdict (状态正佳, 状态起伏 or 状态低迷, never two of them).
 */
import type { TipMarketCode, TipPickCode } from '../../workers/protocol/index';
import type { TeamFacts } from './team-facts';

export type Tone = 'good' | 'bad' | 'neutral';
export interface FactLine {
  tone: Tone;
  text: string;
}

const count = (form: readonly string[], mark: string): number => form.filter((x) => x === mark).length;

/** 3胜1平1负, 3胜2负 (no draws, and basketball). */
export function recordText(f: Pick<TeamFacts, 'sport'>, win: number, draw: number, loss: number): string {
  return f.sport === 'lq' || draw === 0 ? `${win}胜${loss}负` : `${win}胜${draw}平${loss}负`;
}

/** The one verdict a run of results gets. */
export function formTone(form: readonly string[]): Tone {
  const n = form.length;
  const w = count(form, 'W');
  const l = count(form, 'L');
  if (n >= 3 && w > l && w >= Math.ceil(n / 2)) return 'good';
  if (n >= 3 && l > w && l >= Math.ceil(n / 2)) return 'bad';
  return 'neutral';
}

const VERDICT: Record<Tone, string> = { good: '状态正佳', bad: '状态低迷', neutral: '状态起伏' };

export function formLine(f: TeamFacts): FactLine | null {
  const n = f.form.length;
  if (n === 0) return null;
  const tone = formTone(f.form);
  const rec = recordText(f, count(f.form, 'W'), count(f.form, 'D'), count(f.form, 'L'));
  // '邓迪近5场联赛…', not '邓迪联赛近5场…', which reads as 邓迪联's record.
  return { tone, text: `${f.name}近${n}场联赛${rec}，${VERDICT[tone]}` };
}

/** Rank, points and gap to the leader, as the table shows them; the tone follows the table's zone. */
export function rankLine(f: TeamFacts): FactLine | null {
  if (f.played === 0) return null;
  const tone: Tone =
    f.sport === 'lq'
      ? f.zone === null
        ? 'bad'
        : f.rank <= 4
          ? 'good'
          : 'neutral'
      : f.zone === 'champions'
        ? 'good'
        : f.zone === 'relegation'
          ? 'bad'
          : 'neutral';
  const standing =
    f.sport === 'lq'
      ? `${f.name}${f.leagueName}战绩${f.win}胜${f.loss}负，排名第${f.rank}位`
      : `${f.name}${f.leagueName}积${f.points}分，排名第${f.rank}位`;
  const behind =
    f.rank === 1
      ? '，领跑积分榜'
      : f.gap === 0
        ? `，与榜首${f.leaderName}${f.sport === 'lq' ? '胜场数相同' : '同分'}`
        : f.sport === 'lq'
          ? `，与榜首${f.leaderName}的胜场差为${f.gap}`
          : `，与榜首${f.leaderName}相差${f.gap}分`;
  const tail = tone === 'bad' ? (f.sport === 'lq' ? '，暂列季后赛区外' : '，身处降级区') : '';
  return { tone, text: standing + behind + tail };
}

/** Home record for the home side, away record for the away side. */
export function venueLine(f: TeamFacts, side: 'home' | 'away'): FactLine | null {
  const r = side === 'home' ? f.home : f.away;
  const n = r.win + r.draw + r.loss;
  if (n === 0) return null;
  const tone: Tone = r.win > r.loss + r.draw ? 'good' : r.loss > r.win + r.draw ? 'bad' : 'neutral';
  return { tone, text: `${f.name}本赛季${side === 'home' ? '主场' : '客场'}${recordText(f, r.win, r.draw, r.loss)}` };
}

const perGame = (total: number, played: number): string => (total / played).toFixed(1);

/** Goals (points) scored and conceded per league game. */
export function scoringLine(f: TeamFacts): FactLine | null {
  if (f.played === 0) return null;
  const unit = f.sport === 'lq' ? ['得分', '失分'] : ['进球', '失球'];
  return {
    tone: 'neutral',
    text: `${f.name}联赛场均${unit[0]}${perGame(f.goalsFor, f.played)}、${unit[1]}${perGame(f.goalsAgainst, f.played)}`,
  };
}

/** Every fact line of one side of a match, by tone. */
export function sideFactLines(f: TeamFacts, side: 'home' | 'away'): FactLine[] {
  return [rankLine(f), formLine(f), venueLine(f, side), scoringLine(f)].filter((x): x is FactLine => x !== null);
}

/** The line named in a tip: '受让半球' style words are the client's; a reason says it in numbers. */
function lineWords(sport: 'zq' | 'lq', line: number): string {
  const abs = Math.abs(line);
  return sport === 'lq' ? `${abs}分` : `${abs}球`;
}

/**
 * For a total pick: what both sides score (or concede) together a league game, when it is on the
 * pick's side of the line as printed (2.46 is printed 2.5, which is not under 2.5); else nothing.
 */
function totalsLine(home: TeamFacts, away: TeamFacts, over: boolean, line: number): string | null {
  if (home.played === 0 || away.played === 0) return null;
  const lq = home.sport === 'lq';
  const shown = (x: number) => Number(x.toFixed(1));
  const scored = shown(home.goalsFor / home.played + away.goalsFor / away.played);
  const conceded = shown(home.goalsAgainst / home.played + away.goalsAgainst / away.played);
  const side = (x: number) => (over ? x > line : x < line);
  const unit = lq ? '分' : '球';
  const than = `${over ? '高于' : '低于'}${line}`;
  if (side(scored)) return `两队联赛场均合计${lq ? '得' : '进'}${scored}${unit}，${than}`;
  if (side(conceded)) return `两队联赛场均合计${lq ? '失' : '丢'}${conceded}${unit}，${than}`;
  return null;
}

/** For a draw: the two sides are close in the table (within 3 points or 3 places), else nothing. */
function closeLine(home: TeamFacts, away: TeamFacts): string | null {
  if (home.played === 0 || away.played === 0 || home.leagueId !== away.leagueId) return null;
  const points = Math.abs(home.points - away.points);
  if (points === 0) return '两队积分相同，实力接近';
  if (points <= 3) return `两队积分只差${points}分，实力接近`;
  const places = Math.abs(home.rank - away.rank);
  if (places <= 3) return `两队排名只差${places}位，实力接近`;
  return null;
}

/**
 * A tip's reason: the facts that favour its own pick, then the pick itself in the market's words.
 * A pick on the away side never argues for the home side, and the other way round.
 */
export function tipReason(
  facts: { home: TeamFacts | null; away: TeamFacts | null },
  tip: { sport: 'zq' | 'lq'; market: TipMarketCode; pick: TipPickCode; line: number | null },
): string {
  const { home, away } = facts;
  const parts: string[] = [];
  const side = tip.pick === 'home' ? home : tip.pick === 'away' ? away : null;
  if (side) {
    const lines = sideFactLines(side, tip.pick as 'home' | 'away');
    const best = lines.find((l) => l.tone === 'good') ?? lines.find((l) => l.tone === 'neutral');
    if (best) parts.push(best.text);
    const other = tip.pick === 'home' ? away : home;
    const weak = other && sideFactLines(other, tip.pick === 'home' ? 'away' : 'home').find((l) => l.tone === 'bad');
    if (weak) parts.push(weak.text);
  }
  const goals = tip.sport === 'lq' ? '分' : '球';
  const l = tip.line ?? 0;
  if (home && away && (tip.pick === 'over' || tip.pick === 'under')) {
    const total = totalsLine(home, away, tip.pick === 'over', l);
    if (total) parts.push(total);
  }
  if (home && away && tip.pick === 'draw') {
    const close = closeLine(home, away);
    if (close) parts.push(close);
  }
  let call: string;
  if (tip.market === 'spf')
    call = tip.pick === 'draw' ? '看好平局' : tip.pick === 'home' ? '看好主队取胜' : '看好客队取胜';
  else if (tip.market === 'dxq' || tip.market === 'dxf')
    call = `${tip.pick === 'over' ? '看好大' : '看好小'}${goals}，总${tip.sport === 'lq' ? '分' : '进球'}${tip.pick === 'over' ? '高于' : '低于'}${l}`;
  else {
    const gives = tip.pick === 'home' ? l > 0 : l < 0;
    const name = tip.pick === 'home' ? '主队' : '客队';
    call = l === 0 ? `平手盘，看好${name}取胜` : `看好${name}${gives ? '让' : '受让'}${lineWords(tip.sport, l)}赢盘`;
  }
  parts.push(call);
  return `${parts.join('；')}。`;
}
