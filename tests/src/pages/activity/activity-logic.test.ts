/**
 * The client-side checks of the activity address form and the ChatGPT question box agree with
 * the server's schemas on the same inputs, so a page never accepts what the server refuses (or
 * the reverse) and the message is the same one.
 */
import { describe, expect, it } from 'vitest';
import { addressErrors } from '../../../../src/pages/activity/ActivityAddressPage';
import { questionError } from '../../../../src/pages/chatgpt/ChatGptPage';
import { addressBody } from '../../../../server/activity/routes';
import { askBody } from '../../../../server/chatgpt/routes';

const good = { name: '张三', mobile: '13800138000', region: '广东省 深圳市 南山区', detail: '科技园路 1 号 2 栋 301' };

describe('address form', () => {
  const cases: Array<Partial<typeof good>> = [
    {},
    { name: '张' },
    { name: 'A' },
    { name: '欧阳·娜娜' },
    { name: '张三<b>' },
    { mobile: '1380013800' },
    { mobile: '12800138000' },
    { mobile: '19912345678' },
    { region: '广' },
    { region: '北京市' },
    { detail: '一号楼' },
    { detail: '一号楼二单元' },
    { detail: '一号楼\u0007二单元' },
    { name: '张\u0000三' },
    { region: '广东\u001f深圳' },
    { detail: 'x'.repeat(121) },
  ];
  it.each(cases)('client and server agree on %o', (over) => {
    const input = { ...good, ...over };
    const client = Object.values(addressErrors(input));
    const server = addressBody.safeParse(input);
    expect(client.length === 0).toBe(server.success);
    if (!server.success) expect(client).toContain(server.error.issues[0]!.message);
  });
});

describe('ChatGPT question box', () => {
  const cases = [
    '',
    '   ',
    '英超积分榜',
    '球'.repeat(500),
    '球'.repeat(501),
    '英超\u0000积分榜',
    '英超\u001b积分榜',
    '第一行\n第二行',
  ];
  it.each(cases)('client and server agree on %j', (question) => {
    const client = questionError(question);
    const server = askBody.safeParse({ question });
    expect(client === null).toBe(server.success);
    if (!server.success) expect(client).toBe(server.error.issues[0]!.message);
  });
});
