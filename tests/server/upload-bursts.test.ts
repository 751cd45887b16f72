/**
 * Upload limits under a burst (issue 33, security 1): requests sent together used to be counted
 * before any of them was stored, so all passed (150 of 150 post images against 60 an hour). The
 * count and the store are now one step (server/limits/stored-quota.ts), so a burst over the limit
 * gets exactly the limit through, on both storage engines, and every refused request leaves no
 * row and no file behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Code, embeddedUrl } from '../../workers/protocol/index';
import { FEEDBACK_IMAGE_RATE, POST_IMAGE_RATE, UserCentrePaths as P } from '../../workers/protocol/api/user-centre';
import { IM_IMAGE_HOURLY, MessageMediaPaths } from '../../workers/protocol/api/message-media';
import { imArea } from '../../server/im/routes';
import { imMediaArea } from '../../server/im/media-routes';
import { ENGINES } from '../helpers/test-db';
import { clientId, startIm } from './im-harness';
import { createUser as createImUser } from './vlive-harness';
import { createUser, makePng, multipart, startUserCentre } from './user-centre-helpers';

const SLOW_MS = 240_000;
type Purpose = 'portrait' | 'feedback' | 'post' | 'im';

function filesIn(dataDir: string): number {
  const dir = path.join(dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
}

/** Sends `n` uploads at once; answers how many were accepted and the codes of the rest. */
async function burst(n: number, send: (i: number) => Promise<{ code: number; msg: string }>) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  const refused = answers.filter((a) => a.code !== Code.OK);
  return { accepted: answers.length - refused.length, refused };
}

describe.each(ENGINES)('upload limits under a burst on %s', (engine) => {
  it(
    'portraits, feedback screenshots and post pictures: exactly the hourly limit gets through',
    async () => {
      const h = await startUserCentre(engine);
      try {
        const db = h.ts.storage.db;
        const rowsOf = async (userId: number, purpose: Purpose) =>
          (
            await db
              .selectFrom('user_uploads')
              .select('id')
              .where('user_id', '=', userId)
              .where('purpose', '=', purpose)
              .execute()
          ).length;
        const upload = (route: string, token: string, i: number) => {
          const body = multipart({ filename: 'a.png', type: 'image/png', data: makePng(64 + (i % 7), 64) });
          return h.app
            .inject({
              method: 'POST',
              url: embeddedUrl(route),
              headers: { accessToken: token, ...body.headers },
              payload: body.payload,
            })
            .then((r) => r.json() as { code: number; msg: string });
        };
        const cases: Array<[string, Purpose, number, string]> = [
          [P.portraitUpload, 'portrait', h.ts.config.limits.portraitsPerHour, '头像上传太频繁，请一小时后再试'],
          [P.feedbackImage, 'feedback', FEEDBACK_IMAGE_RATE.count, '上传太频繁，请稍后再试'],
          [
            P.postImage,
            'post',
            POST_IMAGE_RATE.count,
            `上传太频繁：1 小时内最多上传 ${POST_IMAGE_RATE.count} 张图片，请稍后再试`,
          ],
        ];
        for (const [route, purpose, limit, refusal] of cases) {
          const u = await createUser(h);
          const r = await burst(limit + 15, (i) => upload(route, u.token, i));
          expect(r.accepted, `${purpose}: accepted`).toBe(limit);
          for (const a of r.refused)
            expect(a).toEqual(expect.objectContaining({ code: Code.RATE_LIMITED, msg: refusal }));
          expect(await rowsOf(u.id, purpose)).toBe(limit);
        }
        // Nothing half-saved: one file per stored row, except the portraits replaced while waiting
        // (their files are deleted; one waits for review).
        const stored = await db.selectFrom('user_uploads').select(['file_name', 'purpose']).execute();
        const kept = stored.filter((r) => r.purpose !== 'portrait').length + 1;
        expect(filesIn(h.ts.dataDir)).toBe(kept);
      } finally {
        await h.close();
      }
    },
    SLOW_MS,
  );

  it(
    'chat pictures: a burst past the hourly limit sends exactly what is left of it',
    async () => {
      const h = await startIm([imArea, imMediaArea], undefined, engine);
      try {
        const db = h.ts.storage.db;
        const a = await createImUser(h, { nickName: '连发图片' });
        const b = await createImUser(h, { nickName: '收图人' });
        // The first pictures of the hour, stored earlier: the burst stays under the message rate
        // (20 per 10 s), so only the picture limit can refuse.
        const left = 10;
        const earlier = Array.from({ length: IM_IMAGE_HOURLY - left }, (_, i) => ({
          id: `${'e'.repeat(24)}${String(i).padStart(8, '0')}`,
          user_id: a.id,
          purpose: 'im' as const,
          mime: 'image/png',
          file_name: `${'e'.repeat(24)}${String(i).padStart(8, '0')}.png`,
          bytes: 100,
          width: 64,
          height: 64,
          created_at: h.clock.now - 30 * 60_000,
        }));
        await db.insertInto('user_uploads').values(earlier).execute();
        const r = await burst(left + 8, (i) => {
          const body = multipart(
            { filename: 'a.png', type: 'image/png', data: makePng(64 + i, 48) },
            { toUserId: String(b.id), clientId: clientId() },
          );
          return h.app
            .inject({
              method: 'POST',
              url: embeddedUrl(MessageMediaPaths.image),
              headers: { accessToken: a.token, ...body.headers },
              payload: body.payload,
            })
            .then((res) => res.json() as { code: number; msg: string });
        });
        expect(r.accepted, JSON.stringify(r.refused)).toBe(left);
        for (const x of r.refused)
          expect(x).toEqual({
            code: Code.RATE_LIMITED,
            msg: `发图太频繁：1 小时内最多发 ${IM_IMAGE_HOURLY} 张图片，请稍后再试`,
            data: null,
          });
        const sent = await db.selectFrom('im_messages').select('id').where('from_user_id', '=', a.id).execute();
        expect(sent).toHaveLength(left);
        const rows = await db.selectFrom('user_uploads').select('id').where('user_id', '=', a.id).execute();
        expect(rows).toHaveLength(IM_IMAGE_HOURLY);
        expect(filesIn(h.ts.dataDir)).toBe(left);
      } finally {
        await h.close();
      }
    },
    SLOW_MS,
  );
});
