/**
 * Markdown files with front matter, as editors write them for `npm run ops -- publish`:
 *
 *   ---
 *   title: 阿森纳客场逆转
 *   type: 1006
 *   tags: 英超, 阿森纳
 *   author: 球赛编辑部
 *   pinned: true
 *   ---
 *   正文（Markdown）
 */
import { Code } from '../../workers/protocol/index';
import { BizError } from '../http/reply';
import { NewsText } from './strings';

export function parseFrontMatter(text: string): Record<string, unknown> {
  const src = text.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  const m = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(src);
  if (!m) throw new BizError(Code.BAD_INPUT, NewsText.ops.frontMatter);
  const fields: Record<string, unknown> = {};
  for (const line of m[1]!.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const kv = /^([A-Za-z]+)\s*:\s*(.*)$/.exec(line);
    if (!kv) throw new BizError(Code.BAD_INPUT, NewsText.ops.badField(line.trim().slice(0, 20)));
    const value = kv[2]!.trim().replace(/^"(.*)"$/, '$1');
    fields[kv[1]!] = value === 'true' ? true : value === 'false' ? false : value;
  }
  fields.body = m[2]!.trim();
  return fields;
}
