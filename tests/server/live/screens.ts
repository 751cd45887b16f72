/**
 * The match screens a fan sees, read over REST from a running server (list entry, header, tabs
 * 指数 / 阵容 / 统计 / 直播 / 分析 table), and a comparison of their shapes: a provider's match day
 * must give the screens the simulator's gives, every field the simulator's screen has present
 * with the same type, and every list the simulator fills filled too.
 */
import { createTestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import { LivePaths, embeddedUrl, fillPath, type Match } from '../../../workers/protocol/index';

type Shape = string | Shape[] | { [k: string]: Shape };

export async function getData<T = unknown>(server: BuiltServer, path: string, params = {}, query = {}): Promise<T> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await server.app.inject({
    method: 'GET',
    url: embeddedUrl(fillPath(path, params)) + (qs ? `?${qs}` : ''),
  });
  const body = res.json() as { code: number; data: T; msg: string };
  if (body.code !== 200) throw new Error(`${path} ${JSON.stringify(params)}: ${body.code} ${body.msg}`);
  return body.data;
}

/** Every football screen of one match. */
export async function footballScreens(server: BuiltServer, id: number): Promise<Record<string, unknown>> {
  const list = await getData<Match[]>(server, LivePaths.zqLive);
  const odds: Record<string, unknown> = {};
  for (const type of [1, 2, 3]) odds[`odds${type}`] = await getData(server, LivePaths.zqOdds, { id }, { type });
  return {
    list: list.find((m) => m.id === id),
    header: await getData(server, LivePaths.zqHeader, { id }),
    navigation: await getData(server, LivePaths.zqNavigation, { id }),
    stats: await getData(server, LivePaths.zqStats, { id }),
    textLive: await getData(server, LivePaths.zqTextLive, { id }),
    lineup: await getData(server, LivePaths.zqLineup, { id }),
    table: await getData(server, LivePaths.zqTable, { id }),
    ...odds,
  };
}

function shapeOf(v: unknown): Shape {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) {
    if (v.length === 0) return [];
    // Keys every element has (optional ones, like a line's stoppage, are not required).
    const shapes = v.map(shapeOf);
    const first = shapes[0]!;
    if (typeof first !== 'object' || Array.isArray(first)) return [first];
    const common: Record<string, Shape> = {};
    for (const k of Object.keys(first))
      if (shapes.every((s) => typeof s === 'object' && !Array.isArray(s) && k in s)) common[k] = first[k]!;
    return [common];
  }
  if (typeof v === 'object')
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, shapeOf(x)]));
  return typeof v;
}

/** Where `actual` lacks what `reference` has (paths), empty when it gives the same screen. */
export function shapeGaps(reference: unknown, actual: unknown, path = ''): string[] {
  const want = shapeOf(reference);
  const got = shapeOf(actual);
  const gaps: string[] = [];
  const walk = (w: Shape, g: Shape, at: string) => {
    if (w === 'null' || g === 'null') return;
    if (typeof w === 'string') {
      if (w !== g) gaps.push(`${at}: ${w} ≠ ${JSON.stringify(g)}`);
      return;
    }
    if (Array.isArray(w)) {
      if (!Array.isArray(g)) return void gaps.push(`${at}: list missing`);
      if (w.length > 0 && g.length === 0) return void gaps.push(`${at}: empty`);
      if (w.length > 0) walk(w[0]!, g[0]!, `${at}[]`);
      return;
    }
    if (typeof g !== 'object' || Array.isArray(g)) return void gaps.push(`${at}: object missing`);
    for (const k of Object.keys(w)) {
      if (!(k in g)) gaps.push(`${at}.${k}: missing`);
      else walk(w[k]!, g[k]!, `${at}.${k}`);
    }
  };
  walk(want, got, path);
  return gaps;
}

/** The screens of a live football match of the simulator (seeded, at a fixed time), then closed. */
export async function simulatorFootballScreens(): Promise<Record<string, unknown>> {
  const ts = await createTestStorage('pglite', { feedSeed: 77 });
  const now = Date.parse('2026-11-22T12:30:00Z');
  const server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => now });
  try {
    await server.ctx.feed.start();
    const list = await getData<Match[]>(server, LivePaths.zqLive);
    // A live league match (a cup shows its clubs' league table) with a goal and a lineup.
    for (const m of list.filter((x) => x.s === 4 && x.score[0] + x.score[1] > 0)) {
      const screens = await footballScreens(server, m.id).catch(() => null);
      const table = screens?.table as { rows: unknown[] } | undefined;
      if (screens && table && table.rows.length > 0) return screens;
    }
    throw new Error('the simulator has no live football match with a table');
  } finally {
    await server.close();
    await ts.cleanup();
  }
}
