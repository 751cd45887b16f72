/**
 * The live source interface end to end: a server running the simulator records what it stores
 * (FEED_RECORD), including the details produced when first read; a second server on a fresh
 * database replays that file (FEED_REPLAY) and answers the same lists and details. Details are
 * stored when produced: a second read is served from storage, not regenerated.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../helpers/test-db';
import { buildServer, type BuiltServer } from '../../server/app';
import { Code, LivePaths, embeddedUrl, fillPath, type Match } from '../../workers/protocol/index';
import { parseRecording } from '../../server/live/replay/recording';

const START = Date.parse('2026-11-22T12:30:00Z'); // 20:30 Beijing: evening football, CBA
let now = START;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-replay-'));
const file = path.join(dir, 'day.jsonl');
let recorded: { ts: TestStorage; server: BuiltServer };
let replayed: { ts: TestStorage; server: BuiltServer };

async function open(overrides: { feedRecord?: string; feedReplay?: string }) {
  const ts = await createTestStorage('pglite', { feedSeed: 77, ...overrides });
  const server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => now });
  await server.ctx.feed.start();
  return { ts, server };
}

async function get(server: BuiltServer, p: string, params: Record<string, number> = {}, query = '') {
  const res = await server.app.inject({ method: 'GET', url: embeddedUrl(fillPath(p, params)) + query });
  return res.json() as { code: number; msg: string; data: unknown };
}

let zq: Match;
let lq: Match;

beforeAll(async () => {
  recorded = await open({ feedRecord: file });
  for (let i = 0; i < 5; i++) {
    now += 30_000;
    await recorded.server.ctx.feed.advance();
  }
  const zqList = (await get(recorded.server, LivePaths.zqLive)).data as Match[];
  zq = zqList.find((m) => m.s === 2 || m.s === 4)!;
  lq = ((await get(recorded.server, LivePaths.lqList)).data as Match[]).find((m) => m.s >= 2 && m.s <= 9)!;
  // First reads produce the details; the recorder writes them down.
  for (const [p, id] of detailReads()) expect((await get(recorded.server, p, { id })).code, p).toBe(Code.OK);
  replayed = await open({ feedReplay: file });
}, 300_000);

afterAll(async () => {
  for (const s of [recorded, replayed]) {
    await s?.server.close();
    await s?.ts.cleanup();
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

function detailReads(): Array<[string, number]> {
  return [
    [LivePaths.zqHeader, zq.id],
    [LivePaths.zqTextLive, zq.id],
    [LivePaths.zqStats, zq.id],
    [LivePaths.zqOdds, zq.id],
    [LivePaths.zqLineup, zq.id],
    [LivePaths.zqInjury, zq.id],
    [LivePaths.zqIntelligence, zq.id],
    [LivePaths.zqPlayerStats, zq.id],
    [LivePaths.lqHeader, lq.id],
    [LivePaths.lqOdds, lq.id],
    [LivePaths.lqStats, lq.id],
    [LivePaths.lqIntel, lq.id],
  ];
}

describe('a recorded day replays into the same lists and details', () => {
  it('the recording is JSON lines: a header, then timestamped fixtures, steps and details in order', () => {
    const { header, events } = parseRecording(fs.readFileSync(file, 'utf8'));
    expect(header).toEqual({ kind: 'recording', version: 1, seed: 77, speed: 1 });
    const kinds = new Set(events.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['detail', 'fixtures', 'output']);
    expect(events.filter((e) => e.kind === 'detail').map((e) => e.kind === 'detail' && e.detail)).toEqual(
      expect.arrayContaining(['lineup', 'injuries', 'intel', 'odds-open:1']),
    );
  });

  it('lists', async () => {
    for (const [p, query] of [
      [LivePaths.zqLive, ''],
      [LivePaths.zqByDate, '?date=2026-11-21'],
      [LivePaths.zqByDate, '?date=2026-11-23'],
      [LivePaths.lqList, ''],
      [LivePaths.hotSchedule, ''],
      [LivePaths.zqFilter, ''],
    ] as const) {
      const a = await get(recorded.server, p, {}, query);
      expect(a.code).toBe(Code.OK);
      expect(await get(replayed.server, p, {}, query), `${p}${query}`).toEqual(a);
    }
  });

  it('details, including those produced on first read', async () => {
    for (const [p, id] of [...detailReads(), [LivePaths.zqOddsHistory, zq.id] as [string, number]]) {
      const query = p === LivePaths.zqOddsHistory ? '?type=1&companyId=1' : '';
      const a = await get(recorded.server, p, { id }, query);
      expect(a.code, p).toBe(Code.OK);
      expect(await get(replayed.server, p, { id }, query), p).toEqual(a);
    }
  });

  it('later steps replay when their time comes, published as they go', async () => {
    now += 60_000;
    await recorded.server.ctx.feed.advance();
    const before = await get(replayed.server, LivePaths.zqLive);
    expect(before).not.toEqual(await get(recorded.server, LivePaths.zqLive));
    expect(await replayed.server.ctx.feed.advance()).toBeGreaterThan(0);
    expect(await get(replayed.server, LivePaths.zqLive)).toEqual(await get(recorded.server, LivePaths.zqLive));
  });
});

describe('details are stored when produced', () => {
  it('a stored detail is what later reads answer, not a fresh one', async () => {
    const db = recorded.ts.storage.db;
    const row = await db
      .selectFrom('live_details')
      .select('body')
      .where('match_id', '=', zq.id)
      .where('kind', '=', 'lineup')
      .executeTakeFirstOrThrow();
    const stored = typeof row.body === 'string' ? JSON.parse(row.body) : row.body;
    const changed = { ...stored, home: { ...stored.home, formation: '3-5-2' } };
    await db
      .updateTable('live_details')
      .set({ body: JSON.stringify(changed) })
      .where('match_id', '=', zq.id)
      .where('kind', '=', 'lineup')
      .execute();
    const again = await get(recorded.server, LivePaths.zqLineup, { id: zq.id });
    expect((again.data as { home: { formation: string } }).home.formation).toBe('3-5-2');
  });

  it('a replay refuses dev events, and a recording made with another seed', async () => {
    const res = await replayed.server.ctx.feed.applyDevEvent({ matchId: zq.id, type: 'goal', side: 'home' });
    expect(res.code).toBe(Code.REFUSED);
    expect(res.msg).toBe('当前为回放数据，不接受现场事件');
    const ts = await createTestStorage('pglite', { feedSeed: 78, feedReplay: file });
    const server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => now });
    await expect(server.ctx.feed.start()).rejects.toThrow(/FEED_SEED=77/);
    await server.close();
    await ts.cleanup();
  }, 60_000);
});
