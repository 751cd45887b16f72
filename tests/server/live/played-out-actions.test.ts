/**
 * What a fan does with a match of the season from before the stored month (played out from the
 * seed, issue 32), as with a stored one: follow it (and find it in 关注 through its header), share
 * its card into a chat, read its tip quotes. Publishing a tip on it is refused as on a stored
 * finished match; nowhere 比赛不存在.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  DatabasePaths,
  LivePaths,
  ProposalPaths,
  STATUS_TABLE,
  chinaDay,
  fillPath,
  isFinished,
  type FollowedIds,
  type LeagueSchedule,
  type MarketQuote,
  type Match,
  type MatchHeaderBody,
} from '../../../workers/protocol/index';
import { MessageMediaPaths } from '../../../workers/protocol/api/message-media';
import type { SendResult } from '../../../workers/protocol/api/message';
import { FEED_DAYS_KEY, loadMeta } from '../../../server/live/store';
import { LEAGUE_BY_ID, TEAM_BY_ID } from '../../../server/seed/leagues';
import { openTipHarness, REASON, type TipHarness } from '../proposal/harness';

let h: TipHarness;
/** An 英超 match of the first round, before the stored month. */
let past: Match;

beforeAll(async () => {
  h = await openTipHarness();
  const firstStoredDay = (await loadMeta<{ days: string[] }>(h.db(), FEED_DAYS_KEY))!.days[0]!;
  const sched = await h.call<LeagueSchedule>('GET', `${fillPath(DatabasePaths.schedule, { id: 1 })}?round=1`);
  past = sched.data.matches.find((m) => chinaDay(m.ot * 1000) < firstStoredDay && isFinished('zq', m.s))!;
  const stored = await h.db().selectFrom('live_matches').select('id').where('id', '=', past.id).executeTakeFirst();
  expect(stored).toBeUndefined();
}, 240_000);

afterAll(async () => {
  await h?.close();
});

describe('a played-out match', () => {
  it('is followed, listed among the follows, and its header (what 关注 shows) answers; a second toggle unfollows', async () => {
    const fan = await h.addUser();
    const on = await h.call<{ followed: boolean }>('POST', LivePaths.follow, {
      who: fan,
      body: { matchId: past.id, sport: 'zq' },
    });
    expect(on.code, on.msg).toBe(Code.OK);
    expect(on.data.followed).toBe(true);
    const ids = await h.call<FollowedIds>('GET', LivePaths.follow, { who: fan });
    expect(ids.data.zq).toContain(past.id);
    const header = await h.call<MatchHeaderBody>('GET', fillPath(LivePaths.zqHeader, { id: past.id }), { who: fan });
    expect(header.code, header.msg).toBe(Code.OK);
    expect(header.data.match).toMatchObject({ id: past.id, s: past.s, score: past.score });
    const wrong = await h.call('POST', LivePaths.follow, { who: fan, body: { matchId: past.id, sport: 'lq' } });
    expect(wrong.code).toBe(Code.BAD_INPUT);
    const off = await h.call<{ followed: boolean }>('POST', LivePaths.follow, {
      who: fan,
      body: { matchId: past.id, sport: 'zq' },
    });
    expect(off.data.followed).toBe(false);
    expect((await h.call<FollowedIds>('GET', LivePaths.follow, { who: fan })).data.zq).not.toContain(past.id);
  });

  it('is shared as a card with its league, teams and final score', async () => {
    const [from, to] = [await h.addUser(), await h.addUser()];
    const sent = await h.call<SendResult>('POST', MessageMediaPaths.match, {
      who: from,
      body: { toUserId: to.id, clientId: 'c-played-out-1', matchId: past.id, sport: 'zq' },
    });
    expect(sent.code, sent.msg).toBe(Code.OK);
    expect(sent.data.message.match).toMatchObject({
      matchId: past.id,
      sport: 'zq',
      league: LEAGUE_BY_ID.get(1)!.name,
      home: TEAM_BY_ID.get(past.home.id)!.name,
      away: TEAM_BY_ID.get(past.away.id)!.name,
      homeScore: past.score[0],
      awayScore: past.score[1],
    });
  });

  it('has tip quotes (its final lines), and a tip on it is refused as on a stored finished match', async () => {
    const quotes = await h.call<MarketQuote[]>('GET', fillPath(ProposalPaths.quote, { id: past.id }));
    expect(quotes.code, quotes.msg).toBe(Code.OK);
    expect(quotes.data.map((q) => q.market).sort()).toEqual(['dxq', 'rq', 'spf']);
    const finished = await h
      .db()
      .selectFrom('live_matches')
      .select('id')
      .where('sport', '=', 'zq')
      .where('status', '=', STATUS_TABLE.zq.finished)
      .executeTakeFirstOrThrow();
    const expert = await h.addExpert();
    const publish = (matchId: number) =>
      h.call('POST', ProposalPaths.publish, {
        who: expert,
        body: { matchId, market: 'spf', pick: 'home', price: 0, reason: REASON },
      });
    const storedAnswer = await publish(finished.id);
    expect(storedAnswer.code).toBe(Code.REFUSED);
    const answer = await publish(past.id);
    expect({ code: answer.code, msg: answer.msg }).toEqual({ code: storedAnswer.code, msg: storedAnswer.msg });
    expect(answer.msg).not.toContain('比赛不存在');
  });

  it('an id that is no match of the season is still 比赛不存在 everywhere', async () => {
    const fan = await h.addUser();
    const follow = await h.call('POST', LivePaths.follow, { who: fan, body: { matchId: 1, sport: 'zq' } });
    expect(follow.msg).toBe('比赛不存在');
    const quote = await h.call('GET', fillPath(ProposalPaths.quote, { id: 1 }));
    expect(quote.msg).toBe('比赛不存在');
  });
});
