/** Basketball status text and match type of spec §4 (status meanings: the protocol's `STATUS_TABLE`). */
import type { BasketballStatus } from '../protocol/index';

export const BASKETBALL_STATUS_TEXT: Readonly<Record<BasketballStatus, string>> = {
  0: '异常',
  1: '未开赛',
  2: '第一节',
  3: '第一节完',
  4: '第二节',
  5: '中场',
  6: '第三节',
  7: '第三节完',
  8: '第四节',
  9: '加时',
  10: '完场',
  11: '中断',
  12: '取消',
  13: '推迟',
  14: '腰斩',
  15: '待定',
};

export function basketballStatusText(s: number): string {
  return BASKETBALL_STATUS_TEXT[s as BasketballStatus] ?? BASKETBALL_STATUS_TEXT[0];
}

/** Match types 8 and 9 are treated as type 0. */
export function basketballMatchType(type: number): number {
  return type === 8 || type === 9 ? 0 : type;
}
