/**
 * The ChatGPT conversation in the core: the answer's tokens reach every tab as the server streams
 * them (/chatgpt/stream, here from a local OpenAI-compatible server held between tokens), the
 * conversation is kept in the offline store (fake-indexeddb) and is back after the core dies and
 * a new one starts, refusals are turns with the server's message, and clearing empties it.
 */
import 'fake-indexeddb/auto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantValue } from '../../../workers/core/api';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../server/accounts/seed';
import { startTestServer, type TestServer } from '../../helpers/ws-client';
import { CoreHarness } from '../helpers/core-harness';
import { waitFor } from '../helpers/fake-clock';

let llm: http.Server;
let srv: TestServer;
let release: () => void = () => {};
let held: Promise<void> = Promise.resolve();
const hold = () => (held = new Promise<void>((r) => (release = r)));
/** The user messages of each first-round request the model received (earlier questions, then the question). */
const asked: string[][] = [];

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

beforeAll(async () => {
  // Round 1 calls live_matches; round 2 answers in three tokens, held after the first.
  llm = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(raw) as { messages: Array<{ role: string; content: string | null }> };
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        if (body.messages.at(-1)!.role === 'user') {
          asked.push(body.messages.filter((m) => m.role === 'user').map((m) => String(m.content)));
          res.write(
            chunk({
              tool_calls: [
                { index: 0, id: 'c1', type: 'function', function: { name: 'live_matches', arguments: '{}' } },
              ],
            }),
          );
          res.end(chunk({}, 'tool_calls') + 'data: [DONE]\n\n');
          return;
        }
        res.write(chunk({ content: '第一段' }));
        await held;
        res.write(chunk({ content: '，第二段' }));
        res.end(chunk({ content: '。' }, 'stop') + 'data: [DONE]\n\n');
      })();
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  const port = (llm.address() as AddressInfo).port;
  srv = await startTestServer({
    config: { llm: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'sk-core', model: 'm' } },
  });
}, 120_000);
afterAll(async () => {
  await srv?.close();
  await new Promise((r) => llm.close(r));
});

describe('assistant conversation in the core', () => {
  it('streams tokens to every tab, keeps the conversation across a core restart, records refusals, clears', async () => {
    const h = new CoreHarness(srv.base);
    try {
      const [a, b] = [h.tab('a'), h.tab('b')];
      const seen: Array<AssistantValue | null> = [null, null];
      await a.subscribe({ kind: 'assistant' }, (v) => (seen[0] = v));
      await b.subscribe({ kind: 'assistant' }, (v) => (seen[1] = v));
      await waitFor(() => seen.every((v) => v?.ready === true), 5_000, 'stored conversation read');
      expect(seen[0]!.turns).toEqual([]);

      hold();
      const asked = a.askAssistant('今天有哪些比赛正在进行');
      // The first token is in both tabs while the server still holds the rest.
      await waitFor(
        () => seen.every((v) => v?.turns[0]?.text === '第一段' && v.turns[0].answer === null),
        10_000,
        'first token in both tabs',
      );
      release();
      const r = await asked;
      expect(r.ok, r.msg).toBe(true);
      expect(r.data).toMatchObject({ engine: 'llm', text: '第一段，第二段。' });
      await waitFor(() => seen.every((v) => v?.turns[0]?.answer?.text === '第一段，第二段。'), 5_000, 'answer in both');

      const bad = await b.askAssistant('英超\u0001积分榜');
      // The server's edge refuses it (its own Chinese message); the turn shows that message.
      expect(bad).toMatchObject({ ok: false, code: 4000 });
      expect(bad.msg).toMatch(/字符/);
      await waitFor(() => seen[0]?.turns[1]?.error === bad.msg, 5_000, 'refusal is a turn');

      // The worker dies; a new core reads the conversation back from the offline store.
      const first = a.instanceId;
      h.kill();
      h.start();
      const c = h.tab('c');
      let after: AssistantValue | null = null;
      await c.subscribe({ kind: 'assistant' }, (v) => (after = v));
      await waitFor(() => after?.ready === true, 5_000, 'restarted core read its store');
      expect(c.instanceId).not.toBe(first);
      expect(after!.turns.map((t) => [t.question, t.answer?.text ?? null, t.error])).toEqual([
        ['今天有哪些比赛正在进行', '第一段，第二段。', null],
        ['英超\u0001积分榜', null, bad.msg],
      ]);
      expect(after!.turns[0]!.answer!.links.length).toBeGreaterThan(0);

      await c.clearAssistant();
      await waitFor(() => after?.turns.length === 0, 5_000, 'cleared');
      h.kill();
      h.start();
      const d = h.tab('d');
      let again: AssistantValue | null = null;
      await d.subscribe({ kind: 'assistant' }, (v) => (again = v));
      await waitFor(() => again?.ready === true, 5_000, 'read after clear');
      expect(again!.turns).toEqual([]);
    } finally {
      await h.dispose();
    }
  }, 60_000);

  it('a signed-in user’s conversation is emptied at logout, in every tab and in the store', async () => {
    const h = new CoreHarness(srv.base);
    try {
      const [a, b] = [h.tab('a'), h.tab('b')];
      const seen: Array<AssistantValue | null> = [null, null];
      await a.subscribe({ kind: 'assistant' }, (v) => (seen[0] = v));
      await b.subscribe({ kind: 'assistant' }, (v) => (seen[1] = v));
      await waitFor(() => seen.every((v) => v?.ready === true), 5_000, 'stored conversation read');
      const login = await a.login({ phone: DEMO_USERS[2].phone, password: DEMO_PASSWORD });
      expect(login.ok, login.msg).toBe(true);
      held = Promise.resolve();
      const r = await b.askAssistant('今天有哪些比赛正在进行');
      expect(r.ok, r.msg).toBe(true);
      await waitFor(() => seen.every((v) => v?.turns.length === 1), 5_000, 'answer in both tabs');

      await a.logout();
      await waitFor(() => seen.every((v) => v?.turns.length === 0), 5_000, 'emptied at logout');
      h.kill();
      h.start();
      const c = h.tab('c');
      let after: AssistantValue | null = null;
      await c.subscribe({ kind: 'assistant' }, (v) => (after = v));
      await waitFor(() => after?.ready === true, 5_000, 'restarted core read its store');
      expect(after!.turns).toEqual([]);
    } finally {
      await h.dispose();
    }
  }, 60_000);

  it('a question goes with the questions answered before it, so a follow-up is read in its conversation', async () => {
    const h = new CoreHarness(srv.base);
    try {
      const a = h.tab('a');
      held = Promise.resolve();
      await a.clearAssistant();
      expect((await a.askAssistant('曼城排第几')).ok).toBe(true);
      asked.length = 0;
      expect((await a.askAssistant('那他们下一场呢？')).ok).toBe(true);
      expect(asked[0]).toEqual(['曼城排第几', '那他们下一场呢？']);
    } finally {
      await h.dispose();
    }
  }, 60_000);
});
