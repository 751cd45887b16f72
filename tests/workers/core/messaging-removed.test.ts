/**
 * A member removed from a group: the core stops showing its history (memory and the offline
 * store both forget it) and says why with status 'removed', instead of the cached messages.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../workers/protocol/index';
import { MessagePaths as P, type GroupDetail } from '../../../workers/protocol/api/message';
import type { ConversationValue } from '../../../workers/core/api';
import { IM_STORE } from '../../../workers/core/modules/messaging';
import { call } from '../../helpers/ws-client';
import { waitFor } from '../helpers/fake-clock';
import { useMessagingCores } from '../helpers/messaging-cores';

const { env, harness, loggedIn } = useMessagingCores();

describe('removed from a group', () => {
  it(
    'the conversation turns removed, holds no message, and the offline copy is gone',
    { timeout: 90_000 },
    async () => {
      const ha = harness();
      const hb = harness();
      const a = await loggedIn(ha, 0);
      const b = await loggedIn(hb, 1);
      const created = await call<GroupDetail>(env.srv.base, 'POST', P.groupCreate, {
        token: a.token,
        form: { name: '移出测试群', memberIds: String(b.id) },
      });
      expect(created.body.code, created.body.msg).toBe(Code.OK);
      const g = created.body.data;
      expect((await a.tab.sendGroup(g.id, '只给群成员看的')).ok).toBe(true);

      let seen: ConversationValue | null = null;
      const tab = hb.tab('b');
      await tab.subscribe({ kind: 'conversation', chatId: g.conversationId }, (v) => (seen = v));
      await waitFor(() => seen?.messages.some((m) => m.text === '只给群成员看的') ?? false, 8_000, 'member sees it');
      for (let i = 0; i < 100 && !(await hb.store.get(IM_STORE.chat(g.conversationId))); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await hb.store.get(IM_STORE.chat(g.conversationId))).toHaveLength(1);

      const removed = await call(env.srv.base, 'POST', P.groupRemove, {
        token: a.token,
        form: { groupId: String(g.id), userId: String(b.id) },
      });
      expect(removed.body.code, removed.body.msg).toBe(Code.OK);

      // Opened again (a new page, a new worker on the same offline store): nothing of it shows.
      hb.kill();
      hb.start();
      let again: ConversationValue | null = null;
      await hb.tab('b2').subscribe({ kind: 'conversation', chatId: g.conversationId }, (v) => (again = v));
      await waitFor(() => again?.status === 'removed', 8_000, 'removed');
      expect(again!.messages).toEqual([]);
      expect(await hb.store.get(IM_STORE.chat(g.conversationId))).toBeUndefined();
    },
  );
});
