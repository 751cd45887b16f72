/**
 * What users write in news and community (comments, posts, report reasons): NUL and control
 * characters are refused with a clear message, words of ./sensitive-words.txt are masked with '*'.
 * Text is stored and shown as plain text; nothing here produces markup.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { sourceFile } from '../source-file';
import { NewsText } from './strings';

export function loadSensitiveWords(text = fs.readFileSync(sourceFile('news/sensitive-words.txt'), 'utf8')): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

const SEP = '[\\s\\p{P}\\p{S}\\u200b-\\u200f\\u2060\\ufeff]*';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Read on first use, not at import: modules that only import a schema from here (the ChatGPT
// tools, page tests under jsdom, where import.meta.url is not a file) never touch the file.
let wordRes: RegExp[] | null = null;
const wordPatterns = () =>
  (wordRes ??= loadSensitiveWords().map((w) => new RegExp([...w].map(escapeRe).join(SEP), 'giu')));

/** Masks each sensitive word (also when split by spaces or punctuation) with one '*' per character. */
export function maskWords(text: string): string {
  let out = text;
  for (const re of wordPatterns()) out = out.replace(re, (m) => '*'.repeat([...m].length));
  return out;
}

// C0/C1 controls except tab and newlines, plus direction overrides (they can disguise text).
// eslint-disable-next-line no-control-regex
export const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/**
 * A user-written text field: refuses control characters, trims, checks length, masks words.
 * (Local schema: the shared text-field schemas of workers/protocol are another issue's.)
 */
export function userText(label: string, min: number, max: number, multiline = true) {
  return z
    .string({ error: NewsText.missing(label) })
    .refine((s) => !CONTROL_RE.test(s), NewsText.controlChars(label))
    .transform((s) => (multiline ? s.replace(/\r\n?/g, '\n') : s.replace(/\s+/g, ' ')).trim())
    .refine((s) => [...s].length >= min, min <= 1 ? NewsText.missing(label) : NewsText.tooShort(label, min))
    .refine((s) => [...s].length <= max, NewsText.tooLong(label, max))
    .transform(maskWords);
}
