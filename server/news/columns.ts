/** The news columns (栏目): 1002 头条 lists every column; the others list their own. */
import type { NewsColumn } from '../../workers/protocol/api/news';
import { HEADLINE_TYPE } from '../../workers/protocol/api/news';

export const NEWS_COLUMNS: readonly (NewsColumn & { color: string })[] = [
  { type: HEADLINE_TYPE, name: '头条', color: '#c8102e' },
  { type: 1003, name: '足球', color: '#1f7a3a' },
  { type: 1004, name: '篮球', color: '#d4691b' },
  { type: 1005, name: '中超', color: '#b2202a' },
  { type: 1006, name: '英超', color: '#3d195b' },
  { type: 1007, name: '西甲', color: '#ee8707' },
  { type: 1008, name: 'NBA', color: '#17408b' },
  { type: 1009, name: 'CBA', color: '#0b5fa5' },
  { type: 1010, name: '转会', color: '#2a7f86' },
];

export const columnOf = (type: number) => NEWS_COLUMNS.find((c) => c.type === type);
export const isColumn = (type: number) => NEWS_COLUMNS.some((c) => c.type === type);
