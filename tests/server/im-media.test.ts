/**
 * Picture messages (issue 13) through the one upload pipeline: a real PNG or JPEG is accepted,
 * re-encoded without its metadata and delivered (with its picture) to the peer's inbox; a file
 * that is no picture, an oversized one, and a picture to someone who blocked me are refused in
 * Chinese with nothing stored — no message, no upload row, no file. Groups take pictures too; a
 * recall takes the picture away (its file too); pictures are bounded per hour.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Code, embeddedUrl } from '../../workers/protocol/index';
import { MessagePaths, type GroupDetail, type SendResult } from '../../workers/protocol/api/message';
import { IM_IMAGE_HOURLY, IM_IMAGE_TEXT, MessageMediaPaths } from '../../workers/protocol/api/message-media';
import { PORTRAIT_MAX_BYTES } from '../../workers/protocol/api/user-centre';
import { imArea } from '../../server/im/routes';
import { imMediaArea } from '../../server/im/media-routes';
import { clientId, eventOf, hasChinese, isEvent, useImServer, type User } from './im-harness';
import { makeJpeg, makePng, multipart } from './user-centre-helpers';

const im = useImServer([imArea, imMediaArea]);
const { api, createUser } = im;
const db = () => im.h.ts.storage.db;

type File = { filename: string; type: string; data: Buffer };
const png = (w = 120, h = 80): File => ({ filename: 'a.png', type: 'image/png', data: makePng(w, h) });

async function sendImage(token: string, file: File | null, fields: Record<string, string | number>) {
  const body = multipart(
    file,
    Object.fromEntries(Object.entries({ clientId: clientId(), ...fields }).map(([k, v]) => [k, String(v)])),
  );
  const res = await im.h.app.inject({
    method: 'POST',
    url: embeddedUrl(MessageMediaPaths.image),
    headers: { accessToken: token, ...body.headers },
    payload: body.payload,
  });
  return res.json() as { code: number; msg: string; data: SendResult };
}

const uploadsDir = () => path.join(im.h.ts.dataDir, 'uploads');
const filesOnDisk = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).length : 0);
async function stored(userId: number) {
  const [m, u] = await Promise.all([
    db().selectFrom('im_messages').select('id').where('from_user_id', '=', userId).execute(),
    db().selectFrom('user_uploads').select('id').where('user_id', '=', userId).execute(),
  ]);
  return { messages: m.length, uploads: u.length };
}

async function expectNothingStored(from: User, files: number, res: { code: number; msg: string }, code: number) {
  expect(res.code, res.msg).toBe(code);
  expect(hasChinese(res.msg)).toBe(true);
  expect(await stored(from.id)).toEqual({ messages: 0, uploads: 0 });
  expect(filesOnDisk()).toBe(files);
}

describe('picture messages', () => {
  it('re-encodes a PNG and a JPEG without their metadata and delivers them to the peer', async () => {
    const a = await createUser('发图人');
    const b = await createUser('收图人');
    const sock = await im.inboxSock(b.token);
    const sent = await sendImage(a.token, png(120, 80), { toUserId: b.id });
    expect(sent.code, sent.msg).toBe(Code.OK);
    const m = sent.data.message;
    expect(m.text).toBe(IM_IMAGE_TEXT);
    expect(m.image).toMatchObject({ width: 120, height: 80 });
    expect(m.image!.url).toMatch(/^\/media\/uploads\/[a-f0-9]{32}\.png$/);
    const event = eventOf<'im'>(await sock.next(isEvent('im', (e) => e.message.id === m.id)));
    expect(event.message.image).toEqual(m.image);

    const secret = 'GPS 31.2304N 121.4737E';
    const jpg = await sendImage(
      a.token,
      { filename: 'b.jpg', type: 'image/jpeg', data: makeJpeg(200, 150, secret) },
      { toUserId: b.id },
    );
    expect(jpg.code, jpg.msg).toBe(Code.OK);
    const onDisk = fs.readFileSync(path.join(uploadsDir(), path.basename(jpg.data.message.image!.url)));
    expect(onDisk.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(onDisk.toString('latin1')).not.toContain('GPS 31.2304');
    // A later read of the conversation carries the pictures too.
    const read = await api<SendResult['message'][]>('GET', MessagePaths.messages, {
      token: b.token,
      query: { conversationId: m.chatId },
    });
    expect(read.data.map((x) => x.image?.width)).toEqual([120, 200]);
    sock.close();
  });

  it('refuses a file that is no picture, an oversized one, and a missing one, storing nothing', async () => {
    const a = await createUser('坏图人');
    const b = await createUser('旁观');
    const files = filesOnDisk();
    const fake = { filename: 'x.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script>'.repeat(20)) };
    await expectNothingStored(a, files, await sendImage(a.token, fake, { toUserId: b.id }), Code.BAD_INPUT);
    const huge = makePng(64, 64);
    const big = { ...png(), data: Buffer.concat([huge, Buffer.alloc(PORTRAIT_MAX_BYTES + 1 - huge.length)]) };
    await expectNothingStored(a, files, await sendImage(a.token, big, { toUserId: b.id }), Code.BAD_INPUT);
    await expectNothingStored(a, files, await sendImage(a.token, null, { toUserId: b.id }), Code.BAD_INPUT);
    // A target is one user or one group.
    await expectNothingStored(a, files, await sendImage(a.token, png(), {}), Code.BAD_INPUT);
    await expectNothingStored(
      a,
      files,
      await sendImage(a.token, png(), { toUserId: b.id, groupId: 1 }),
      Code.BAD_INPUT,
    );
    expect((await sendImage('', png(), { toUserId: b.id })).code).toBe(Code.NO_TOKEN);
  });

  it('keeps no file when the send itself is refused (blocked, not a member)', async () => {
    const a = await createUser('被拉黑');
    const b = await createUser('拉黑人');
    const block = await api('POST', MessagePaths.block, { token: b.token, form: { userId: a.id, on: 1 } });
    expect(block.code).toBe(Code.OK);
    const files = filesOnDisk();
    await expectNothingStored(a, files, await sendImage(a.token, png(), { toUserId: b.id }), Code.REFUSED);
    const group = await api<GroupDetail>('POST', MessagePaths.groupCreate, { token: b.token, form: { name: '私群' } });
    expect(group.code, group.msg).toBe(Code.OK);
    const outsider = await sendImage(a.token, png(), { groupId: group.data.id });
    expect(outsider.code).not.toBe(Code.OK);
    await expectNothingStored(a, files, outsider, outsider.code);
  });

  it('sends a picture into a group; a recall takes the picture away', async () => {
    const owner = await createUser('群主');
    const member = await createUser('群员');
    const group = await api<GroupDetail>('POST', MessagePaths.groupCreate, {
      token: owner.token,
      form: { name: '看球群', memberIds: String(member.id) },
    });
    const sock = await im.inboxSock(member.token);
    const sent = await sendImage(owner.token, png(300, 200), { groupId: group.data.id });
    expect(sent.code, sent.msg).toBe(Code.OK);
    await sock.next(isEvent('im', (e) => e.message.id === sent.data.message.id && !!e.message.image));
    const recall = await api('POST', MessagePaths.recall, {
      token: owner.token,
      form: { messageId: sent.data.message.id },
    });
    expect(recall.code, recall.msg).toBe(Code.OK);
    const recalled = eventOf<'im'>(
      await sock.next(isEvent('im', (e) => e.message.id === sent.data.message.id && !!e.message.recalledAt)),
    );
    expect(recalled.message.image).toBeUndefined();
    expect(recalled.message.text).toBe('');
    // The picture itself is gone: file, upload row and attachment.
    const name = path.basename(sent.data.message.image!.url);
    expect(fs.existsSync(path.join(uploadsDir(), name))).toBe(false);
    expect(await stored(owner.id)).toEqual({ messages: 1, uploads: 0 });
    sock.close();
  });

  it(`allows ${IM_IMAGE_HOURLY} pictures an hour, then refuses before reading the file`, async () => {
    const a = await createUser('刷图');
    const b = await createUser('被刷');
    const now = im.h.clock.now;
    await db()
      .insertInto('user_uploads')
      .values(
        Array.from({ length: IM_IMAGE_HOURLY }, (_, i) => ({
          id: `${'f'.repeat(24)}${String(i).padStart(8, '0')}`,
          user_id: a.id,
          purpose: 'im' as const,
          mime: 'image/png',
          file_name: `x${i}.png`,
          bytes: 1,
          width: 1,
          height: 1,
          created_at: now - 60_000,
        })),
      )
      .execute();
    const files = filesOnDisk();
    const res = await sendImage(a.token, png(), { toUserId: b.id });
    expect(res.code).toBe(Code.RATE_LIMITED);
    expect(hasChinese(res.msg)).toBe(true);
    expect(filesOnDisk()).toBe(files);
    im.h.clock.now += 3600_000;
    expect((await sendImage(a.token, png(), { toUserId: b.id })).code).toBe(Code.OK);
  });
});
