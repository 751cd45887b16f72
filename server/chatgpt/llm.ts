/**
 * The optional chat-completions backend: any OpenAI-compatible endpoint (LLM_BASE_URL,
 * LLM_API_KEY, LLM_MODEL). It is given only the facts the engine retrieved from the app's own
 * data and told to answer from them; the links always come from those facts, never the model.
 */
import { ChatText } from './text';

export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

const LLM_TIMEOUT_MS = 20_000;

export async function llmAnswer(
  cfg: LlmConfig,
  question: string,
  facts: string,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const res = await fetchImpl(`${cfg.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${cfg.apiKey}` },
    body: JSON.stringify({
      model: cfg.model,
      temperature: 0.2,
      messages: [
        { role: 'system', content: ChatText.llmSystem },
        { role: 'system', content: ChatText.llmFacts(facts) },
        { role: 'user', content: question },
      ],
    }),
    signal: AbortSignal.timeout(LLM_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`chat completions answered HTTP ${res.status}`);
  const body = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) throw new Error('chat completions answered no content');
  return content.trim();
}
