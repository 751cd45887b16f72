/**
 * The ChatGPT assistant's conversation, one for the browser profile: every tab sees the same
 * turns, an answer's text grows as the server streams it (/chatgpt/stream, server-sent events
 * read by the one REST client), and the conversation is kept in the offline store, so a reload or
 * a restarted core shows it again. A turn whose answer was cut off by a dying core is marked so.
 * Logging out empties it.
 */
import { BehaviorSubject, pairwise } from 'rxjs';
import { tokenChanges } from '../session-token';
import { Code } from '../../protocol/codes';
import {
  CHAT_HISTORY_MAX,
  ChatGptPaths,
  type ChatAnswer,
  type ChatAskBody,
  type ChatStreamEvent,
} from '../../protocol/api/chatgpt';
import type { AssistantHandlers, AssistantTurn, AssistantValue, SessionValue } from '../api';
import type { Kernel, StreamBuilders } from '../kernel';

const STORE_KEY = 'chatgpt:conversation';
/** Turns kept (the oldest go first). */
export const ASSISTANT_KEEP = 50;
const FAILED = '回答失败，请稍后再试';
const INTERRUPTED = '回答被中断，请重新提问';

export interface AssistantModule {
  readonly streams: Pick<StreamBuilders, 'assistant'>;
  readonly handlers: AssistantHandlers;
}

const isTurn = (t: unknown): t is AssistantTurn =>
  typeof t === 'object' &&
  t !== null &&
  typeof (t as AssistantTurn).id === 'string' &&
  typeof (t as AssistantTurn).question === 'string' &&
  typeof (t as AssistantTurn).text === 'string';

export function createAssistantModule(kernel: Kernel, session$: BehaviorSubject<SessionValue>): AssistantModule {
  const value$ = new BehaviorSubject<AssistantValue>({ ready: false, turns: [] });
  let seq = 0;

  const loaded = kernel.store
    .get<unknown>(STORE_KEY)
    .catch((e: unknown) => {
      kernel.log('assistant: offline store read failed', e);
      return undefined;
    })
    .then((stored) => {
      const turns = (Array.isArray(stored) ? stored.filter(isTurn) : []).map((t) =>
        t.answer || t.error ? t : { ...t, error: INTERRUPTED },
      );
      // A question asked before the store answered goes after the stored ones.
      value$.next({ ready: true, turns: [...turns, ...value$.value.turns].slice(-ASSISTANT_KEEP) });
    });

  const persist = () =>
    kernel.store
      .set(STORE_KEY, value$.value.turns)
      .catch((e: unknown) => kernel.log('assistant: store write failed', e));
  const update = (id: string, fn: (t: AssistantTurn) => AssistantTurn) =>
    value$.next({ ...value$.value, turns: value$.value.turns.map((t) => (t.id === id ? fn(t) : t)) });

  // A user's questions are theirs: logging out empties the conversation on this device.
  const sub = tokenChanges(session$)
    .pipe(pairwise())
    .subscribe(([before, after]) => {
      if (before && !after)
        void loaded.then(() => {
          value$.next({ ready: true, turns: [] });
          return persist();
        });
    });
  kernel.onDispose(() => sub.unsubscribe());

  return {
    streams: { assistant: () => value$ },
    handlers: {
      async askAssistant(question) {
        await loaded;
        const id = `${kernel.instanceId}-${kernel.now().toString(36)}-${(++seq).toString(36)}`;
        // The questions answered before this one: the server reads a follow-up against them.
        const history = value$.value.turns
          .filter((t) => t.answer !== null)
          .map((t) => t.question)
          .slice(-CHAT_HISTORY_MAX);
        const turn: AssistantTurn = { id, question, text: '', answer: null, error: null };
        value$.next({ ...value$.value, turns: [...value$.value.turns, turn].slice(-ASSISTANT_KEEP) });
        await persist();
        let answer: ChatAnswer | null = null;
        let failure: { code: number; msg: string } | null = null;
        const env = await kernel.requestStream(
          {
            path: ChatGptPaths.stream,
            method: 'POST',
            // JSON: the history is a list, which a form body cannot carry when empty.
            json: true,
            body: { question, history } satisfies ChatAskBody,
            silent: true,
          },
          (data) => {
            let e: ChatStreamEvent;
            try {
              e = JSON.parse(data) as ChatStreamEvent;
            } catch {
              return;
            }
            if (e.type === 'delta') update(id, (t) => ({ ...t, text: t.text + e.text }));
            else if (e.type === 'done') answer = e.answer;
            else failure = { code: e.code, msg: e.msg };
          },
        );
        if (env.code !== Code.OK) failure = { code: env.code, msg: env.msg || FAILED };
        const done = answer as ChatAnswer | null;
        const failed = (failure as { code: number; msg: string } | null) ?? { code: Code.SERVER_ERROR, msg: FAILED };
        if (done) update(id, (t) => ({ ...t, text: done.text, answer: done }));
        else update(id, (t) => ({ ...t, error: failed.msg }));
        await persist();
        return done
          ? { ok: true, code: Code.OK, msg: '', data: done }
          : { ok: false, code: failed.code, msg: failed.msg, data: null };
      },
      async clearAssistant() {
        await loaded;
        value$.next({ ready: true, turns: [] });
        await persist();
      },
    },
  };
}
