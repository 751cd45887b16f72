/**
 * A real OpenAI-compatible HTTP server for the evaluation of the LLM path: POST
 * /v1/chat/completions with `stream: true`, answered as server-sent chunks.
 *
 * - 'script': the first round streams the tool call scripted for the conversation (its user
 *   messages), its arguments split across chunks; the second round streams the tool's result
 *   back as the answer, piece by piece (what a model grounded in the tools says).
 * - 'fail': HTTP 503.
 * - 'hang': accepts the request and never answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeLlmMode = 'script' | 'fail' | 'hang';
export interface ScriptedCall {
  name: string;
  args: Record<string, unknown>;
}

export interface FakeLlm {
  baseUrl: string;
  mode: FakeLlmMode;
  /** Conversation key (user messages joined by '\n') → the tool call to make. */
  script: Map<string, ScriptedCall>;
  requests: number;
  close(): Promise<void>;
}

export const conversationKey = (history: readonly string[], question: string) => [...history, question].join('\n');

export async function startFakeLlm(): Promise<FakeLlm> {
  const hung: http.ServerResponse[] = [];
  const fake: FakeLlm = {
    baseUrl: '',
    mode: 'script',
    script: new Map(),
    requests: 0,
    close: async () => {
      for (const r of hung) r.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  const chunk = (d: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'fake', object: 'chat.completion.chunk', model: 'fake', choices: [{ index: 0, delta: d, finish_reason: finish }] })}\n\n`;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      fake.requests++;
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return void res.writeHead(404).end();
      if (fake.mode === 'hang') return void hung.push(res);
      if (fake.mode === 'fail') return void res.writeHead(503).end('{"error":{"message":"overloaded"}}');
      const body = JSON.parse(raw) as { messages: Array<{ role: string; content: string | null }> };
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const last = body.messages.at(-1)!;
      if (last.role === 'user') {
        const key = body.messages
          .filter((m) => m.role === 'user')
          .map((m) => m.content)
          .join('\n');
        const call = fake.script.get(key);
        if (!call) {
          res.write(chunk({ role: 'assistant', content: '（没有为这个问题写好的工具调用）' }));
          res.write(chunk({}, 'stop'));
          return void res.end('data: [DONE]\n\n');
        }
        const args = JSON.stringify(call.args);
        const cut = Math.floor(args.length / 2);
        res.write(chunk({ role: 'assistant', content: null }));
        res.write(
          chunk({
            tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: call.name, arguments: '' } }],
          }),
        );
        res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, cut) } }] }));
        res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(cut) } }] }));
        res.write(chunk({}, 'tool_calls'));
        return void res.end('data: [DONE]\n\n');
      }
      // Second round: the tool's facts, restated as the answer in a few pieces.
      const text = String(last.content);
      const pieces = [...text];
      const step = Math.max(1, Math.ceil(pieces.length / 4));
      res.write(chunk({ role: 'assistant', content: '' }));
      for (let i = 0; i < pieces.length; i += step) res.write(chunk({ content: pieces.slice(i, i + step).join('') }));
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
