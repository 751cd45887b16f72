/**
 * Match-card messages (issue 13): sharing a stored match into a private or group chat sends a
 * card with its league, teams and current score (演示数据 when the feed is the simulator), to
 * every member's inbox; a match that does not exist, or of the other sport, is refused in
 * Chinese and nothing is sent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import { MessagePaths, type GroupDetail, type SendResult } from '../../workers/protocol/api/message';
import { MessageMediaPaths, imMatchText } from '../../workers/protocol/api/message-media';
import type { AreaPlugin } from '../../server/context';
import type { LiveSource } from '../../server/live/source';
import { imArea } from '../../server/im/routes';
import { imMediaArea } from '../../server/im/media-routes';
import { seedCatalogue } from '../../server/seed/seed';
import { TEAMS } from '../../server/seed/leagues';
import { clientId, eventOf, hasChinese, isEvent, useImServer } from './im-harness';

// The messaging test server has no feed; this one says the simulator runs.
const withFeed: AreaPlugin = (app, ctx) => imMediaArea(app, { ...ctx, feed: { kind: 'simulator' } as LiveSource });
const im = useImServer([imArea, withFeed]);
const { api, createUser } = im;

const MATCH_ID = 880001;
const [home, away] = TEAMS.filter((t) => t.sport === 'zq').slice(0, 2) as [
  (typeof TEAMS)[number],
  (typeof TEAMS)[number],
];

beforeAll(async () => {
  const db = im.h.ts.storage.db;
  await seedCatalogue(db, 1, im.h.clock.now);
  await db
    .insertInto('live_matches')
    .values({
      id: MATCH_ID,
      sport: 'zq',
      league_id: home.leagueId,
      home_id: home.id,
      away_id: away.id,
      day: '2026-11-24',
      ot: im.h.clock.now / 1000 - 1200,
      status: 2,
      score_h: 2,
      score_a: 1,
      jc: null,
      bd: false,
      jx: false,
      hot: true,
      has_video: false,
      type: 0,
      state: '{}',
      updated_at: im.h.clock.now,
    })
    .execute();
});

const share = (token: string, form: Record<string, string | number>) =>
  api<SendResult>('POST', MessageMediaPaths.match, { token, form: { clientId: clientId(), ...form } });

describe('match cards', () => {
  it('shares a match privately: league, teams, score and the demo flag reach both inboxes', async () => {
    const a = await createUser('分享人');
    const b = await createUser('看卡人');
    const sock = await im.inboxSock(b.token);
    const sent = await share(a.token, { toUserId: b.id, matchId: MATCH_ID, sport: 'zq' });
    expect(sent.code, sent.msg).toBe(Code.OK);
    expect(sent.data.message.text).toBe(imMatchText(home.name, away.name));
    expect(sent.data.message.match).toEqual({
      matchId: MATCH_ID,
      sport: 'zq',
      league: expect.any(String) as string,
      home: home.name,
      away: away.name,
      homeScore: 2,
      awayScore: 1,
      demo: true,
    });
    expect(sent.data.message.match!.league.length).toBeGreaterThan(0);
    const ev = eventOf<'im'>(await sock.next(isEvent('im', (e) => e.message.id === sent.data.message.id)));
    expect(ev.message.match).toEqual(sent.data.message.match);
    sock.close();
  });

  it('shares into a group I am in, not one I am not', async () => {
    const owner = await createUser('群主甲');
    const outsider = await createUser('路人');
    const g = await api<GroupDetail>('POST', MessagePaths.groupCreate, {
      token: owner.token,
      form: { name: '球评群' },
    });
    expect((await share(owner.token, { groupId: g.data.id, matchId: MATCH_ID, sport: 'zq' })).code).toBe(Code.OK);
    const refused = await share(outsider.token, { groupId: g.data.id, matchId: MATCH_ID, sport: 'zq' });
    expect(refused.code).not.toBe(Code.OK);
    expect(hasChinese(refused.msg)).toBe(true);
  });

  it('refuses a match that does not exist, the wrong sport and bad fields, sending nothing', async () => {
    const a = await createUser('乱分享');
    const b = await createUser('收件');
    for (const [form, code] of [
      [{ toUserId: b.id, matchId: 999_999_999, sport: 'zq' }, Code.NOT_FOUND],
      [{ toUserId: b.id, matchId: MATCH_ID, sport: 'lq' }, Code.NOT_FOUND],
      [{ toUserId: b.id, matchId: 'abc', sport: 'zq' }, Code.BAD_INPUT],
      [{ toUserId: b.id, matchId: MATCH_ID, sport: 'tennis' }, Code.BAD_INPUT],
      [{ matchId: MATCH_ID, sport: 'zq' }, Code.BAD_INPUT],
    ] as const) {
      const res = await share(a.token, form);
      expect(res.code, JSON.stringify(form)).toBe(code);
      expect(hasChinese(res.msg)).toBe(true);
    }
    const rows = await im.h.ts.storage.db
      .selectFrom('im_messages')
      .select('id')
      .where('from_user_id', '=', a.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
