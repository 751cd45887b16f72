/**
 * The ChatGPT assistant's tools and engines against a real PGlite holding the world of
 * chatgpt-world.ts: each typed tool on its own (and with bad arguments), the question set
 * answered by the default engine (≥ 90 % right), the /chatgpt/stream route's server-sent
 * events, and the OpenAI-compatible adapter against a local HTTP server that speaks the
 * streaming chat-completions protocol with function calling.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ChatGptPaths as P, embeddedUrl, type ChatAnswer, type ChatStreamEvent } from '../../workers/protocol/index';
import type { Config } from '../../server/config';
import { chatGptArea } from '../../server/chatgpt/routes';
import { createChatEngine, templateAnswer, type ChatEngine } from '../../server/chatgpt/engine';
import { llmAnswer, sseData } from '../../server/chatgpt/llm';
import { createAiService } from '../../server/ai/service';
import { createDbSource } from '../../server/ai/db-source';
import { createTestStorage, type TestStorage } from '../helpers/test-db';
import { WM, WORLD_NOW, WROOM, detail, seedChatWorld } from './chatgpt-world';
import { CHAT_QUESTIONS, judge } from './chatgpt-questions';
import { areaApp } from '../helpers/area-app';

let ts: TestStorage;
let engine: ChatEngine;
const now = () => WORLD_NOW;

beforeAll(async () => {
  ts = await createTestStorage();
  await seedChatWorld(ts.storage.db);
  engine = createChatEngine(ts.storage.db, createAiService(ts.storage.db, createDbSource(ts.storage.db), now), now);
}, 60_000);
afterAll(async () => {
  await ts?.cleanup();
});

const build = (llm: Config['llm'] = null) => areaApp(chatGptArea, ts, now, { llm });

describe('each tool over the app data', () => {
  const call = (name: string, args: unknown) => engine.tools.call(name, args);

  it('offers the typed tools, each with a JSON schema', () => {
    expect(engine.tools.list.map((t) => t.name)).toEqual([
      'live_matches',
      'matches_of_day',
      'standings',
      'team_overview',
      'head_to_head',
      'match_prediction',
      'odds_movement',
      'anchor_schedule',
      'team_standing',
      'team_fixture',
      'match_events',
      'match_odds',
      'player_season',
      'top_scorers',
      'anchors_live',
      'anchor_status',
      'team_news',
      'activity_rules',
    ]);
    for (const t of engine.tools.list) expect(t.parameters).toMatchObject({ type: 'object' });
  });

  it('live_matches: in play now, by league or sport', async () => {
    const all = await call('live_matches', {});
    expect(all.text).toContain('现在有 4 场比赛正在进行');
    const lq = await call('live_matches', { sport: 'lq' });
    expect(lq.text).toContain('现在有 2 场篮球比赛正在进行');
    expect(lq.links.map((l) => l.href)).toContain(detail('lq', WM.liveLalGsw));
    expect((await call('live_matches', { league: '西甲' })).text).toContain('皇家马德里 2-2 马德里竞技');
    expect(await call('live_matches', { league: '火星联赛' })).toMatchObject({ found: false });
  });

  it('matches_of_day: a day by offset, evening, league and team filters', async () => {
    expect((await call('matches_of_day', { day_offset: 0 })).text).toContain('今天共有 7 场比赛');
    expect((await call('matches_of_day', { day_offset: 0, evening: true })).text).toContain('今晚共有 2 场比赛');
    expect((await call('matches_of_day', { day_offset: 1, league: 'NBA' })).text).toContain('凯尔特人 vs 掘金');
    expect((await call('matches_of_day', { day_offset: 6, team: '巴萨' })).text).toContain('皇家马德里 vs 巴塞罗那');
    expect(await call('matches_of_day', { day_offset: 2 })).toMatchObject({ found: false, text: '后天没有找到比赛。' });
  });

  it('standings: a league table in order; none for a league without one', async () => {
    const r = await call('standings', { league: '英超' });
    // The fact first (the leader and its points), then the table.
    expect(r.text.split('\n')[0]).toBe('英超积分榜第 1 名是阿森纳，积 32 分。');
    expect(r.text.split('\n').slice(2, 4)).toEqual([
      '1. 阿森纳  13 场 10 胜 2 平 1 负  32 分',
      '2. 曼城  13 场 9 胜 2 平 2 负  29 分',
    ]);
    expect(r.links[0]!.href).toBe(detail('zq', WM.todayArsChe));
    expect(await call('standings', { league: 'NBA' })).toMatchObject({ found: false });
  });

  it('team_overview, head_to_head, match_prediction', async () => {
    expect((await call('team_overview', { team: '枪手' })).text).toContain('阿森纳最近 5 场：WWDWD');
    const h2h = await call('head_to_head', { team_a: '阿森纳', team_b: '曼城' });
    expect(h2h.links.map((l) => l.href)).toEqual([detail('zq', WM.oldArsMci), detail('zq', WM.oldMciArs)]);
    const p = await call('match_prediction', { team: '热刺' });
    expect(p.text).toMatch(/^AI 预测 热刺 vs 曼联：主胜 \d+%，平局 \d+%，客胜 \d+%，最可能比分 \d+-\d+/);
    expect(await call('match_prediction', { team: '湖人' })).toMatchObject({ found: false });
  });

  it('odds_movement: opening to current line per bookmaker, with the direction', async () => {
    const r = await call('odds_movement', { team: '切尔西' });
    expect(r.text).toContain('· 澳门：1.80 / 3.60 / 4.20 → 1.72↓ / 3.70↑ / 4.60↑');
    expect(r.text).toContain('· 皇冠：1.85 / 3.50 / 4.00 → 1.85 / 3.50 / 4.10↑');
    expect(await call('odds_movement', { team: '曼城' })).toMatchObject({ found: false });
  });

  it('anchor_schedule: an anchor’s broadcasts with the room link', async () => {
    const r = await call('anchor_schedule', { anchor: '老K看球' });
    expect(r.text).toContain('11-23 07:30 老K看球：凯尔特人vs掘金 赛前分析');
    expect(r.links).toEqual([{ label: '老K看球的直播间', href: `/vlive/detail/${WROOM.king}` }]);
    expect(await call('anchor_schedule', { anchor: '无名氏' })).toMatchObject({ found: false });
  });

  it('refuses unknown tools and bad arguments without querying', async () => {
    expect(await call('drop_tables', {})).toMatchObject({ found: false });
    expect(await call('standings', {})).toMatchObject({ found: false, text: '数据查询 standings 的参数不正确。' });
    expect(await call('matches_of_day', { day_offset: 'tomorrow' })).toMatchObject({ found: false });
    expect(await call('team_overview', null)).toMatchObject({ found: false });
  });
});

describe('the question set', () => {
  it(`holds at least 60 questions, and the default engine answers ≥ 90 % of them right`, async () => {
    expect(CHAT_QUESTIONS.length).toBeGreaterThanOrEqual(60);
    const wrong: string[] = [];
    for (const q of CHAT_QUESTIONS) {
      const a = templateAnswer(q.q, await engine.retrieve(q.q));
      const why = judge(q, a);
      if (why.length) wrong.push(`${q.q}: ${why.join('; ')}`);
    }
    const accuracy = 1 - wrong.length / CHAT_QUESTIONS.length;
    expect(accuracy, wrong.join('\n')).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  it('judges: a wrong answer fails', () => {
    const q = CHAT_QUESTIONS[0]!;
    const a: ChatAnswer = {
      question: q.q,
      text: '现在没有正在进行的比赛。',
      links: [],
      engine: 'template',
      intent: 'live',
    };
    expect(judge(q, a).length).toBeGreaterThan(0);
  });
});

/** Posts to /chatgpt/stream on a listening server and reads its events as they arrive. */
async function streamAsk(
  base: string,
  question: string,
): Promise<{ events: ChatStreamEvent[]; status: number; type: string }> {
  const res = await fetch(`${base}${embeddedUrl(P.stream)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ question }).toString(),
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('text/event-stream')) return { events: [await res.json()] as never, status: res.status, type };
  const events: ChatStreamEvent[] = [];
  for await (const data of sseData(res.body!)) events.push(JSON.parse(data) as ChatStreamEvent);
  return { events, status: res.status, type };
}

describe('/chatgpt/stream', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = await build();
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('streams the answer line by line, then the whole answer with its links', async () => {
    const { events, type } = await streamAsk(base, '英超积分榜');
    expect(type).toMatch(/^text\/event-stream/);
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    const done = events.at(-1)!;
    expect(done.type).toBe('done');
    if (done.type !== 'done') return;
    expect(deltas.map((d) => (d.type === 'delta' ? d.text : '')).join('')).toBe(done.answer.text);
    expect(done.answer.text).toContain('1. 阿森纳  13 场 10 胜 2 平 1 负  32 分');
    expect(done.answer.links[0]!.href).toBe(detail('zq', WM.todayArsChe));
  });

  it('refuses bad input with the envelope before any stream starts', async () => {
    const { events, type } = await streamAsk(base, '英超\u0001积分榜');
    expect(type).toMatch(/json/);
    expect(events[0]).toMatchObject({ code: 4000, msg: '问题不能包含控制字符' });
  });
});

describe('OpenAI-compatible adapter (streaming, function calling)', () => {
  let llm: http.Server;
  let requests: Array<{ auth: string | undefined; body: any }> = [];
  let mode: 'ok' | 'fail' | 'bad-args' = 'ok';
  /** Released by the test once it has seen the first token: proves tokens arrive before the end. */
  let gate: { promise: Promise<void>; open: () => void };
  const newGate = () => {
    let open!: () => void;
    const promise = new Promise<void>((r) => (open = r));
    gate = { promise, open };
  };

  const sse = (res: http.ServerResponse, chunk: unknown) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  const delta = (d: Record<string, unknown>, finish: string | null = null) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    model: 'test-model',
    choices: [{ index: 0, delta: d, finish_reason: finish }],
  });

  beforeAll(async () => {
    llm = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        void (async () => {
          if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return void res.writeHead(404).end();
          const body = JSON.parse(raw);
          requests.push({ auth: req.headers.authorization, body });
          if (mode === 'fail') return void res.writeHead(500).end('{"error":{"message":"boom"}}');
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          const last = body.messages.at(-1);
          if (last.role === 'user') {
            // First round: ask for the standings tool, its arguments split across chunks.
            const args = mode === 'bad-args' ? '{"league": 7' : '{"league":"英超"}';
            sse(res, delta({ role: 'assistant', content: null }));
            sse(
              res,
              delta({
                tool_calls: [
                  { index: 0, id: 'call_1', type: 'function', function: { name: 'standings', arguments: '' } },
                ],
              }),
            );
            sse(res, delta({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, 6) } }] }));
            sse(res, delta({ tool_calls: [{ index: 0, function: { arguments: args.slice(6) } }] }));
            sse(res, delta({}, 'tool_calls'));
            res.end('data: [DONE]\n\n');
            return;
          }
          // Second round: answer from the tool's result, token by token.
          const first = String(last.content).split('\n')[2] ?? String(last.content);
          sse(res, delta({ role: 'assistant', content: '根据' }));
          await gate.promise;
          for (const piece of ['应用数据，', first]) sse(res, delta({ content: piece }));
          sse(res, delta({}, 'stop'));
          res.end('data: [DONE]\n\n');
        })();
      });
    });
    await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    await new Promise((r) => llm.close(r));
  });
  const cfg = () => ({
    baseUrl: `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`,
    apiKey: 'sk-test',
    model: 'test-model',
  });

  it('offers the tools, runs the one the model calls, streams its tokens as they come', async () => {
    requests = [];
    mode = 'ok';
    newGate();
    const tokens: string[] = [];
    const answer = llmAnswer(cfg(), '英超谁第一', engine.tools, (t) => {
      tokens.push(t);
      gate.open();
    });
    const r = await answer;
    expect(tokens).toEqual(['根据', '应用数据，', '1. 阿森纳  13 场 10 胜 2 平 1 负  32 分']);
    expect(r.text).toBe('根据应用数据，1. 阿森纳  13 场 10 胜 2 平 1 负  32 分');
    expect(r.toolsUsed).toEqual(['standings']);
    expect(r.links[0]!.href).toBe(detail('zq', WM.todayArsChe));
    expect(requests).toHaveLength(2);
    expect(requests[0]!.auth).toBe('Bearer sk-test');
    expect(requests[0]!.body).toMatchObject({ model: 'test-model', stream: true, tool_choice: 'auto' });
    expect(requests[0]!.body.tools).toHaveLength(engine.tools.list.length);
    expect(requests[0]!.body.tools[2]).toMatchObject({ type: 'function', function: { name: 'standings' } });
    const second = requests[1]!.body.messages;
    expect(second.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'standings', arguments: '{"league":"英超"}' } }],
    });
    expect(second.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(second.at(-1).content).toContain('1. 阿森纳  13 场 10 胜 2 平 1 负  32 分');
  });

  it('through /chatgpt/stream: the model’s tokens reach the client as deltas; betting never reaches it', async () => {
    const app = await build(cfg());
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      requests = [];
      mode = 'ok';
      newGate();
      gate.open();
      const { events } = await streamAsk(base, '英超积分榜');
      expect(events.filter((e) => e.type === 'delta').map((e) => (e.type === 'delta' ? e.text : ''))).toEqual([
        '根据',
        '应用数据，',
        '1. 阿森纳  13 场 10 胜 2 平 1 负  32 分',
      ]);
      expect(events.at(-1)).toMatchObject({ type: 'done', answer: { engine: 'llm', intent: 'standings' } });
      requests = [];
      const bet = await streamAsk(base, '稳赢的比赛推荐');
      expect(bet.events.at(-1)).toMatchObject({ type: 'done', answer: { engine: 'template', intent: 'betting' } });
      expect(requests).toHaveLength(0);
    } finally {
      await app.close();
    }
  });

  it('bad tool arguments from the model are told back to it; a failing endpoint falls back to the default engine', async () => {
    requests = [];
    mode = 'bad-args';
    newGate();
    gate.open();
    const r = await llmAnswer(cfg(), '英超谁第一', engine.tools);
    expect(requests[1]!.body.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: '数据查询 standings 的参数不正确。',
    });
    expect(r.links).toEqual([]);

    mode = 'fail';
    const app = await build(cfg());
    try {
      const res = await app.inject({
        method: 'POST',
        url: embeddedUrl(P.ask),
        payload: new URLSearchParams({ question: '英超积分榜' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const env = res.json() as { code: number; data: ChatAnswer };
      expect(env.data.engine).toBe('template');
      expect(env.data.text).toContain('1. 阿森纳');
    } finally {
      mode = 'ok';
      await app.close();
    }
  });
});
