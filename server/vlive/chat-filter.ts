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

/**
 * Contact solicitations ("加微信 abc123 带你赢钱"): masking the keyword left the id and the lure
 * readable, so such a message is refused whole. Matched on a folded copy of the text: full-width
 * to half-width (NFKC), lower case, and spaces, punctuation and zero-width characters between the
 * characters removed ('加 Ｖ Ｘ：ａｂｃ１２３' reads 加vxabc123). '+' is kept: '+v' is a solicitation.
 */
const FOLD_DROP_RE = /(?!\+)[\s\p{P}\p{S}\u200b-\u200f\u2060\ufeff]/gu;
function foldForSolicitation(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(FOLD_DROP_RE, '');
}
/** Contact apps and their usual disguises (威信, 薇信, v信, vx, 扣扣, 企鹅, 飞机 for Telegram). */
const CONTACT_APP = '(?:[微威薇徽维][信芯]|v信|vx|wx|weixin|wechat|qq|扣扣|企鹅|tg|telegram|飞机|电报)';
/** A contact app with an id after it: 微信abc123, qq12345678, vx:lucky888. */
const CONTACT_ID_RE = new RegExp(`${CONTACT_APP}(?:号|账号|号码|id)?[a-z0-9_-]{5,}`, 'u');
/** Asking to be added: 加微信, 加我vx, +v, 加v (not 加vip), 私聊扣扣. */
const SOLICIT_RE = new RegExp(`(?:加|\\+|添加|私聊|联系|找)我?(?:${CONTACT_APP}|v(?!ip))`, 'u');
/**
 * Gambling lures that come with such ads. Fans' own words stay allowed ('这场稳赢', '这球必中',
 * '回血'): only what offers to make someone money.
 */
const LURE_RE = /带你(?:赢|赚|回血|上岸|翻身|发财)|稳赚不赔|包赢|内幕消息|带单|日赚/u;

export const SOLICITATION_MSG = '发言含有联系方式或拉人信息，不能发送';

/** True for a contact solicitation or a gambling lure (see foldForSolicitation). */
export function isSolicitation(text: string): boolean {
  const folded = foldForSolicitation(text);
  return CONTACT_ID_RE.test(folded) || SOLICIT_RE.test(folded) || LURE_RE.test(folded);
}

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
  if (isSolicitation(text)) return { ok: false, msg: SOLICITATION_MSG };
  const masked = maskSensitive(text);
  return { ok: true, ...masked };
}
