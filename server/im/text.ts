/**
 * Input schemas of the messaging area. Text a user writes is stored as typed (trimmed at the
 * ends) and rendered as text by the client; NUL and other control characters are refused rather
 * than stripped so nothing stored differs from what the sender saw. Line breaks are allowed.
 */
import { z } from 'zod';
import { IM_TEXT_MAX } from '../../workers/protocol/api/message';

// C0 controls except \n, DEL, C1 controls, and the bidi overrides that can disguise text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_RE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export const messageText = z
  .string({ error: '请输入消息内容' })
  .refine((s) => !CONTROL_RE.test(s), '消息不能包含控制字符')
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, '请输入消息内容')
  .refine((s) => [...s].length <= IM_TEXT_MAX, `消息不能超过 ${IM_TEXT_MAX} 个字`);

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .positive(`${label}不正确`)
    .max(2_147_483_647, `${label}不正确`);

export const userIdField = positiveId('用户编号');
export const messageIdField = positiveId('消息编号');
export const conversationIdField = z.string({ error: '缺少会话编号' }).regex(/^p:\d{1,10}:\d{1,10}$/, '会话编号不正确');
export const clientIdField = z.string({ error: '缺少消息标识' }).regex(/^[A-Za-z0-9_-]{8,64}$/, '消息标识不正确');
export const seqField = z.coerce
  .number({ error: '序号不正确' })
  .int('序号不正确')
  .min(0, '序号不正确')
  .max(2_147_483_647, '序号不正确');
export const onOff = z.coerce
  .number({ error: '开关只能是 0 或 1' })
  .int()
  .refine((n) => n === 0 || n === 1, '开关只能是 0 或 1');
