/**
 * Chat text rules: normalising, length limits and the sensitive-word filter. Pure functions.
 * The text stays plain text end to end (the client renders it as text, never as markup); these
 * rules only keep rooms clean.
 */
import { MAX_CHAT_LENGTH } from '../../workers/protocol/index';

/** Words masked with '*' (matched across spaces, punctuation and zero-width characters). */
export const SENSITIVE_WORDS = [
  '赌博',
  '博彩',
  '私彩',
  '网赌',
  '代理',
  '加微信',
  '加微',
  '加qq',
  '外挂',
  '色情',
  '约炮',
  '毒品',
  '冰毒',
  '法轮',
  '枪支',
  '办证',
  '刷单',
  '返利',
  '傻逼',
  '操你',
  '草泥马',
  '去死',
] as const;

const SEP = '[\\s\\p{P}\\p{S}\\u200b-\\u200f\\u2060\\ufeff]*';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORD_RES = SENSITIVE_WORDS.map((w) => new RegExp([...w].map(escapeRe).join(SEP), 'giu'));
/** Links and contact numbers (advertising) are masked too. */
const LINK_RE = /(?:https?:\/\/|www\.)\S+/giu;
const CONTACT_RE = /\d{7,}/gu;

export type ChatTextResult = { ok: true; text: string; masked: boolean } | { ok: false; msg: string };

// Control, zero-width and direction-override characters: exactly what the normaliser strips.
// eslint-disable-next-line no-control-regex
const INVISIBLE_RE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/gu;

/** Trims, drops control and zero-width characters, collapses runs of spaces. */
export function normaliseChatText(raw: string): string {
  return raw.replace(INVISIBLE_RE, ' ').replace(/\s+/gu, ' ').trim();
}

export function maskSensitive(text: string): { text: string; masked: boolean } {
  let out = text;
  for (const re of [...WORD_RES, LINK_RE, CONTACT_RE]) out = out.replace(re, (m) => '*'.repeat([...m].length));
  return { text: out, masked: out !== text };
}

export function checkChatText(raw: string): ChatTextResult {
  const text = normaliseChatText(raw);
  if (!text) return { ok: false, msg: '发言内容不能为空' };
  if ([...text].length > MAX_CHAT_LENGTH) return { ok: false, msg: `发言不能超过${MAX_CHAT_LENGTH}个字` };
  const masked = maskSensitive(text);
  return { ok: true, ...masked };
}
