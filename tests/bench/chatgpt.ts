/**
 * ChatGPT assistant benchmark (issue 30): the evaluation set of tests/chatgpt/ against the real
 * server, built-in engine.
 *
 *   npm run bench -- chatgpt        (or: npx tsx tests/bench/chatgpt.ts)
 *
 * Starts the server (new PGlite database in a temp dir, simulator feed, no LLM), builds the
 * questions from its live data, asks each on /chatgpt/stream as the page does and grades it
 * against the REST APIs at ask time. Prints the score per intent, the wrong answers, and the
 * time to the first token and to the whole answer (p50 / p95). Targets: ≥ 95 % right, no intent
 * below 85 %, first token ≤ 300 ms and full answer ≤ 1 s at p95; exits 1 when one is missed.
 */
import { evalApi } from '../chatgpt/api';
import { buildEvalSet } from '../chatgpt/eval-set';
import { formatReport, percentile, runEval } from '../chatgpt/run-eval';
import { startEvalServer } from '../chatgpt/eval-server';

const server = await startEvalServer();
try {
  const cases = await buildEvalSet(evalApi(server.url));
  // One unmeasured question warms the server's catalogue, as any first visitor would.
  await runEval(server.url, cases.slice(0, 1));
  const r = await runEval(server.url, cases);
  console.log(formatReport(`chatgpt built-in engine (${cases.length} questions, ${r.perIntent.length} intents)`, r));
  const first95 = percentile(
    r.results.map((x) => x.firstTokenMs).filter((x) => x >= 0),
    0.95,
  );
  const full95 = percentile(
    r.results.map((x) => x.fullMs),
    0.95,
  );
  const misses = [
    ...(r.right / r.total < 0.95 ? ['overall < 95 %'] : []),
    ...r.perIntent.filter((i) => i.right / i.total < 0.85).map((i) => `${i.intent} < 85 %`),
    ...(first95 > 300 ? [`first token p95 ${first95.toFixed(0)} ms > 300 ms`] : []),
    ...(full95 > 1000 ? [`full answer p95 ${full95.toFixed(0)} ms > 1 s`] : []),
  ];
  console.log(misses.length ? `targets missed: ${misses.join('; ')}` : 'targets met');
  if (misses.length) process.exitCode = 1;
} finally {
  await server.stop();
}
