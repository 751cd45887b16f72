/** Chinese text of the agreement pages' frame. */
export const agreementText = {
  updated: (d: string) => `更新日期：${d}`,
  effective: (d: string) => `生效日期：${d}`,
  related: '相关协议',
  back: '返回',
} as const;
