/**
 * Walks the route table of spec §2 (transcribed here by hand from the spec, on purpose: the
 * table in workers/protocol/routes.ts must not silently lose or rename one).
 */
import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_KEYS,
  DELIVERED_ROUTES,
  REDIRECTS,
  ROUTES,
  isDelivered,
  isKnownPath,
  matchRoute,
} from '../../../workers/protocol/routes';
import { withParamDefaults } from '../../../src/app/route-params';

const list = (base: string, pages: string) => pages.split(', ').map((p) => `${base}/${p}`);

/** Every concrete path the spec lists (§2), with the route name we expect it to resolve to. */
const SPEC_PATHS: Array<[path: string, name: string]> = [
  ['/404', '404'],
  ['/activity', 'activity'],
  ['/ChatGPT', 'ChatGPT'],
  ['/database', 'database'],
  ['/download', 'download'],
  ['/live', 'live'],
  ['/message', 'message'],
  ['/proposal', 'proposal'],
  ['/user', 'user'],
  ...list('/activity', 'address, history, lottery, rank, reg, rule').map((p): [string, string] => [p, p.slice(1)]),
  ['/community/detail', 'community/detail'],
  ['/community/list', 'community/list'],
  ['/community/qdetail', 'community/qdetail'],
  ...list('/database', 'detail, detail/lq, player/lq, player/zq, team/lq, team/zq').map((p): [string, string] => [
    p,
    p.slice(1),
  ]),
  ...list('/download', 'Android, android-down, ios-down, wapStep').map((p): [string, string] => [p, p.slice(1)]),
  ['/live/ai', 'live/ai'],
  ['/live/ai/list', 'live/ai/list'],
  ['/live/hot', 'live/hot'],
  ['/live/lq', 'live/lq/type'],
  ['/live/lq/1', 'live/lq/type'],
  ['/live/zq', 'live/zq/type'],
  ['/live/zq/2', 'live/zq/type'],
  ['/live/lq/detail', 'live/lq/detail'],
  ['/live/lq/detail/123', 'live/lq/detail'],
  ['/live/zq/detail', 'live/zq/detail'],
  ['/live/zq/detail/456', 'live/zq/detail'],
  ...list(
    '/message',
    'address, attention, chat, chatDetail, createGroup, fans, favor, find, groupDetail, groupList, list, mass, massSending, note, notice, personal, search, version',
  ).map((p): [string, string] => [p, p.slice(1)]),
  ...list('/proposal', 'detail, matchList, rank, rank/attention').map((p): [string, string] => [p, p.slice(1)]),
  ...list(
    '/user',
    'about, attention, authorHome, certification, changePassWord, community, doubt, history, infor, login, match, message, nickname, opinion, password, proposal, question, register, set',
  ).map((p): [string, string] => [p, p.slice(1)]),
  // Not in the spec's list: issue 17's recharge page (the page of the main API's /pay).
  ['/user/recharge', 'user/recharge'],
  // Nor issue 17's anchor console (anchors granted a room by an operator).
  ['/user/anchor', 'user/anchor'],
  ...list('/user/agreement', 'lx, qzxy, sqgz, tcXy, tcXyQmh, tcYs, tcYsQmh, xy, yhxy, ys, yszc').map(
    (p): [string, string] => [p, p.slice(1)],
  ),
  ['/vlive', 'vlive/type'],
  ['/vlive/0', 'vlive/type'],
  ['/vlive/detail', 'vlive/detail'],
  ['/vlive/detail/88', 'vlive/detail'],
  ['/vlive/detail/replay', 'vlive/detail/replay'],
  ['/vlive/match', 'vlive/match'],
  ['/vlive/noble', 'vlive/noble'],
  ['/news/1002', 'news/type'],
  ['/news/1002/', 'news/type'],
  ['/news/1002/9001', 'news/detail'],
];

describe('spec §2 route table', () => {
  it.each(SPEC_PATHS)('%s resolves to route %s', (path, name) => {
    expect(matchRoute(path)?.name).toBe(name);
  });

  it('lists every spec route once and nothing the spec does not name', () => {
    const specNames = new Set(SPEC_PATHS.map(([, n]) => n));
    const tableNames = ROUTES.map((r) => r.name);
    expect(new Set(tableNames).size).toBe(tableNames.length);
    expect([...specNames].sort()).toEqual([...new Set(tableNames)].sort());
  });

  it('has the two redirects', () => {
    expect(REDIRECTS).toEqual(
      expect.arrayContaining([
        { from: '/', to: '/vlive/0' },
        { from: '/news', to: '/news/1002' },
      ]),
    );
    expect(REDIRECTS).toHaveLength(2);
  });

  it('ignores query and hash when matching', () => {
    expect(matchRoute('/community/detail?code=abc#top')?.name).toBe('community/detail');
  });

  it('answers null for paths outside the table', () => {
    for (const p of ['/nope', '/live/zq/1/2', '/user/agreement/unknown', '/download/windows', '/vlive/detail/1/2']) {
      expect(matchRoute(p), p).toBeNull();
    }
  });

  it('fills the optional params with the spec defaults (anchor live type 0, news section 1002)', () => {
    expect(withParamDefaults('vlive/type', {})).toEqual({ type: '0' });
    expect(withParamDefaults('vlive/type', { type: '3' })).toEqual({ type: '3' });
    expect(withParamDefaults('news/type', { type: undefined })).toEqual({ type: '1002' });
    expect(withParamDefaults('live/zq/type', {})).toEqual({});
  });

  it('guards the protected pages as spec §5 says', () => {
    const guard = (name: string) => ROUTES.find((r) => r.name === name)?.guard;
    expect(guard('message')).toBe('authenticated');
    expect(guard('message/chat')).toBe('authenticated');
    expect(guard('user/infor')).toBe('authenticated');
    expect(guard('user/login')).toBe('notAuthenticated');
    expect(guard('user/register')).toBe('notAuthenticated');
    expect(guard('message/version')).toBeUndefined();
    expect(guard('user/about')).toBeUndefined();
  });

  it('uses the spec layouts for the shell pages', () => {
    const layout = (name: string) => ROUTES.find((r) => r.name === name)?.layout;
    expect(layout('live/hot')).toBe('tab-bar');
    expect(layout('vlive/type')).toBe('anchor-live');
    expect(layout('user/about')).toBe('user');
    expect(layout('download')).toBe('default');
  });
});

describe('delivered routes (server 200 vs 404)', () => {
  it('serves every page this issue delivers', () => {
    const delivered = [
      '/download',
      '/download/Android',
      '/download/android-down',
      '/download/ios-down',
      '/download/wapStep',
      ...AGREEMENT_KEYS.map((k) => `/user/agreement/${k}`),
      '/user/about',
      '/message/version',
      '/message',
      '/message/chat',
      '/message/chatDetail',
      '/message/personal',
      '/message/attention',
      '/message/fans',
      '/message/find',
      '/message/search',
      '/message/favor',
      '/message/note',
      '/',
      '/news',
    ];
    for (const p of delivered) expect(isKnownPath(p), p).toBe(true);
    for (const name of DELIVERED_ROUTES) expect(isDelivered(ROUTES.find((r) => r.name === name)!)).toBe(true);
  });

  it('answers 404 for /404 itself and unknown paths', () => {
    expect(isKnownPath('/404')).toBe(false);
    expect(isKnownPath('/no/such/page')).toBe(false);
    // A message path that is no spec route lands on 404.
    expect(isKnownPath('/message/nosuch')).toBe(false);
  });
});
