/**
 * Form checks and display rules of my posts and my tips. The limits are the protocol's, so the
 * form says at once what the server would refuse; outcomes come from the server, only named here.
 */
import {
  POST_CONTENT_MAX,
  POST_TITLE_MAX,
  POST_TITLE_MIN,
  TIP_REASON_MAX,
  type TipOutcome,
  type TipPick,
  type TipStats,
} from '../../../workers/protocol/api/user-centre';
import { USER_TEXT } from './strings';

const E = USER_TEXT.errors;
const PT = USER_TEXT.proposal;

export interface PostDraftErrors {
  title: string | null;
  content: string | null;
}

export function postDraftErrors(title: string, content: string): PostDraftErrors {
  const t = title.trim().length;
  return {
    title: t < POST_TITLE_MIN || t > POST_TITLE_MAX ? E.postTitle : null,
    content: content.trim().length === 0 || content.length > POST_CONTENT_MAX ? E.postContent : null,
  };
}

export interface TipDraftErrors {
  match: string | null;
  pick: string | null;
  reason: string | null;
}

export function tipDraftErrors(matchId: number | null, pick: TipPick | null, reason: string): TipDraftErrors {
  return {
    match: matchId === null ? E.tipMatch : null,
    pick: pick === null ? E.tipPick : null,
    reason: reason.trim().length > TIP_REASON_MAX ? E.tipReason : null,
  };
}

export const hasErrors = (errors: object) => Object.values(errors).some((e) => e !== null);

/** 红 and 黑 are the settled tips; the tag colour follows. */
export function outcomeTone(outcome: TipOutcome): 'red' | 'black' | 'muted' {
  return outcome === 'hit' ? 'red' : outcome === 'miss' ? 'black' : 'muted';
}

/** '67%' (rounded), or null before any tip is settled. */
export function hitRateText(stats: TipStats): string | null {
  return stats.hitRate === null ? null : `${Math.round(stats.hitRate * 100)}%`;
}

/** The pick and the side it backs: '胜（北岸联）', '平（平局）', '负（南港城）'. */
export function pickText(pick: TipPick, homeName: string, awayName: string): string {
  const side = pick === 'home' ? homeName : pick === 'away' ? awayName : null;
  return side ? `${PT.picks[pick]}（${side}）` : `${PT.picks[pick]}（${PT.pickHint.draw}）`;
}
