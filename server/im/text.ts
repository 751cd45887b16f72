/**
 * Input schemas of the messaging area. Text a user writes is stored as typed (trimmed at the
 * ends) and rendered as text by the client; NUL and other control characters are refused rather
 * than stripped so nothing stored differs from what the sender saw. Line breaks are allowed.
 */
import { z } from 'zod';
import {
  GROUP_MEMBER_MAX,
  GROUP_MUTE_MAX_MINUTES,
  GROUP_NAME_MAX,
  GROUP_NOTICE_MAX,
  IM_TEXT_MAX,
} from '../../workers/protocol/api/message';

// C0 controls except \n, DEL, C1 controls, and the bidi overrides that can disguise text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_RE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

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
export const conversationIdField = z
  .string({ error: '缺少会话编号' })
  .regex(/^(p:\d{1,10}:\d{1,10}|g:\d{1,10})$/, '会话编号不正确');
export const groupIdField = positiveId('群编号');

export const groupName = z
  .string({ error: '请输入群名称' })
  .refine((s) => !CONTROL_RE.test(s) && !s.includes('\n'), '群名称不能包含控制字符或换行')
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, '请输入群名称')
  .refine((s) => [...s].length <= GROUP_NAME_MAX, `群名称不能超过 ${GROUP_NAME_MAX} 个字`);

export const groupNotice = z
  .string({ error: '群公告不正确' })
  .refine((s) => !CONTROL_RE.test(s), '群公告不能包含控制字符')
  .transform((s) => s.trim())
  .refine((s) => [...s].length <= GROUP_NOTICE_MAX, `群公告不能超过 ${GROUP_NOTICE_MAX} 个字`);

/** A comma list of user ids (a form field), possibly empty. */
export const userIdList = z
  .union([z.string(), z.number()], { error: '成员列表不正确' })
  .transform((v) => String(v).trim())
  .refine((s) => s === '' || /^\d{1,10}(,\d{1,10})*$/.test(s), '成员列表不正确')
  .transform((s) => (s === '' ? [] : s.split(',').map(Number)))
  .refine((ids) => ids.every((n) => n > 0 && n <= 2_147_483_647), '成员列表不正确')
  .refine((ids) => ids.length <= GROUP_MEMBER_MAX, `群成员最多 ${GROUP_MEMBER_MAX} 人`);

export const inviteCodeField = z.string({ error: '缺少邀请码' }).regex(/^[A-Za-z0-9_-]{8,64}$/, '邀请链接无效或已失效');

export const muteMinutes = z.coerce
  .number({ error: '禁言时长不正确' })
  .int('禁言时长不正确')
  .min(0, '禁言时长不正确')
  .max(GROUP_MUTE_MAX_MINUTES, `禁言最长 ${GROUP_MUTE_MAX_MINUTES / 1440} 天`);
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
