/** The activity area's calls, typed, through the core's one REST client (views never fetch). */
import { getCore } from '../../core/index';
import {
  ActivityPaths as P,
  type ActivityAddress,
  type ActivityCurrent,
  type ActivityDraw,
  type ActivityDrawResult,
  type ActivityInvitee,
  type ActivityIssueSummary,
  type ActivityMe,
  type ActivityPick,
  type ActivityPickSide,
  type ActivityRankRow,
  type ActivityVerifyReport,
} from '../../../workers/protocol/api/activity';

const get = <T>(path: string, query?: Record<string, string | number>, params?: Record<string, string | number>) =>
  getCore().request<T>({ path, query, params });
const post = <T>(path: string, body: Record<string, unknown>) => getCore().request<T>({ path, method: 'POST', body });

export const activityApi = {
  current: () => get<ActivityCurrent>(P.current),
  issues: () => get<ActivityIssueSummary[]>(P.issues),
  join: (issueNo: number, inviteCode: string) =>
    post<ActivityMe>(P.join, inviteCode ? { issueNo, inviteCode } : { issueNo }),
  guess: (issueNo: number, matchId: number, pick: ActivityPickSide, stake: number) =>
    post<ActivityPick>(P.guess, { issueNo, matchId, pick, stake }),
  guessList: (issueNo: number) => get<ActivityPick[]>(P.guessList, { issueNo }),
  inviteList: (issueNo: number) => get<ActivityInvitee[]>(P.inviteList, { issueNo }),
  draw: (issueNo: number, clientId: string) => post<ActivityDrawResult>(P.draw, { issueNo, clientId }),
  drawList: (issueNo: number) => get<ActivityDraw[]>(P.drawList, { issueNo }),
  rank: (issueNo: number | null) => get<ActivityRankRow[]>(P.rank, issueNo === null ? {} : { issueNo }),
  address: () => get<ActivityAddress | null>(P.address),
  saveAddress: (a: ActivityAddress) => post<ActivityAddress>(P.address, { ...a }),
  verify: (issueNo: number) => get<ActivityVerifyReport>(P.verify, undefined, { issueNo }),
};

/** A fresh id for one draw request; a retry of the same press reuses it so it draws once. */
export function newClientId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
