/**
 * Automatic match reports (自动生成) from the feed's stored matches and incidents: a preview
 * before kick-off (form, table position, head-to-head, odds), a live report that grows with each
 * goal and card, and a full-time report (score, scorers, key stats, table). Written from
 * templates in Chinese. The article row is created by a sweep; its body is rendered from the
 * current incidents whenever it is read, so a goal shows in the report as soon as it is stored.
 */
import { isFinished, isLive, isNotStarted, type Sport } from '../../workers/protocol/index';
import type { MatchReportKind, MatchReportLink } from '../../workers/protocol/api/news';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { scheduleJob } from '../jobs';
import type { Db } from '../db/index';
import { renderMarkdown } from './markdown';
import {
  form,
  headToHead,
  incidentsOf,
  kickoffText,
  matchInfo,
  oddsLine,
  type IncidentRow,
  type MatchInfo,
} from './match-report-facts';
import { IngestText } from '../live/text';
import { pairFacts } from '../facts/team-facts';
import { rankLine } from '../facts/text';

export const AUTO_AUTHOR = '球赛数据机器人';
/** How far ahead previews are written, and how many matches the sweep covers per run. */
const PREVIEW_AHEAD_MS = 24 * 3600_000;
const SWEEP_MS = 3000;

/** '第67分钟 阿森纳 张三 进球！比分 2-1' → the player's name, when the simulator gave one. */
const playerIn = (text: string, team: string) => {
  const m = new RegExp(`${team.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (\\S+) `).exec(text);
  return m ? m[1]! : null;
};

/** '45+1' for a minute of stoppage time, '23' otherwise. */
const minuteOf = (i: IncidentRow): string => (i.stoppage > 0 ? `${i.minute}+${i.stoppage}` : String(i.minute));

function eventLine(m: MatchInfo, i: IncidentRow): string | null {
  const team = i.side === 'home' ? m.home : i.side === 'away' ? m.away : '';
  const player = team ? playerIn(i.text, team) : null;
  const who = player ? `${team}的${player}` : team;
  switch (i.type) {
    case 'goal': {
      // A goal taken back (VAR) keeps its incident, corrected to read 进球无效.
      if (i.text.includes(IngestText.voided)) return `第 ${i.minute} 分钟，${team}的进球经视频裁判复核被判无效。`;
      const lead =
        i.score_h === i.score_a
          ? '将比分扳平'
          : (i.side === 'home') === i.score_h > i.score_a
            ? `帮助${team}以 ${i.score_h}-${i.score_a} 领先`
            : `把比分追成 ${i.score_h}-${i.score_a}`;
      return `第 ${minuteOf(i)} 分钟，${who}破门得分，${lead}。`;
    }
    case 'yellow':
      return `第 ${minuteOf(i)} 分钟，${who}吃到一张黄牌。`;
    case 'red':
      return `第 ${minuteOf(i)} 分钟，${who}被直接红牌罚下，${team}只能少一人作战。`;
    case 'penalty':
      return `第 ${minuteOf(i)} 分钟，${team}获得点球。`;
    case 'state':
      return i.text ? `${i.text}。` : null;
    default:
      return null;
  }
}

/** Both sides' rank, points and gap from the facts module, as the tables show them now. */
async function tableLines(db: Db, m: MatchInfo): Promise<string | null> {
  const facts = await pairFacts(db, m.homeId, m.awayId);
  const lines = [facts.home, facts.away].map((f) => (f ? rankLine(f)?.text : undefined));
  return lines.every((l) => l) ? `${lines.join('；')}。` : null;
}

async function previewBody(db: Db, m: MatchInfo): Promise<string> {
  const table = (await tableLines(db, m)) ?? '两队的积分榜排名暂未更新。';
  const lines = [
    `${m.league}：${m.home} 将在 ${kickoffText(m.ot)} 主场迎战 ${m.away}。`,
    '',
    '## 近期状态',
    `- ${m.home}：${await form(db, m.homeId, m.ot)}`,
    `- ${m.away}：${await form(db, m.awayId, m.ot)}`,
    '',
    '## 积分榜',
    table,
    '',
    '## 历史交锋',
    await headToHead(db, m),
  ];
  const odds = await oddsLine(db, m);
  if (odds) lines.push('', '## 赔率参考', odds);
  return lines.join('\n');
}

async function liveBody(db: Db, m: MatchInfo, final: boolean): Promise<string> {
  const incidents = await incidentsOf(db, m.id);
  const events = incidents.map((i) => eventLine(m, i)).filter((l): l is string => l !== null);
  const count = (type: string, side: string) => incidents.filter((i) => i.type === type && i.side === side).length;
  const lines: string[] = [];
  if (final) {
    const verdict =
      m.scoreH === m.scoreA
        ? `双方 ${m.scoreH}-${m.scoreA} 握手言和`
        : `${m.scoreH > m.scoreA ? m.home : m.away}以 ${Math.max(m.scoreH, m.scoreA)}-${Math.min(m.scoreH, m.scoreA)} 击败${m.scoreH > m.scoreA ? m.away : m.home}`;
    lines.push(`全场比赛结束，${m.league}中${verdict}。`);
    if (m.sport === 'zq') {
      const scorers = incidents
        .filter((i) => i.type === 'goal')
        .map((i) => {
          const team = i.side === 'home' ? m.home : m.away;
          return `${playerIn(i.text, team) ?? team}（${minuteOf(i)}'）`;
        });
      lines.push('', '## 进球', scorers.length ? scorers.join('、') : '本场比赛没有进球。');
      lines.push(
        '',
        '## 关键数据',
        `- 角球：${count('corner', 'home')} - ${count('corner', 'away')}`,
        `- 黄牌：${count('yellow', 'home')} - ${count('yellow', 'away')}`,
        `- 红牌：${count('red', 'home')} - ${count('red', 'away')}`,
      );
    }
    const table = await tableLines(db, m);
    if (table) lines.push('', '## 积分榜', `赛后，${table}`);
  } else {
    lines.push(`${m.league}比赛正在进行，当前比分 ${m.home} ${m.scoreH}-${m.scoreA} ${m.away}。`);
  }
  lines.push('', '## 比赛进程');
  if (events.length) for (const e of events) lines.push(`- ${e}`);
  else lines.push('比赛开始后，这里会随着进球和红黄牌实时更新。');
  return lines.join('\n');
}

function titleOf(m: MatchInfo, kind: MatchReportKind): string {
  if (kind === 'preview') return `前瞻：${m.home} vs ${m.away}，${m.league}焦点战`;
  if (kind === 'live') return `直播战报：${m.home} ${m.scoreH}-${m.scoreA} ${m.away}`;
  return `全场战报：${m.home} ${m.scoreH}-${m.scoreA} ${m.away}`;
}

const columnFor = (m: MatchInfo) => {
  const byLeague: Record<string, number> = { 中超: 1005, 英超: 1006, 西甲: 1007, NBA: 1008, CBA: 1009 };
  return byLeague[m.league] ?? (m.sport === 'lq' ? 1004 : 1003);
};

/** The report's current title and HTML (rendered from the stored incidents). */
export async function renderMatchReport(
  db: Db,
  matchId: number,
  kind: MatchReportKind,
): Promise<{ title: string; html: string; md: string } | null> {
  const m = await matchInfo(db, matchId);
  if (!m) return null;
  const md = kind === 'preview' ? await previewBody(db, m) : await liveBody(db, m, kind === 'final');
  return { title: titleOf(m, kind), md, html: renderMarkdown(md) };
}

/** Which reports a match should have now. */
export function reportKindsFor(sport: Sport, status: number, otMs: number, now: number): MatchReportKind[] {
  if (isNotStarted(sport, status)) return otMs - now <= PREVIEW_AHEAD_MS ? ['preview'] : [];
  if (isLive(sport, status)) return ['preview', 'live'];
  if (isFinished(sport, status)) return ['preview', 'live', 'final'];
  return [];
}

/** Creates the report rows that are due for the featured matches (hot ones, today ± 1 day). */
export async function sweepMatchReports(db: Db, now: number): Promise<number> {
  const matches = await db
    .selectFrom('live_matches')
    .select(['id', 'sport', 'status', 'ot'])
    .where('hot', '=', true)
    .where('ot', '>', (now - 36 * 3600_000) / 1000)
    .where('ot', '<', (now + PREVIEW_AHEAD_MS) / 1000)
    .execute();
  const existing = new Set(
    (
      await db
        .selectFrom('news_articles')
        .select('slug')
        .where('auto_kind', 'is not', null)
        .where('match_id', 'in', matches.length ? matches.map((m) => m.id) : [0])
        .execute()
    ).map((r) => r.slug),
  );
  let created = 0;
  for (const row of matches) {
    const sport: Sport = row.sport === 'lq' ? 'lq' : 'zq';
    for (const kind of reportKindsFor(sport, row.status, Number(row.ot) * 1000, now)) {
      const slug = `auto-${row.id}-${kind}`;
      if (existing.has(slug)) continue;
      const m = await matchInfo(db, row.id);
      const report = m && (await renderMatchReport(db, row.id, kind));
      if (!m || !report) continue;
      const tag = m.league;
      await db
        .insertInto('news_articles')
        .values({
          type: columnFor(m),
          title: report.title,
          summary: report.md.split('\n')[0]!.slice(0, 60),
          tag,
          tags: `${m.league},${m.home},${m.away},自动生成`,
          author: AUTO_AUTHOR,
          body_md: report.md,
          body_html: report.html,
          published_at: now,
          match_id: m.id,
          sport: m.sport,
          auto_kind: kind,
          slug,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
      created++;
    }
  }
  // Live titles carry the score: keep them current for the list.
  const live = await db
    .selectFrom('news_articles as n')
    .innerJoin('live_matches as m', 'm.id', 'n.match_id')
    .select(['n.id', 'n.match_id', 'n.title', 'n.auto_kind'])
    .where('n.auto_kind', 'in', ['live', 'final'])
    .where('m.updated_at', '>', now - 10 * SWEEP_MS)
    .execute();
  for (const a of live) {
    const m = await matchInfo(db, a.match_id!);
    if (!m) continue;
    const title = titleOf(m, a.auto_kind as MatchReportKind);
    if (title !== a.title) await db.updateTable('news_articles').set({ title }).where('id', '=', a.id).execute();
  }
  return created;
}

export async function matchReportLinks(db: Db, matchId: number): Promise<MatchReportLink[]> {
  const rows = await db
    .selectFrom('news_articles')
    .select(['id', 'type', 'auto_kind', 'title'])
    .where('match_id', '=', matchId)
    .where('auto_kind', 'is not', null)
    .where('status', '=', 0)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ articleId: r.id, type: r.type, kind: r.auto_kind as MatchReportKind, title: r.title }));
}

/** Runs the sweep on a timer while the server runs (on the leader only in cluster mode). */
export function registerMatchReports(app: FastifyInstance, ctx: AppContext): void {
  scheduleJob(app, ctx, {
    name: 'match-reports',
    everyMs: SWEEP_MS,
    runAtStart: true,
    inTests: true,
    run: () => sweepMatchReports(ctx.db, ctx.now()),
  });
}
