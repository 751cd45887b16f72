/**
 * Picture messages through the outbox (issue 13), on the real server with fake-indexeddb: a
 * picture sent with the network down waits in the offline store (entry and bytes) and shows as
 * failed with its client id; after a worker restart with the network back it is sent again with
 * the same client id and shows once as a stored picture; when the first attempt did reach the
 * server (its answer was lost), the server replays it by client id: one message, one upload.
 * A picture the server refuses (not a picture) stays failed and is not sent again by itself.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { embeddedUrl } from '../../../workers/protocol/index';
import { MessagePaths } from '../../../workers/protocol/api/message';
import { IM_IMAGE_TEXT, MessageMediaPaths } from '../../../workers/protocol/api/message-media';
import type { ConversationValue } from '../../../workers/core/api';
import { IM_STORE } from '../../../workers/core/modules/messaging';
import type { OutboxEntry } from '../../../workers/core/modules/messaging-outbox';
import { call } from '../../helpers/ws-client';
import { makePng } from '../../server/user-centre-helpers';
import { sleep, waitFor } from '../helpers/fake-clock';
import { useMessagingCores } from '../helpers/messaging-cores';

const { env, harness, loggedIn } = useMessagingCores();
const png = () => new Blob([new Uint8Array(makePng(64, 48))], { type: 'image/png' });
let n = 0;
const newClientId = () => `pic${Date.now().toString(36)}${++n}`;

/** The stored messages of a conversation with a client id, as B's side of the server has them. */
async function storedWith(token: string, chatId: string, clientId: string) {
  const got = await call<Array<{ clientId?: string; image?: { url: string } }>>(
    env.srv.base,
    'GET',
    MessagePaths.messages,
    {
      token,
      query: { conversationId: chatId },
    },
  );
  return got.body.data.filter((m) => m.clientId === clientId);
}

/** A store read once it answers undefined (the outbox deletes in the background), or its last answer after 5 s. */
async function settled(read: () => Promise<unknown>): Promise<unknown> {
  const deadline = Date.now() + 5_000;
  let v = await read();
  while (v !== undefined && Date.now() < deadline) {
    await sleep(20);
    v = await read();
  }
  return v;
}

async function uploadsOf(userId: number): Promise<number> {
  const rows = await env.srv.built.ctx.db
    .selectFrom('user_uploads')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

describe('pictures through the outbox', () => {
  it('a picture sent offline survives a worker restart and is stored once, replayed by client id', async () => {
    const ha = harness();
    const hb = harness();
    const a = await loggedIn(ha, 0);
    const b = await loggedIn(hb, 1);
    const uploadsBefore = await uploadsOf(a.id);
    const clientId = newClientId();

    ha.networkDown = true;
    const failed = await a.tab.sendPicture({ toUserId: b.id }, png(), clientId);
    expect(failed).toMatchObject({ ok: false, code: 5000 });
    const box = await ha.store.get<OutboxEntry[]>(IM_STORE.outbox);
    expect(box).toMatchObject([{ clientId, text: IM_IMAGE_TEXT, picture: { type: 'image/png' }, refused: false }]);
    expect(await ha.store.get<ArrayBuffer>(IM_STORE.picture(clientId))).toBeInstanceOf(ArrayBuffer);
    const chatId = box![0]!.chatId;
    let shown: ConversationValue | null = null;
    await a.tab.subscribe({ kind: 'conversation', chatId }, (v) => (shown = v));
    await waitFor(() => shown?.messages.some((m) => m.clientId === clientId) === true, 5_000, 'unsent shown');
    expect(shown!.messages.find((m) => m.clientId === clientId)).toMatchObject({
      state: 'failed',
      unsentPicture: true,
      text: IM_IMAGE_TEXT,
    });

    // The first attempt did reach the server; only its answer was lost.
    const form = new FormData();
    form.append('toUserId', String(b.id));
    form.append('clientId', clientId);
    form.append('file', png(), 'a.png');
    const first = await fetch(env.srv.base + embeddedUrl(MessageMediaPaths.image), {
      method: 'POST',
      headers: { accessToken: a.token },
      body: form,
    });
    expect(((await first.json()) as { code: number }).code).toBe(200);

    // The worker dies; a new one starts on the same offline store with the network back.
    ha.kill();
    ha.networkDown = false;
    ha.start();
    const again = ha.tab('after-restart');
    let conv: ConversationValue | null = null;
    await again.subscribe({ kind: 'conversation', chatId }, (v) => (conv = v));
    await waitFor(
      () => conv?.messages.some((m) => m.clientId === clientId && m.state === 'sent' && !!m.image) === true,
      10_000,
      'picture sent after restart',
    );
    expect(conv!.messages.filter((m) => m.clientId === clientId)).toHaveLength(1);
    expect(await storedWith(b.token, chatId, clientId)).toHaveLength(1);
    expect(await uploadsOf(a.id)).toBe(uploadsBefore + 1);
    expect(await ha.store.get(IM_STORE.outbox)).toEqual([]);
    expect(await settled(() => ha.store.get(IM_STORE.picture(clientId)))).toBeUndefined();
  });

  it('a file the server refuses stays failed, is not sent again by itself, and a discard removes its bytes', async () => {
    const ha = harness();
    const hb = harness();
    const a = await loggedIn(ha, 2);
    const b = await loggedIn(hb, 1);
    const clientId = newClientId();
    const notAPicture = new Blob([new TextEncoder().encode('这不是图片'.repeat(20))], { type: 'image/png' });
    const r = await a.tab.sendPicture({ toUserId: b.id }, notAPicture, clientId);
    expect(r.ok).toBe(false);
    expect(r.code).not.toBe(5000);
    expect(r.msg).toMatch(/[\u4e00-\u9fff]/);
    const box = await ha.store.get<OutboxEntry[]>(IM_STORE.outbox);
    expect(box).toMatchObject([{ clientId, state: 'failed', refused: true }]);

    // A new socket open drains the outbox: a refused picture is not among what goes again.
    let sends = 0;
    ha.fetchGate = async (url) => {
      if (url.includes(MessageMediaPaths.image)) sends++;
    };
    ha.kill();
    ha.start();
    const again = ha.tab('after-restart');
    let conv: ConversationValue | null = null;
    await again.subscribe({ kind: 'conversation', chatId: box![0]!.chatId }, (v) => (conv = v));
    await waitFor(() => conv?.messages.some((m) => m.clientId === clientId) === true, 10_000, 'failed shown');
    expect(conv!.messages.find((m) => m.clientId === clientId)).toMatchObject({ state: 'failed', unsentPicture: true });
    expect(sends).toBe(0);

    await again.discardPrivate(clientId);
    await waitFor(() => !conv?.messages.some((m) => m.clientId === clientId), 5_000, 'discarded');
    expect(await ha.store.get(IM_STORE.outbox)).toEqual([]);
    expect(await settled(() => ha.store.get(IM_STORE.picture(clientId)))).toBeUndefined();
  });
});
