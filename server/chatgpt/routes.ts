/**
 * The ChatGPT assistant's route (main API, /chatgpt/ask). Questions are validated (length,
 * control characters), limited per user (or per address for visitors), answered by the
 * retrieval engine, and — when LLM_* is configured — phrased by the chat-completions backend
 * from the retrieved facts (falling back to the template answer if it fails).
 */
import { z } from 'zod';
import {
  CHAT_LIMITS,
  CHAT_QUESTION_MAX,
  ChatGptPaths as P,
  Code,
  embeddedUrl,
  ok,
  type ChatAnswer,
} from '../../workers/protocol/index';
import type { AreaPlugin } from '../context';
import { accessTokenOf, verifyAccessToken } from '../accounts/tokens';
import { BizError, parseInput } from '../http/reply';
import { createDbSource } from '../ai/db-source';
import { createAiService } from '../ai/service';
import { createRateLimiter } from '../limits/rate-limit';
import { createChatEngine, templateAnswer } from './engine';
import { llmAnswer } from './llm';
import { ChatText as T } from './text';

const HOUR = 3_600_000;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/;

export const askBody = z.object({
  question: z
    .string({ error: T.empty })
    .refine((s) => !CONTROL.test(s), T.control)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, T.empty)
    .refine((s) => [...s].length <= CHAT_QUESTION_MAX, T.tooLong(CHAT_QUESTION_MAX)),
});

export const chatGptArea: AreaPlugin = (app, ctx) => {
  const ai = createAiService(ctx.db, createDbSource(ctx.db), ctx.now);
  const engine = createChatEngine(ctx.db, ai, ctx.now);
  const visitors = createRateLimiter(CHAT_LIMITS.visitorPerHour, HOUR / CHAT_LIMITS.visitorPerHour);
  const users = createRateLimiter(CHAT_LIMITS.userPerHour, HOUR / CHAT_LIMITS.userPerHour);

  app.post(embeddedUrl(P.ask), async (req) => {
    const { question } = parseInput(askBody, req.body);
    const token = accessTokenOf(req);
    const userId = token ? await verifyAccessToken(ctx.db, token, ctx.now()) : null;
    const allowed = userId !== null ? users.take(userId, ctx.now()) : visitors.take(req.ip, ctx.now());
    if (!allowed)
      throw new BizError(
        Code.RATE_LIMITED,
        T.limited(userId !== null ? CHAT_LIMITS.userPerHour : CHAT_LIMITS.visitorPerHour),
      );
    const retrieved = await engine.retrieve(question);
    const answer: ChatAnswer = templateAnswer(question, retrieved);
    const llm = ctx.config.llm;
    // Refusals and "no data" answers stay the engine's own words; only grounded facts go to the model.
    if (llm && retrieved.parsed.intent !== 'betting' && retrieved.parsed.intent !== 'unknown') {
      try {
        return ok<ChatAnswer>({ ...answer, text: await llmAnswer(llm, question, retrieved.text), engine: 'llm' });
      } catch (err) {
        req.log.warn({ err }, 'chat completions failed; answering from the template');
      }
    }
    return ok(answer);
  });
};
