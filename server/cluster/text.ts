/** What cluster mode says to people (dev controls forwarded to the feed leader). */
export const ClusterText = {
  noLeader: (seconds: number): string => `比分数据服务的主进程尚未选出（已等待 ${seconds} 秒），请稍后再试`,
  leaderSilent: (seconds: number): string => `比分数据服务的主进程 ${seconds} 秒内没有应答，请稍后再试`,
  leaderFailed: '比分数据服务的主进程处理失败，请稍后再试',
};
