/**
 * The ChatGPT assistant (main API, /chatgpt): a question in, an answer grounded in the app's own
 * data out, with links to app routes. Visitors are limited per address, users per account.
 */
export const ChatGptPaths = {
  /** POST question → ChatAnswer. */
  ask: '/chatgpt/ask',
  /** POST question → text/event-stream of ChatStreamEvent (tokens as they come, then the answer). */
  stream: '/chatgpt/stream',
} as const;

export const CHAT_QUESTION_MAX = 500;
/**
 * Earlier questions of the conversation sent with a question (oldest first), so a follow-up such
 * as 那他们下一场呢 is read against the team asked about before. The server reads the last ones.
 */
export const CHAT_HISTORY_MAX = 4;

/** POST body of ask and stream. */
export interface ChatAskBody {
  question: string;
  history?: string[];
}
export const CHAT_LIMITS = { visitorPerHour: 10, userPerHour: 60 } as const;

export interface ChatLink {
  label: string;
  /** An app route (e.g. /live/zq/detail/123). */
  href: string;
}

export interface ChatAnswer {
  question: string;
  text: string;
  links: ChatLink[];
  /** 'template' (built-in engine) or 'llm' (the configured chat-completions backend). */
  engine: 'template' | 'llm';
  /** What the engine understood (for tests and debugging). */
  intent: string;
}

/** One server-sent event of /chatgpt/stream (`data: <json>`). */
export type ChatStreamEvent =
  { type: 'delta'; text: string } | { type: 'done'; answer: ChatAnswer } | { type: 'error'; code: number; msg: string };
