/**
 * The user area's calls, typed, all through the core's one REST client (views never fetch).
 * Password fields go through the one-time iv flow of spec §7 (workers/protocol/password-transit).
 */
import { getCore } from '../../core/index';
import type { Envelope, SlideAnswer, SlideChallenge } from '../../../workers/protocol/index';
import { UserPaths } from '../../../workers/protocol/api/user';
import { encodeTransitPassword, type PasswordIv } from '../../../workers/protocol/password-transit';
import { UserCentrePaths as P } from '../../../workers/protocol/api/user-centre';
import type {
  AuthorProfile,
  CentrePage,
  FaqItem,
  FeedbackItem,
  FeedbackKind,
  HistoryItem,
  MyPost,
  MyTip,
  NoticeKind,
  PortraitState,
  RealNameState,
  SystemMessage,
  TipMatch,
  TipPage,
  TipPick,
  UploadedImage,
  UserCentreSummary,
} from '../../../workers/protocol/api/user-centre';

type Body = Record<string, unknown>;
const get = <T>(path: string, query?: Record<string, string | number>, params?: Record<string, string | number>) =>
  getCore().request<T>({ path, query, params });
const post = <T>(path: string, body?: Body) => getCore().request<T>({ path, method: 'POST', body });

export type SmsScene = 'register' | 'login' | 'password';

export const centreApi = {
  sendSms: (phone: string, scene: SmsScene) => post<null>(UserPaths.smsSend, { phone, scene }),
  slideChallenge: () => get<SlideChallenge>(UserPaths.slide),
  slideAnswer: (id: string, x: number) => post<SlideAnswer>(UserPaths.vertoken, { id, x }),
  nicknameCheck: (nickName: string) =>
    get<{ nickName: string; available: boolean }>(UserPaths.nicknameCheck, { nickName }),
  nicknameUpdate: (nickName: string) => post(UserPaths.nicknameUpdate, { nickName }),
  summary: () => get<UserCentreSummary>(P.summary),
  portrait: () => get<PortraitState>(P.portrait),
  /** The cropped image, sent as multipart field `file`. */
  uploadPortrait: (file: Blob) => post<PortraitState>(P.portraitUpload, { file }),
  realName: () => get<RealNameState>(P.realName),
  certify: (name: string, idNumber: string) => post<RealNameState>(P.realName, { name, idNumber }),
  uploadFeedbackImage: (file: Blob) => post<UploadedImage>(P.feedbackImage, { file }),
  addFeedback: (kind: FeedbackKind, content: string, contact: string, images: string[]) =>
    post<FeedbackItem>(P.feedbackAdd, { kind, content, contact, images: images.join(',') }),
  feedbackList: () => get<FeedbackItem[]>(P.feedbackList),
  history: (page: number) => get<CentrePage<HistoryItem>>(P.history, { page }),
  clearHistory: () => post<{ cleared: number }>(P.historyClear),
  messages: (page: number, kind?: NoticeKind) =>
    get<CentrePage<SystemMessage> & { unread: number }>(P.messages, kind ? { page, kind } : { page }),
  readMessages: (id?: number, kind?: NoticeKind) =>
    post<{ unread: number }>(P.messagesRead, { ...(id === undefined ? {} : { id }), ...(kind ? { kind } : {}) }),
  faq: () => get<FaqItem[]>(P.faq),
  faqItem: (id: number) => get<Required<FaqItem>>(P.faqItem, undefined, { id }),
  author: (id: number) => get<AuthorProfile>(P.author, undefined, { id }),
  posts: (page: number) => get<CentrePage<MyPost>>(P.posts, { page }),
  addPost: (title: string, content: string, images: string[] = [], circleId = '') =>
    post<MyPost>(P.postAdd, { title, content, images: images.join(','), circleId }),
  /** One picture of a post, sent as multipart field `file`. */
  uploadPostImage: (file: Blob) => post<UploadedImage>(P.postImage, { file }),
  deletePost: (id: number) => post<{ id: number }>(P.postDelete, { id }),
  tips: (page: number) => get<TipPage>(P.tips, { page }),
  tipMatches: () => get<TipMatch[]>(P.tipMatches),
  addTip: (matchId: number, pick: TipPick, reason: string) => post<MyTip>(P.tipAdd, { matchId, pick, reason }),
};

/** Fetches a one-time iv and seals each password with it (one iv per request: no replay). */
async function sealPasswords(passwords: string[]): Promise<{ iv: string; sealed: string[] } | Envelope<null>> {
  const ivEnv = await get<PasswordIv>(UserPaths.passwordIv);
  if (ivEnv.code !== 200 || typeof ivEnv.data?.iv !== 'string') return { code: ivEnv.code, msg: ivEnv.msg, data: null };
  const sealed = await Promise.all(passwords.map((p) => encodeTransitPassword(p, ivEnv.data)));
  return { iv: ivEnv.data.iv, sealed };
}

export async function retrievePassword(phone: string, code: string, password: string): Promise<Envelope<null>> {
  const s = await sealPasswords([password]);
  if ('code' in s) return s;
  return post<null>(UserPaths.retrievePassword, { phone, code, password: s.sealed[0], iv: s.iv });
}

export async function changePassword(oldPassword: string, password: string): Promise<Envelope<null>> {
  const s = await sealPasswords([oldPassword, password]);
  if ('code' in s) return s;
  return post<null>(UserPaths.updatePassword, { oldPassword: s.sealed[0], password: s.sealed[1], iv: s.iv });
}
