/** Expert levels of spec §3 (default 1). */
export const EXPERT_LEVELS: Readonly<Record<number, string>> = {
  1: '初级',
  2: '中级',
  3: '高级',
  4: '资深',
  5: '媒体人',
  6: '退役球员',
  7: '职业玩家',
};

export function expertLevelName(level: number | null | undefined): string {
  return EXPERT_LEVELS[level ?? 1] ?? EXPERT_LEVELS[1];
}
