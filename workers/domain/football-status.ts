/** Football status text of spec §4 (what each status means is the protocol's `STATUS_TABLE`). */
import type { FootballStatus } from '../protocol/index';

export const FOOTBALL_STATUS_TEXT: Readonly<Record<FootballStatus, string>> = {
  0: '异常',
  1: '未开赛',
  2: '上半场',
  3: '中场',
  4: '下半场',
  5: '加时',
  7: '点球',
  8: '完场',
  9: '推迟',
  10: '中断',
  11: '腰斩',
  12: '取消',
  13: '待定',
};

export function footballStatusText(s: number): string {
  return FOOTBALL_STATUS_TEXT[s as FootballStatus] ?? FOOTBALL_STATUS_TEXT[0];
}
