/**
 * The people side of messaging (issue 13): /imapi reads and the /imserver mute write. Pin, clear,
 * block and follow are the calls that already exist (MessagePaths.pin / deleteChat / block,
 * CommunityPaths.follow); the pages use those.
 */
import { z } from 'zod';
import { embeddedUrl, ok } from '../../workers/protocol/index';
import { MessagePeoplePaths as P, PEOPLE_QUERY_MAX } from '../../workers/protocol/api/message-people';
import { publishConversationCounts } from './publish';
import type { AreaPlugin } from '../context';
import { parseInput } from '../http/reply';
import { requireUserId } from '../user/auth';
import { attentionOf, chatSettings, findPeople, personCard, searchMessages, setMuted } from './people';
import { CONTROL_RE, conversationIdField, onOff, userIdField } from './text';

const u = (path: string) => embeddedUrl(path);

const query = z.object({
  q: z
    .string({ error: '请输入要查找的内容' })
    .refine((s) => !CONTROL_RE.test(s), '查找内容不能包含控制字符')
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, '请输入要查找的内容')
    .refine((s) => [...s].length <= PEOPLE_QUERY_MAX, `查找内容不能超过 ${PEOPLE_QUERY_MAX} 个字`),
});
const userQuery = z.object({ userId: userIdField });
const muteBody = z.object({ conversationId: conversationIdField, on: onOff });

export const imPeopleArea: AreaPlugin = (app, ctx) => {
  const { db } = ctx;

  app.get(u(P.personal), async (req) => {
    const viewer = await requireUserId(ctx, req);
    const { userId } = parseInput(userQuery, req.query);
    return ok(await personCard(db, viewer, userId));
  });

  app.get(u(P.attention), async (req) => ok(await attentionOf(db, await requireUserId(ctx, req))));

  app.get(u(P.find), async (req) => {
    const viewer = await requireUserId(ctx, req);
    const { q } = parseInput(query, req.query);
    return ok(await findPeople(db, viewer, q));
  });

  app.get(u(P.search), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { q } = parseInput(query, req.query);
    return ok(await searchMessages(db, userId, q));
  });

  app.get(u(P.chatDetail), async (req) => {
    const me = await requireUserId(ctx, req);
    const { userId } = parseInput(userQuery, req.query);
    return ok(await chatSettings(db, me, userId));
  });

  app.post(u(P.mute), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(muteBody, req.body);
    await setMuted(db, userId, body.conversationId, body.on === 1);
    // Every tab's badge follows: a muted chat leaves the unread total.
    await publishConversationCounts(ctx, body.conversationId, [userId]);
    return ok({ muted: body.on }, body.on ? '已开启消息免打扰' : '已关闭消息免打扰');
  });
};
