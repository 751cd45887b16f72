/**
 * ChatGPT assistant benchmark (issue 15): the default engine's accuracy on the question set.
 *
 *   npx tsx tests/bench/chatgpt.ts
 *
 * A fresh PGlite database holding the world of tests/server/chatgpt-world.ts; every question of
 * tests/server/chatgpt-questions.ts asked through the engine (parser → tool → template), judged
 * by its expected facts, links and forbidden words. Prints the accuracy, the wrong answers, and
 * the time per answer (p50 / p95 / max).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStorage } from '../../server/db/index';
import { createChatEngine, templateAnswer } from '../../server/chatgpt/engine';
import { createAiService } from '../../server/ai/service';
import { createDbSource } from '../../server/ai/db-source';
import { WORLD_NOW, seedChatWorld } from '../server/chatgpt-world';
import { CHAT_QUESTIONS, judge } from '../server/chatgpt-questions';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-bench-chatgpt-'));
try {
  const storage = await openStorage({ dataDir, databaseUrl: null });
  try {
    await seedChatWorld(storage.db);
    const now = () => WORLD_NOW;
    const engine = createChatEngine(storage.db, createAiService(storage.db, createDbSource(storage.db), now), now);
    await engine.retrieve('英超积分榜'); // warm the catalogue
    const times: number[] = [];
    const wrong: string[] = [];
    for (const q of CHAT_QUESTIONS) {
      const t0 = performance.now();
      const a = templateAnswer(q.q, await engine.retrieve(q.q));
      times.push(performance.now() - t0);
      const why = judge(q, a);
      if (why.length) wrong.push(`  ✗ ${q.q} [${a.intent}]: ${why.join('; ')}`);
    }
    const right = CHAT_QUESTIONS.length - wrong.length;
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1);
    console.log(
      `chatgpt default engine: ${right}/${CHAT_QUESTIONS.length} right = ${((100 * right) / CHAT_QUESTIONS.length).toFixed(1)} %`,
    );
    if (wrong.length) console.log(wrong.join('\n'));
    console.log(`time per answer: p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${times.at(-1)!.toFixed(1)} ms`);
    if (right / CHAT_QUESTIONS.length < 0.9) process.exitCode = 1;
  } finally {
    await storage.close();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
