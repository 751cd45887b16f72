/**
 * The optional chat-completions backend: any OpenAI-compatible endpoint (LLM_BASE_URL,
 * LLM_API_KEY, LLM_MODEL) with function calling. The model is offered the same typed tools the
 * default engine uses (tools.ts) and told to answer only from what they return; the request is
 * streamed (`stream: true`, server-sent events) and its content tokens are handed to `onDelta`
 * as they come. The links of the answer are those of the tools it called, never the model's.
 */
import { createSseParser, type ChatLink } from '../../workers/protocol/index';
import { ChatText } from './text';
import type { ChatTools } from './tools';

export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

const LLM_TIMEOUT_MS = 30_000;
/**
 * A model that sends nothing for this long is given up on and the built-in engine answers: the
 * asker sees an answer within about 3 s of a hung or overloaded backend, never a spinner.
 */
export const LLM_STALL_MS = 2_000;
/** Rounds of tool calls before the model must answer. */
const MAX_TOOL_ROUNDS = 4;

type Message =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

interface StreamChunk {
  choices?: Array<{
    delta?: {
      content?: string | null;
      tool_calls?: Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }>;
    };
    finish_reason?: string | null;
  }>;
}

/** Reads a server-sent-events body, yielding each `data:` payload. */
export async function* sseData(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const ready: string[] = [];
  const parser = createSseParser((data) => ready.push(data));
  const reader = body.getReader();
  // A body that stops sending is cancelled when the request is given up on.
  const cancel = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      while (ready.length) yield ready.shift()!;
    }
    parser.end();
    while (ready.length) yield ready.shift()!;
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}

/** What one completion request is made of: the endpoint, the conversation so far and the tools. */
interface CompletionCall {
  cfg: LlmConfig;
  messages: Message[];
  tools: ChatTools;
  onDelta: (text: string) => void;
  fetchImpl: typeof fetch;
}

/** One streamed completion: its content (each token to `onDelta`) and the tool calls it asked for. */
async function streamCompletion(
  call: CompletionCall,
  signal: AbortSignal,
  stallMs: number,
): Promise<{ content: string; toolCalls: ToolCall[] }> {
  // Aborted when the whole answer is too slow or when nothing arrives for stallMs.
  const stall = new AbortController();
  let timer = setTimeout(() => stall.abort(new Error('chat completions stalled')), stallMs);
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stall.abort(new Error('chat completions stalled')), stallMs);
  };
  try {
    return await readCompletion(call, AbortSignal.any([signal, stall.signal]), alive);
  } finally {
    clearTimeout(timer);
  }
}

async function readCompletion(
  { cfg, messages, tools, onDelta, fetchImpl }: CompletionCall,
  signal: AbortSignal,
  alive: () => void,
): Promise<{ content: string; toolCalls: ToolCall[] }> {
  const res = await fetchImpl(`${cfg.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${cfg.apiKey}`,
    },
    body: JSON.stringify({
      model: cfg.model,
      temperature: 0.2,
      stream: true,
      messages,
      tools: tools.list.map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.parameters },
      })),
      tool_choice: 'auto',
    }),
    signal,
  });
  if (!res.ok || !res.body) throw new Error(`chat completions answered HTTP ${res.status}`);
  alive();
  let content = '';
  const calls: Array<{ id: string; name: string; arguments: string }> = [];
  for await (const data of sseData(res.body, signal)) {
    alive();
    if (data.trim() === '[DONE]') break;
    const chunk = JSON.parse(data) as StreamChunk;
    const delta = chunk.choices?.[0]?.delta;
    if (!delta) continue;
    if (typeof delta.content === 'string' && delta.content) {
      content += delta.content;
      onDelta(delta.content);
    }
    for (const tc of delta.tool_calls ?? []) {
      const i = tc.index ?? calls.length;
      const call = (calls[i] ??= { id: '', name: '', arguments: '' });
      if (tc.id) call.id = tc.id;
      if (tc.function?.name) call.name += tc.function.name;
      if (tc.function?.arguments) call.arguments += tc.function.arguments;
    }
  }
  return {
    content,
    toolCalls: calls
      .filter((c) => c.name)
      .map((c, i) => ({
        id: c.id || `call_${i}`,
        type: 'function' as const,
        function: { name: c.name, arguments: c.arguments },
      })),
  };
}

export interface LlmAnswer {
  text: string;
  links: ChatLink[];
  /** The tools the model called, in order. */
  toolsUsed: string[];
}

/**
 * Asks the model, running the tools it calls (arguments validated by each tool) until it answers.
 * Throws on a transport or protocol failure; the caller falls back to the default engine.
 */
export async function llmAnswer(
  cfg: LlmConfig,
  question: string,
  tools: ChatTools,
  onDelta: (text: string) => void = () => {},
  fetchImpl: typeof fetch = fetch,
  opts: { history?: readonly string[]; stallMs?: number } = {},
): Promise<LlmAnswer> {
  const signal = AbortSignal.timeout(LLM_TIMEOUT_MS);
  const stallMs = opts.stallMs ?? LLM_STALL_MS;
  // Earlier questions go first, so the model reads a follow-up (那他们下一场呢) in its conversation.
  const messages: Message[] = [
    { role: 'system', content: ChatText.llmSystem },
    ...(opts.history ?? []).map((h) => ({ role: 'user' as const, content: h })),
    { role: 'user', content: question },
  ];
  const links: ChatLink[] = [];
  const toolsUsed: string[] = [];
  for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
    const { content, toolCalls } = await streamCompletion(
      { cfg, messages, tools, onDelta, fetchImpl },
      signal,
      stallMs,
    );
    if (!toolCalls.length || round === MAX_TOOL_ROUNDS) {
      if (!content.trim()) throw new Error('chat completions answered no content');
      return { text: content.trim(), links, toolsUsed };
    }
    messages.push({ role: 'assistant', content: content || null, tool_calls: toolCalls });
    for (const call of toolCalls) {
      let args: unknown;
      try {
        args = call.function.arguments.trim() ? JSON.parse(call.function.arguments) : {};
      } catch {
        args = null;
      }
      const result = await tools.call(call.function.name, args);
      toolsUsed.push(call.function.name);
      for (const l of result.links) if (!links.some((x) => x.href === l.href)) links.push(l);
      messages.push({ role: 'tool', tool_call_id: call.id, content: result.text });
    }
  }
  throw new Error('unreachable');
}
