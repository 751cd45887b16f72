/**
 * The route table of spec §2, as data. The client's router (src/app) builds its routes from it
 * and the server answers unknown paths with HTTP 404 from it, so the two can never disagree.
 * Patterns use wouter syntax: `:name` params, `?` for optional.
 */
export type Area =
  | 'shell'
  | 'activity'
  | 'chatgpt'
  | 'community'
  | 'database'
  | 'download'
  | 'live'
  | 'message'
  | 'proposal'
  | 'user'
  | 'agreement'
  | 'vlive'
  | 'news';

export type Layout = 'default' | 'download-tips' | 'tab-bar' | 'user' | 'anchor-live';
export type Guard = 'authenticated' | 'notAuthenticated';

export interface RouteDef {
  /** Route name, as used by the tab-bar mapping of spec §2 (e.g. 'live/zq/type'). */
  name: string;
  pattern: string;
  area: Area;
  layout: Layout;
  guard?: Guard;
}

/**
 * Areas whose pages have landed. The client registers routes only for these, and the server
 * answers 404 for the rest, so no route ever shows a placeholder. An area adds itself here when
 * its pages work end to end.
 */
export const DELIVERED_AREAS: ReadonlySet<Area> = new Set<Area>([
  'shell',
  'download',
  'agreement',
  'vlive',
  'live',
  'news',
  'community',
  'activity',
  'chatgpt',
  'database',
  'proposal',
]);

export const REDIRECTS: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/', to: '/vlive/0' },
  { from: '/news', to: '/news/1002' },
];

const r = (name: string, pattern: string, area: Area, layout: Layout, guard?: Guard): RouteDef =>
  guard ? { name, pattern, area, layout, guard } : { name, pattern, area, layout };

const AGREEMENTS = ['lx', 'qzxy', 'sqgz', 'tcXy', 'tcXyQmh', 'tcYs', 'tcYsQmh', 'xy', 'yhxy', 'ys', 'yszc'] as const;
export type AgreementKey = (typeof AGREEMENTS)[number];
export const AGREEMENT_KEYS: readonly AgreementKey[] = AGREEMENTS;

const MESSAGE_PAGES = [
  'address',
  'attention',
  'chat',
  'chatDetail',
  'createGroup',
  'fans',
  'favor',
  'find',
  'groupDetail',
  'groupList',
  'list',
  'mass',
  'massSending',
  'note',
  'notice',
  'personal',
  'search',
] as const;
const ACTIVITY_PAGES = ['address', 'history', 'lottery', 'rank', 'reg', 'rule'] as const;
const USER_GUARDED = [
  'attention',
  'certification',
  'changePassWord',
  'community',
  'history',
  'infor',
  'match',
  'message',
  'nickname',
  'opinion',
  'proposal',
  // Issue 17: buying coins (the spec names /pay in the main API; this is its page).
  'recharge',
  // Issue 17: the anchor console (anchors granted a room by an operator; others are told so).
  'anchor',
] as const;

export const ROUTES: readonly RouteDef[] = [
  r('404', '/404', 'shell', 'default'),
  // Activity
  r('activity', '/activity', 'activity', 'default'),
  ...ACTIVITY_PAGES.map((p) => r(`activity/${p}`, `/activity/${p}`, 'activity', 'default')),
  // ChatGPT
  r('ChatGPT', '/ChatGPT', 'chatgpt', 'tab-bar'),
  // Community
  r('community/detail', '/community/detail', 'community', 'default'),
  r('community/list', '/community/list', 'community', 'tab-bar'),
  r('community/qdetail', '/community/qdetail', 'community', 'default'),
  // Database
  r('database', '/database', 'database', 'tab-bar'),
  r('database/detail', '/database/detail', 'database', 'default'),
  r('database/detail/lq', '/database/detail/lq', 'database', 'default'),
  r('database/player/lq', '/database/player/lq', 'database', 'default'),
  r('database/player/zq', '/database/player/zq', 'database', 'default'),
  r('database/team/lq', '/database/team/lq', 'database', 'default'),
  r('database/team/zq', '/database/team/zq', 'database', 'default'),
  // Download
  r('download', '/download', 'download', 'default'),
  r('download/Android', '/download/Android', 'download', 'default'),
  r('download/android-down', '/download/android-down', 'download', 'default'),
  r('download/ios-down', '/download/ios-down', 'download', 'default'),
  r('download/wapStep', '/download/wapStep', 'download', 'default'),
  // Live (detail before the list so '/live/zq/detail/1' is not read as type 'detail')
  r('live', '/live', 'live', 'tab-bar'),
  r('live/ai', '/live/ai', 'live', 'default'),
  r('live/ai/list', '/live/ai/list', 'live', 'default'),
  r('live/hot', '/live/hot', 'live', 'tab-bar'),
  r('live/lq/detail', '/live/lq/detail/:id?', 'live', 'default'),
  r('live/zq/detail', '/live/zq/detail/:id?', 'live', 'default'),
  r('live/lq/type', '/live/lq/:type?', 'live', 'tab-bar'),
  r('live/zq/type', '/live/zq/:type?', 'live', 'tab-bar'),
  // Message
  r('message', '/message', 'message', 'tab-bar', 'authenticated'),
  ...MESSAGE_PAGES.map((p) => r(`message/${p}`, `/message/${p}`, 'message', 'default', 'authenticated')),
  r('message/version', '/message/version', 'message', 'default'),
  // Proposal
  r('proposal', '/proposal', 'proposal', 'tab-bar'),
  r('proposal/detail', '/proposal/detail', 'proposal', 'default'),
  r('proposal/matchList', '/proposal/matchList', 'proposal', 'default'),
  r('proposal/rank', '/proposal/rank', 'proposal', 'default'),
  r('proposal/rank/attention', '/proposal/rank/attention', 'proposal', 'default', 'authenticated'),
  // User
  r('user', '/user', 'user', 'tab-bar'),
  r('user/about', '/user/about', 'user', 'user'),
  r('user/authorHome', '/user/authorHome', 'user', 'user'),
  r('user/doubt', '/user/doubt', 'user', 'user'),
  r('user/question', '/user/question', 'user', 'user'),
  r('user/login', '/user/login', 'user', 'user', 'notAuthenticated'),
  r('user/register', '/user/register', 'user', 'user', 'notAuthenticated'),
  r('user/password', '/user/password', 'user', 'user', 'notAuthenticated'),
  r('user/set', '/user/set', 'user', 'user'),
  ...USER_GUARDED.map((p) => r(`user/${p}`, `/user/${p}`, 'user', 'user', 'authenticated')),
  ...AGREEMENTS.map((k) => r(`user/agreement/${k}`, `/user/agreement/${k}`, 'agreement', 'user')),
  // Anchor live
  r('vlive/detail/replay', '/vlive/detail/replay', 'vlive', 'anchor-live'),
  r('vlive/detail', '/vlive/detail/:id?', 'vlive', 'anchor-live'),
  r('vlive/match', '/vlive/match', 'vlive', 'anchor-live'),
  r('vlive/noble', '/vlive/noble', 'vlive', 'anchor-live'),
  r('vlive/type', '/vlive/:type?', 'vlive', 'anchor-live'),
  // News
  r('news/detail', '/news/:type/:id', 'news', 'default'),
  r('news/type', '/news/:type', 'news', 'tab-bar'),
];

/** Compiles a wouter-style pattern to a RegExp (params are one path segment). */
export function patternToRegExp(pattern: string): RegExp {
  let src = '';
  for (const seg of pattern.split('/').filter(Boolean)) {
    const m = /^:([A-Za-z]+)(\?)?$/.exec(seg);
    if (!m) src += '/' + seg.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
    else if (m[2]) src += '(?:/([^/]+))?';
    else src += '/([^/]+)';
  }
  return new RegExp(`^${src || '/'}/?$`);
}

const compiled = ROUTES.map((route) => ({ route, re: patternToRegExp(route.pattern) }));

/** The route a path belongs to, or null (→ 404). Query and hash are ignored. */
export function matchRoute(path: string): RouteDef | null {
  const clean = path.split(/[?#]/)[0] || '/';
  for (const { route, re } of compiled) if (re.test(clean)) return route;
  return null;
}

/** Routes that are served: spec routes of delivered areas, plus single pages delivered early. */
export function isDelivered(route: RouteDef): boolean {
  return DELIVERED_AREAS.has(route.area) || DELIVERED_ROUTES.has(route.name);
}

/**
 * The user area's pages (issue 7), all of them. 'user/community' (my posts) and 'user/proposal'
 * (my tips) keep their own data in the user centre (posts, and tips on the feed's stored football
 * matches); the community and proposal areas' public pages are not delivered yet.
 */
const USER_PAGES_DELIVERED = [
  'user',
  'user/login',
  'user/register',
  'user/password',
  'user/changePassWord',
  'user/nickname',
  'user/infor',
  'user/certification',
  'user/set',
  'user/attention',
  'user/match',
  'user/history',
  'user/message',
  'user/community',
  'user/proposal',
  'user/authorHome',
  'user/question',
  'user/doubt',
  'user/opinion',
  'user/recharge',
  'user/anchor',
];
/** Single routes delivered ahead of their area (e.g. /user/about and /message/version by the shell). */
export const DELIVERED_ROUTES: ReadonlySet<string> = new Set([
  'user/about',
  'message/version',
  // Messaging (issue 13): the conversation list and a private conversation.
  'message',
  'message/chat',
  // Groups (issue 13): my groups, a group's settings (and its invite link), creating one.
  'message/groupList',
  'message/groupDetail',
  'message/createGroup',
  // 群发: history and a new mass sending to chosen followers.
  'message/mass',
  'message/massSending',
  // People: a chat's settings, a person's card, follows, finding people, search, favourites.
  'message/chatDetail',
  'message/personal',
  'message/attention',
  'message/fans',
  'message/find',
  'message/search',
  'message/favor',
  'message/note',
  // Notices (系统 / 社区), the address book, and the chat list the unread counts come from.
  'message/notice',
  'message/address',
  'message/list',
  '404',
  ...USER_PAGES_DELIVERED,
]);

/**
 * Routes whose page ships in another area's chunk (delivered ahead of their area, by the shell).
 * The client's router loads that chunk for them and the server preloads it in their HTML.
 */
const PAGE_CHUNK_AREA: Readonly<Record<string, Area>> = { 'user/about': 'shell', 'message/version': 'shell' };

/**
 * Id of the JSON element the server embeds in the app's HTML: each area's chunk files (beyond the
 * entry's), so the client can prefetch other areas without running their code.
 */
export const AREA_FILES_ELEMENT_ID = 'qs-area-files';

/** The area whose chunk holds this route's page. */
export function chunkAreaOf(route: RouteDef): Area {
  return PAGE_CHUNK_AREA[route.name] ?? route.area;
}

export function isKnownPath(path: string): boolean {
  const clean = path.split(/[?#]/)[0] || '/';
  if (REDIRECTS.some((r) => r.from === clean || r.from + '/' === clean)) return true;
  const route = matchRoute(clean);
  return route !== null && route.name !== '404' && isDelivered(route);
}
