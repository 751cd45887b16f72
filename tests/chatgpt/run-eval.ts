/**
 * Asks every case of the evaluation set on a running server's /chatgpt/stream (as the page
 * does, each from its own visitor address so the hourly limit of one visitor is not what is
 * measured), grades it, and sums the result per intent with the time to the first token and to
 * the whole answer.
 */
import { performance } from 'node:perf_hooks';
import { ChatGptPaths, embeddedUrl, type ChatAnswer, type ChatStreamEvent } from '../../workers/protocol/index';
import { sseData } from '../../server/chatgpt/llm';
import { judgeAnswer, type EvalCase } from './eval-set';

export interface CaseResult {
  c: EvalCase;
  answer: ChatAnswer | null;
  wrong: string | null;
  firstTokenMs: number;
  fullMs: number;
}

export interface EvalReport {
  results: CaseResult[];
  perIntent: Array<{ intent: string; right: number; total: number }>;
  right: number;
  total: number;
}

let visitor = 0;
/** Asks one question as the page does (server-sent events), timing the first token and the end. */
export async function askStream(
  base: string,
  question: string,
  history: string[],
): Promise<{ answer: ChatAnswer | null; error: string | null; firstTokenMs: number; fullMs: number }> {
  visitor++;
  const t0 = performance.now();
  const res = await fetch(`${base}${embeddedUrl(ChatGptPaths.stream)}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
    },
    body: JSON.stringify({ question, history }),
  });
  let first = -1;
  let answer: ChatAnswer | null = null;
  let error: string | null = null;
  if (!res.body || !res.headers.get('content-type')?.includes('event-stream')) {
    return {
      answer: null,
      error: `HTTP ${res.status}: ${await res.text()}`,
      firstTokenMs: -1,
      fullMs: performance.now() - t0,
    };
  }
  for await (const data of sseData(res.body)) {
    const e = JSON.parse(data) as ChatStreamEvent;
    if (first < 0) first = performance.now() - t0;
    if (e.type === 'done') answer = e.answer;
    else if (e.type === 'error') error = e.msg;
  }
  return { answer, error, firstTokenMs: first, fullMs: performance.now() - t0 };
}

export async function runEval(
  base: string,
  cases: EvalCase[],
  check: (a: ChatAnswer, c: EvalCase) => string | null = () => null,
): Promise<EvalReport> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    const before = await c.truth();
    const r = await askStream(base, c.q, c.history);
    let wrong: string | null = r.answer ? null : `no answer: ${r.error}`;
    if (r.answer) {
      const after = await c.truth();
      const why = judgeAnswer(r.answer, after);
      wrong = why && judgeAnswer(r.answer, before) ? why : null;
      wrong ??= check(r.answer, c);
    }
    results.push({ c, answer: r.answer, wrong, firstTokenMs: r.firstTokenMs, fullMs: r.fullMs });
  }
  const intents = [...new Set(cases.map((c) => c.intent))];
  const perIntent = intents.map((intent) => {
    const of = results.filter((r) => r.c.intent === intent);
    return { intent, right: of.filter((r) => !r.wrong).length, total: of.length };
  });
  return { results, perIntent, right: results.filter((r) => !r.wrong).length, total: results.length };
}

/** p-th percentile of a list of numbers (nearest rank). */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * p) - 1))] ?? 0;
}

export function formatReport(name: string, r: EvalReport): string {
  const lines = [`${name}: ${r.right}/${r.total} right = ${((100 * r.right) / r.total).toFixed(1)} %`];
  for (const i of r.perIntent)
    lines.push(
      `  ${i.intent.padEnd(14)} ${String(i.right).padStart(3)}/${String(i.total).padEnd(3)} ${((100 * i.right) / i.total).toFixed(0).padStart(3)} %`,
    );
  const firsts = r.results.map((x) => x.firstTokenMs).filter((x) => x >= 0);
  const fulls = r.results.map((x) => x.fullMs);
  lines.push(
    `  first token p50 ${percentile(firsts, 0.5).toFixed(0)} ms, p95 ${percentile(firsts, 0.95).toFixed(0)} ms; full answer p50 ${percentile(fulls, 0.5).toFixed(0)} ms, p95 ${percentile(fulls, 0.95).toFixed(0)} ms`,
  );
  for (const w of r.results.filter((x) => x.wrong))
    lines.push(
      `  ✗ [${w.c.intent}] ${w.c.history.length ? `(${w.c.history.join(' / ')}) ` : ''}${w.c.q} → [${w.answer?.intent}] ${w.wrong}`,
    );
  return lines.join('\n');
}
