/**
 * 纳米数据 (Nami) status_id → spec §4. Nami's own tables (状态码 → 比赛状态, docs/providers/nami.md)
 * are the ones the spec's were taken from, so the codes line up one to one; the one exception is
 * football 6, an old "加时赛" code Nami keeps for compatibility, which is extra time (5).
 */
import { BasketballStatus as B, FootballStatus as F, type Sport } from '../../../workers/protocol/index';
import type { StatusTable } from '../providers';

const football: StatusTable = {
  0: F.ABNORMAL, // 比赛异常
  1: F.NOT_STARTED, // 未开赛
  2: F.FIRST_HALF, // 上半场
  3: F.HALF_TIME, // 中场
  4: F.SECOND_HALF, // 下半场
  5: F.EXTRA_TIME, // 加时赛
  6: F.EXTRA_TIME, // 加时赛(弃用)
  7: F.PENALTIES, // 点球决战
  8: F.FINISHED, // 完场
  9: F.POSTPONED, // 推迟
  10: F.INTERRUPTED, // 中断
  11: F.ABANDONED, // 腰斩
  12: F.CANCELLED, // 取消
  13: F.TBD, // 待定
};

const basketball: StatusTable = {
  0: B.ABNORMAL, // 比赛异常
  1: B.NOT_STARTED, // 未开赛
  2: B.Q1, // 第一节
  3: B.Q1_END, // 第一节完
  4: B.Q2, // 第二节
  5: B.HALF_TIME, // 第二节完
  6: B.Q3, // 第三节
  7: B.Q3_END, // 第三节完
  8: B.Q4, // 第四节
  9: B.OVERTIME, // 加时
  10: B.FINISHED, // 完场
  11: B.INTERRUPTED, // 中断
  12: B.CANCELLED, // 取消
  13: B.POSTPONED, // 延期
  14: B.ABANDONED, // 腰斩
  15: B.TBD, // 待定
};

export const NAMI_STATUS: Readonly<Record<Sport, StatusTable>> = { zq: football, lq: basketball };
