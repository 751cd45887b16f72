/**
 * Private messaging in the core (issue 13), two users on the real server, each with their own
 * core and tabs: one message shows once in every tab and moves the unread total there; a read
 * in one tab clears it in the others; the outbox survives a worker restart and its message is
 * stored once; a socket drop while messages are sent loses none and duplicates none.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { RECONNECT_MS } from '../../../workers/protocol/index';
import { MessagePaths } from '../../../workers/protocol/api/message';
import type { ConversationValue, ConversationsValue, UnreadValue } from '../../../workers/core/api';
import { IM_STORE } from '../../../workers/core/modules/messaging';
import { call } from '../../helpers/ws-client';
import { waitFor } from '../helpers/fake-clock';
import { useMessagingCores } from '../helpers/messaging-cores';

const { env, harness, loggedIn } = useMessagingCores();
const texts = (v: ConversationValue | null) => (v?.messages ?? []).map((m) => m.text);

describe('private messages through the core', () => {
  it('a message reaches every tab once, the unread total moves in each, a read in one tab clears the others', async () => {
    const ha = harness();
    const hb = harness();
    const a = await loggedIn(ha, 0);
    const b = await loggedIn(hb, 1);
    const [b1, b2] = [hb.tab('b1'), hb.tab('b2')];
    const unread: Array<UnreadValue | null> = [null, null];
    const lists: Array<ConversationsValue | null> = [null, null];
    await b1.subscribe({ kind: 'unread' }, (v) => (unread[0] = v));
    await b2.subscribe({ kind: 'unread' }, (v) => (unread[1] = v));
    await b1.subscribe({ kind: 'conversations' }, (v) => (lists[0] = v));
    await b2.subscribe({ kind: 'conversations' }, (v) => (lists[1] = v));
    await waitFor(() => lists.every((l) => l?.status === 'ready'), 8_000, 'lists ready');
    const start = unread[0]?.total ?? 0;

    const sent = await a.tab.sendPrivate(b.id, '今晚看球吗？');
    expect(sent.ok, sent.msg).toBe(true);
    const chatId = sent.data!.chatId;
    await waitFor(() => unread.every((u) => u?.total === start + 1), 5_000, 'badge +1 in both tabs');
    await waitFor(
      () => lists.every((l) => l?.items.find((c) => c.conversationId === chatId)?.last?.text === '今晚看球吗？'),
      5_000,
      'list shows the last line',
    );
    expect(lists[0]!.items.find((c) => c.conversationId === chatId)?.peer.id).toBe(a.id);

    // The sender's own conversation shows it once, sent.
    let mine: ConversationValue | null = null;
    await a.tab.subscribe({ kind: 'conversation', chatId }, (v) => (mine = v));
    await waitFor(() => texts(mine).length === 1, 5_000, 'sender sees it');
    expect(mine!.messages[0]!.state).toBe('sent');

    let seen: ConversationValue | null = null;
    await b1.subscribe({ kind: 'conversation', chatId }, (v) => (seen = v));
    await waitFor(() => seen?.status === 'ready' && texts(seen).length > 0, 5_000, 'receiver sees it');
    expect(texts(seen).filter((t) => t === '今晚看球吗？')).toHaveLength(1);
    const last = seen!.messages[seen!.messages.length - 1]!;
    await b1.markChatRead(chatId, last.seq!);
    await waitFor(() => unread.every((u) => u?.total === start), 5_000, 'read clears both tabs');
    await waitFor(
      () => lists[1]?.items.find((c) => c.conversationId === chatId)?.readSeq === last.seq,
      5_000,
      'read marker reaches the other tab',
    );
  });

  it('the outbox survives a worker restart and its message is stored once', async () => {
    const ha = harness();
    const hb = harness();
    const a = await loggedIn(ha, 1);
    const b = await loggedIn(hb, 2);
    ha.networkDown = true;
    const failed = await a.tab.sendPrivate(b.id, '断网时写的');
    expect(failed.ok).toBe(false);
    const box = await ha.store.get<Array<{ clientId: string; text: string }>>(IM_STORE.outbox);
    expect(box?.map((o) => o.text)).toEqual(['断网时写的']);

    // The worker dies; a new one starts on the same offline store with the network back.
    ha.kill();
    ha.networkDown = false;
    ha.start();
    const again = ha.tab('after-restart');
    let conv: ConversationValue | null = null;
    const chatId = (await ha.store.get<Array<{ chatId: string }>>(IM_STORE.outbox))![0]!.chatId;
    await again.subscribe({ kind: 'conversation', chatId }, (v) => (conv = v));
    await waitFor(
      () => conv?.messages.some((m) => m.text === '断网时写的' && m.state === 'sent') === true,
      10_000,
      'sent after restart',
    );
    const stored = await call<Array<{ text: string }>>(env.srv.base, 'GET', MessagePaths.messages, {
      token: b.token,
      query: { conversationId: chatId },
    });
    expect(stored.body.data.filter((m) => m.text === '断网时写的')).toHaveLength(1);
    expect(conv!.messages.filter((m) => m.text === '断网时写的')).toHaveLength(1);
    expect(await ha.store.get(IM_STORE.outbox)).toEqual([]);
  });

  it('a socket drop while five messages are sent loses none and shows none twice', async () => {
    const ha = harness();
    const hb = harness();
    const a = await loggedIn(ha, 0);
    const b = await loggedIn(hb, 2);
    const first = await a.tab.sendPrivate(b.id, '掉线前');
    const chatId = first.data!.chatId;
    let conv: ConversationValue | null = null;
    await b.tab.subscribe({ kind: 'conversation', chatId }, (v) => (conv = v));
    await waitFor(() => texts(conv).includes('掉线前'), 5_000, 'before the drop');

    env.srv.built.ctx.hub.dropAll();
    await waitFor(() => hb.core.socket.state === 'reconnecting', 10_000, 'socket down');
    const words = ['一', '二', '三', '四', '五'].map((n) => `掉线时第${n}条`);
    for (const w of words) expect((await a.tab.sendPrivate(b.id, w)).ok).toBe(true);
    hb.clock.advance(RECONNECT_MS);
    ha.clock.advance(RECONNECT_MS);
    await waitFor(() => words.every((w) => texts(conv).includes(w)), 10_000, 'all five arrive');
    await new Promise((r) => setTimeout(r, 300));
    const seqs = conv!.messages.map((m) => m.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual([...seqs].sort((x, y) => x! - y!));
    for (const w of words) expect(texts(conv).filter((t) => t === w)).toHaveLength(1);
  });
});
