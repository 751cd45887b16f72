/**
 * Room chat: a contact solicitation ("加微信 abc123 带你赢钱") is refused whole, however it is
 * disguised; ordinary chat, including fans' own words, goes through untouched.
 */
import { describe, expect, it } from 'vitest';
import { SOLICITATION_MSG, checkChatText, isSolicitation } from '../../../server/vlive/chat-filter';

describe('contact solicitations', () => {
  it.each([
    '加微信 abc123 带你赢钱',
    '加 微 信 abc123',
    '加\u200b微\u200b信\u200babc123',
    '加ＶＸ：ａｂｃ１２３',
    '加Ｖ ｌｕｃｋｙ８８８',
    '+v lucky888',
    '＋Ｖ领取内部资料',
    '加V 领取',
    '加我vx',
    '微信号 abc_123',
    '威信 lucky888 每天推荐',
    'vx: win2024 跟着我',
    'QQ 12345678 找我',
    'Ｑ Ｑ：１２３４５６７８',
    '扣扣 8888888',
    '飞机 tg_win888',
    '带 你 赢 钱，稳定收益',
    '带你上岸，日赚500',
  ])('%j is refused with a clear message', (text) => {
    expect(isSolicitation(text)).toBe(true);
    expect(checkChatText(text)).toEqual({ ok: false, msg: SOLICITATION_MSG });
  });

  it.each([
    '这球踢得漂亮',
    '加油！加油！',
    '这场要加时了',
    '主队加强进攻了',
    '这场稳赢',
    '这球必中',
    '带你回家看球',
    '我用微信看直播',
    'QQ飞车玩家路过',
    '梅西 vs C罗，谁更强？',
    'V587 牛',
    '充了个会员，加vip了',
    '2-1，下半场再进一个',
  ])('%j goes through untouched', (text) => {
    expect(isSolicitation(text)).toBe(false);
    expect(checkChatText(text)).toEqual({ ok: true, text, masked: false });
  });

  it('other sensitive words are still masked, not refused', () => {
    expect(checkChatText('网 赌 不可取')).toEqual({ ok: true, text: '*** 不可取', masked: true });
  });
});
