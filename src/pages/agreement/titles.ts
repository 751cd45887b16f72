/** Titles of the eleven agreement pages (glossary: tc* are the 极速版 brand, *Qmh the 全民版 channel). */
import type { AgreementKey } from '../../../workers/protocol/routes';

export const agreementTitles: Record<AgreementKey, string> = {
  yhxy: '用户协议',
  xy: '注册服务协议',
  ys: '隐私政策摘要',
  yszc: '隐私政策',
  sqgz: '社区规则',
  qzxy: '圈子协议',
  lx: '联系我们',
  tcXy: '球赛直播极速版用户协议',
  tcYs: '球赛直播极速版隐私政策',
  tcXyQmh: '球赛直播全民版用户协议',
  tcYsQmh: '球赛直播全民版隐私政策',
};
