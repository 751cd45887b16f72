/**
 * The ChatGPT assistant's route (main API, /chatgpt/ask). Questions are validated (length,
 * control characters), limited per user (or per address for visitors), answered by the
 * default engine's tools, and — when LLM_* is configured — by the chat-completions backend
 * calling the same tools (falling back to the default engine if it fails). /chatgpt/stream
 * sends the same answer as server-sent events, its tokens as they come.
 */
import { z } from 'zod';
import {
  CHAT_HISTORY_MAX,
  CHAT_LIMITS,
  CHAT_QUESTION_MAX,
  ChatGptPaths as P,
  Code,
  embeddedUrl,
  ok,
  type ChatAnswer,
  type ChatStreamEvent,
} from '../../workers/protocol/index';
import type { FastifyRequest } from 'fastify';
import type { AreaPlugin } from '../context';
import { accessTokenOf, verifyAccessToken } from '../accounts/tokens';
import { BizError, parseInput } from '../http/reply';
import { createDbSource } from '../ai/db-source';
import { createAiService } from '../ai/service';
import { rateLimiterFor } from '../limits/shared-rate-limit';
import { createChatEngine, templateAnswer } from './engine';
import { llmAnswer } from './llm';
import { createLiveBodies } from '../live/bodies';
import { createActivityService } from '../activity/service';
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
  // Earlier questions: only read, never answered; a bad one is dropped rather than refused.
  // A form body carries one earlier question as a string, several as a list.
  history: z
    .union([z.string(), z.array(z.unknown()).max(50, T.badHistory)])
    .optional()
    .transform((h) =>
      (typeof h === 'string' ? [h] : (h ?? []))
        .filter((x): x is string => typeof x === 'string' && !CONTROL.test(x))
        .map((x) => x.trim())
        .filter((x) => x.length > 0 && [...x].length <= CHAT_QUESTION_MAX)
        .slice(-CHAT_HISTORY_MAX),
    ),
});

export const chatGptArea: AreaPlugin = (app, ctx) => {
  const ai = createAiService(ctx.db, createDbSource(ctx.db), ctx.now);
  const bodies = createLiveBodies(ctx);
  // The services the pages read: the odds tab's board and the activity's current issue.
  const engine = createChatEngine(ctx.db, ai, ctx.now, {
    feedSeed: ctx.config.feedSeed,
    feedSpeed: ctx.config.feedSpeed,
    oddsBoard: (m, type) => bodies.oddsBoard(m, type),
    activity: createActivityService(ctx.db, ctx.now),
  });
  const visitors = rateLimiterFor(
    ctx,
    'chatgpt-visitor',
    CHAT_LIMITS.visitorPerHour,
    HOUR / CHAT_LIMITS.visitorPerHour,
  );
  const users = rateLimiterFor(ctx, 'chatgpt-user', CHAT_LIMITS.userPerHour, HOUR / CHAT_LIMITS.userPerHour);

  /** Validates and counts the question against the asker's hourly limit (throws the envelope error). */
  async function admit(req: FastifyRequest): Promise<{ question: string; history: string[] }> {
    const { question, history } = parseInput(askBody, req.body);
    const token = accessTokenOf(req);
    const userId = token ? await verifyAccessToken(ctx.db, token, ctx.now()) : null;
    const allowed = await (userId !== null ? users.take(userId, ctx.now()) : visitors.take(req.ip, ctx.now()));
    if (!allowed)
      throw new BizError(
        Code.RATE_LIMITED,
        T.limited(userId !== null ? CHAT_LIMITS.userPerHour : CHAT_LIMITS.visitorPerHour),
      );
    return { question, history };
  }

  /** The answer: the default engine, or — when LLM_* is set — the model with the same tools. */
  async function answer(
    req: FastifyRequest,
    { question, history }: { question: string; history: string[] },
    onDelta: (t: string) => void,
  ): Promise<ChatAnswer> {
    const retrieved = await engine.retrieve(question, history);
    const llm = ctx.config.llm;
    // Refusals stay the engine's own words; they never reach the model.
    if (llm && retrieved.parsed.intent !== 'betting') {
      let streamed = false;
      try {
        const r = await llmAnswer(
          llm,
          question,
          engine.tools,
          (t) => {
            streamed = true;
            onDelta(t);
          },
          fetch,
          { history },
        );
        return { question, text: r.text, links: r.links, engine: 'llm', intent: retrieved.parsed.intent };
      } catch (err) {
        req.log.warn({ err }, 'chat completions failed; answering from the default engine');
        // Tokens already shown are replaced by the final answer the page receives.
        if (streamed) onDelta('\n');
      }
    }
    for (const line of retrieved.text.split(/(?<=\n)/)) onDelta(line);
    return templateAnswer(question, retrieved);
  }

  app.post(embeddedUrl(P.ask), async (req) => {
    const asked = await admit(req);
    return ok(await answer(req, asked, () => {}));
  });

  // The same answer as server-sent events: tokens as they come, then the whole answer.
  app.post(embeddedUrl(P.stream), async (req, reply) => {
    const asked = await admit(req);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    const send = (e: ChatStreamEvent) => {
      if (!raw.destroyed) raw.write(`data: ${JSON.stringify(e)}\n\n`);
    };
    try {
      send({ type: 'done', answer: await answer(req, asked, (text) => send({ type: 'delta', text })) });
    } catch (err) {
      req.log.error({ err }, 'chat answer failed');
      send({ type: 'error', code: Code.SERVER_ERROR, msg: T.failed });
    }
    raw.end();
  });
};
