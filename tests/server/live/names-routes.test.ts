/**
 * The names table through the operator API and `npm run ops -- names`: an unknown provider name
 * is listed for operators (and shows the provider's name meanwhile), an operator's Chinese name
 * replaces it, bad input is refused in Chinese with nothing stored, and no token no access. The
 * sport is part of the key (API-Football's team 42 is Arsenal, API-Basketball's is another team),
 * and the seed names every entity once, never blank.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import { nameOf, resolveName, seedNames } from '../../../server/live/names';
import { NAME_SEED } from '../../../server/live/names-seed';
import { runOpsCli } from '../../../server/ops/cli';
import { OPS_TOKEN_HEADER, OpsLivePaths, embeddedUrl } from '../../../workers/protocol/index';

const TOKEN = 'names-ops-token';
let ts: TestStorage;
let server: BuiltServer;
let base: string;

beforeAll(async () => {
  ts = await createTestStorage('pglite', { feed: false, opsToken: TOKEN });
  server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => Date.now() });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  await seedNames(server.ctx.db);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await ts?.cleanup();
});

const post = (body: unknown, token = TOKEN) =>
  server.app
    .inject({
      method: 'POST',
      url: embeddedUrl(OpsLivePaths.names),
      headers: { [OPS_TOKEN_HEADER]: token },
      payload: body as object,
    })
    .then((r) => r.json() as { code: number; msg: string; data: unknown });

describe('names table', () => {
  it('a seeded club is named in Chinese; an unknown one keeps the provider name and is listed', async () => {
    const db = server.ctx.db;
    expect(await resolveName(db, 'apisports', 'zq', 'team', '541', 'Real Madrid', 1)).toEqual({
      name: '皇家马德里',
      short: '皇马',
    });
    expect(await resolveName(db, 'apisports', 'zq', 'team', '77777', 'Unknown FC', 2)).toEqual({
      name: 'Unknown FC',
      short: null,
    });
    const lines: string[] = [];
    expect(await runOpsCli(['names', 'apisports'], { base, token: TOKEN, out: (l) => lines.push(l) })).toBe(0);
    expect(lines).toContain('apisports\tzq\tteam\t77777\tUnknown FC');
    expect(lines.some((l) => l.includes('\t541\t'))).toBe(false);
  });

  it('an operator names it; the next resolve shows it and it leaves the list', async () => {
    const lines: string[] = [];
    const env = { base, token: TOKEN, out: (l: string) => lines.push(l) };
    expect(await runOpsCli(['names', 'set', 'apisports', 'team', '77777', '未知足球俱乐部', '未知'], env)).toBe(0);
    expect(lines.at(-1)).toContain('已保存');
    expect(await resolveName(server.ctx.db, 'apisports', 'zq', 'team', '77777', 'Unknown FC', 3)).toEqual({
      name: '未知足球俱乐部',
      short: '未知',
    });
    lines.length = 0;
    await runOpsCli(['names', 'apisports'], env);
    expect(lines.some((l) => l.includes('\t77777\t'))).toBe(false);
  });

  it('bad input is refused in Chinese and nothing is stored; a wrong token is refused', async () => {
    const bad = await post({ provider: 'espn', kind: 'team', providerId: '1', nameZh: '某队' });
    expect(bad.code).not.toBe(200);
    expect(bad.msg).toBe('数据源只能是 nami 或 apisports');
    const blank = await post({ provider: 'nami', kind: 'team', providerId: '55', nameZh: '  ' });
    expect(blank.msg).toBe('中文名为 1 到 40 个字');
    expect(await nameOf(server.ctx.db, 'nami', 'zq', 'team', '55')).toBeNull();
    const wrong = await post({ provider: 'nami', kind: 'team', providerId: '55', nameZh: '某队' }, 'nope');
    expect(wrong.code).not.toBe(200);
    expect(await nameOf(server.ctx.db, 'nami', 'zq', 'team', '55')).toBeNull();
  });

  it('the seed: each (provider, sport, kind, id) once, no blank name, the NBA and its 30 teams', () => {
    const keys = NAME_SEED.map((n) => `${n.provider}/${n.sport}/${n.kind}/${n.providerId}`);
    expect(keys.length - new Set(keys).size).toBe(0);
    for (const n of NAME_SEED) {
      expect(n.providerId, keys.join()).toMatch(/^\d+$/);
      expect(n.nameZh.trim(), n.providerName).not.toBe('');
      expect(n.shortZh === null || n.shortZh.trim() !== '', n.providerName).toBe(true);
      expect(n.providerName.trim()).not.toBe('');
    }
    const nba = NAME_SEED.filter((n) => n.sport === 'lq' && n.kind === 'team');
    expect(nba).toHaveLength(30);
    expect(new Set(nba.map((n) => n.shortZh)).size).toBe(30);
  });

  it('the same id in the other sport is another entity: its own name, listed and set apart', async () => {
    const db = server.ctx.db;
    // API-Basketball's league 12 is the NBA; API-Football's league 12 is not.
    expect(await resolveName(db, 'apisports', 'lq', 'league', '12', 'NBA', 4)).toEqual({
      name: '美国职业篮球联赛',
      short: 'NBA',
    });
    expect(await resolveName(db, 'apisports', 'zq', 'league', '12', 'CAF Champions League', 4)).toEqual({
      name: 'CAF Champions League',
      short: null,
    });
    expect(await resolveName(db, 'apisports', 'lq', 'team', '145', 'Los Angeles Lakers', 4)).toEqual({
      name: '洛杉矶湖人',
      short: '湖人',
    });
    // A basketball team numbered like a seeded football club keeps its own name.
    expect(await resolveName(db, 'apisports', 'lq', 'team', '42', 'Test Basketball Club', 5)).toEqual({
      name: 'Test Basketball Club',
      short: null,
    });
    const lines: string[] = [];
    const env = { base, token: TOKEN, out: (l: string) => lines.push(l) };
    await runOpsCli(['names', 'apisports'], env);
    expect(lines).toContain('apisports\tlq\tteam\t42\tTest Basketball Club');
    expect(await runOpsCli(['names', 'set', 'apisports', 'lq', 'team', '42', '测试篮球队', '测试'], env)).toBe(0);
    expect(lines.at(-1)).toContain('lq team 42');
    expect(await resolveName(db, 'apisports', 'lq', 'team', '42', 'Test Basketball Club', 6)).toEqual({
      name: '测试篮球队',
      short: '测试',
    });
    expect(await resolveName(db, 'apisports', 'zq', 'team', '42', 'Arsenal', 6)).toEqual({
      name: '阿森纳',
      short: null,
    });
    expect((await nameOf(db, 'apisports', 'lq', 'team', '42'))?.sport).toBe('lq');
  });
});
