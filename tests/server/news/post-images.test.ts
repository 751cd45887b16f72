/**
 * Post pictures (issue 12) on the real server: uploaded at /user/posts/image (sniffed from the
 * bytes, size-limited, re-encoded so metadata is gone), attached to a post at /user/community (up
 * to 9, own uploads only), and shown in order on the post's card in /community/list. Bad input
 * answers a clear Chinese msg and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, embeddedUrl, fillPath } from '../../../workers/protocol/index';
import { CommunityPaths as C, type Circle, type PostPage, type PostView } from '../../../workers/protocol/api/news';
import {
  PORTRAIT_MAX_BYTES,
  POST_MAX_IMAGES,
  UserCentrePaths as U,
  type CentrePage,
  type MyPost,
  type UploadedImage,
} from '../../../workers/protocol/api/user-centre';
import { makeJpeg, makePng } from '../user-centre-helpers';
import { api, count, createUser, hasChinese, startNews, type NewsHarness } from './harness';

let h: NewsHarness;
beforeAll(async () => {
  h = await startNews();
});
afterAll(async () => {
  await h?.close();
});

async function upload(token: string | null, data: Buffer, type = 'image/png', name = 'a.png') {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(h.base + embeddedUrl(U.postImage), {
    method: 'POST',
    headers: token ? { accessToken: token } : {},
    body: fd,
  });
  return (await res.json()) as { code: number; msg: string; data: UploadedImage };
}

const uploads = async () =>
  Number(
    (
      await h.ts.storage.db
        .selectFrom('user_uploads')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const addPost = (token: string, images: string[]) =>
  api<MyPost>(h, 'POST', U.postAdd, {
    token,
    form: { title: '带图的帖子标题', content: '今晚的比赛现场，拍了几张照片。', images: images.join(',') },
  });

describe('post pictures', () => {
  it('uploads re-encoded pictures and shows up to 9 on the post card, in order', async () => {
    const u = await createUser(h, '摄影球迷');
    const ids: string[] = [];
    const urls: string[] = [];
    for (let i = 0; i < POST_MAX_IMAGES; i++) {
      const r =
        i % 2
          ? await upload(u.token, makeJpeg(40 + i, 30, 'GPS 31.2304N 121.4737E iPhone-SECRET'), 'image/jpeg', 'p.jpg')
          : await upload(u.token, makePng(40 + i, 30));
      expect(r.code, r.msg).toBe(Code.OK);
      expect(r.data.id).toMatch(/^[a-f0-9]{32}$/);
      expect(r.data.width).toBe(40 + i);
      ids.push(r.data.id);
      urls.push(r.data.url);
    }
    // Metadata is gone: the served JPEG carries no trace of the EXIF text.
    const served = await fetch(h.base + urls[1]!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from('SECRET'))).toBe(false);
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);

    const order = [...ids].reverse();
    const post = await addPost(u.token, order);
    expect(post.code, post.msg).toBe(Code.OK);
    expect(post.data.images).toEqual([...urls].reverse());
    const mine = await api<CentrePage<MyPost>>(h, 'GET', U.posts, { token: u.token, query: { page: 1 } });
    expect(mine.data.list[0]!.images).toHaveLength(POST_MAX_IMAGES);

    const feed = await api<PostPage>(h, 'GET', C.posts, { query: { feed: 'latest' } });
    const card = feed.data.list.find((p) => p.id === post.data.id)!;
    expect(card.images).toEqual([...urls].reverse());
    const detail = await api<PostView>(h, 'GET', fillPath(C.post, { id: post.data.id }));
    expect(detail.data.images).toHaveLength(POST_MAX_IMAGES);

    // A post without pictures is fine too.
    const plain = await addPost(u.token, []);
    expect(plain.code).toBe(Code.OK);
    expect(plain.data.images).toEqual([]);
  });

  it('refuses what is not a picture, too big, or not signed in; stores nothing', async () => {
    const u = await createUser(h);
    const before = await uploads();
    const cases: Array<[string | null, Buffer, string, string]> = [
      [u.token, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png', '只支持 PNG、JPG、WebP 格式的图片'],
      [u.token, Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'image/gif', '只支持 PNG、JPG、WebP 格式的图片'],
      [u.token, Buffer.concat([makePng(20, 20), Buffer.alloc(PORTRAIT_MAX_BYTES)]), 'image/png', '图片不能超过 2MB'],
      [u.token, makePng(8, 8), 'image/png', '图片太小，宽高至少 16 像素'],
      [u.token, makePng(20, 20).subarray(0, 60), 'image/png', '图片已损坏或格式不正确，请换一张'],
    ];
    for (const [token, data, type, msg] of cases) {
      const r = await upload(token, data, type);
      expect(r.code).toBe(Code.BAD_INPUT);
      expect(r.msg).toBe(msg);
    }
    const visitor = await upload(null, makePng(20, 20));
    expect(visitor.code).not.toBe(Code.OK);
    expect(hasChinese(visitor.msg)).toBe(true);
    expect(await uploads()).toBe(before);
  });

  it('a post takes only its author’s post pictures, at most 9, each once; a refused post stores nothing', async () => {
    const u = await createUser(h);
    const other = await createUser(h);
    const mine: string[] = [];
    for (let i = 0; i < POST_MAX_IMAGES + 1; i++) mine.push((await upload(u.token, makePng(20 + i, 20))).data.id);
    const theirs = (await upload(other.token, makePng(30, 30))).data.id;
    const posts = await count(h, 'user_posts');
    const cases: Array<[string[] | string, string]> = [
      [mine, `每篇帖子最多 ${POST_MAX_IMAGES} 张图片`],
      [[mine[0]!, theirs], '图片不存在，请重新上传'],
      [['f'.repeat(32)], '图片不存在，请重新上传'],
      [[mine[0]!, mine[0]!], '同一张图片只能添加一次'],
      [['../../etc/passwd'], '图片编号不正确'],
      [[mine[0]!.toUpperCase()], '图片编号不正确'],
    ];
    for (const [images, msg] of cases) {
      const r = await addPost(u.token, Array.isArray(images) ? images : [images]);
      expect(r.code, JSON.stringify(images)).toBe(Code.BAD_INPUT);
      expect(r.msg).toBe(msg);
    }
    expect(await count(h, 'user_posts')).toBe(posts);
    // The author's own pictures still work after the refusals.
    expect((await addPost(u.token, mine.slice(0, 3))).code).toBe(Code.OK);
  });

  it('posts into a circle chosen at /user/community; a bad circle is refused and nothing is stored', async () => {
    const u = await createUser(h, '圈内球迷');
    const circle = (await api<Circle[]>(h, 'GET', C.circles)).data[0]!;
    const posts = await count(h, 'user_posts');
    for (const [circleId, msg] of [
      ['abc', '圈子编号不正确'],
      ['-3', '圈子编号不正确'],
      ['999999', '圈子不存在，请重新选择'],
    ] as const) {
      const r = await api(h, 'POST', U.postAdd, {
        token: u.token,
        form: { title: '圈子里的帖子', content: '正文', circleId },
      });
      expect(r.code).toBe(Code.BAD_INPUT);
      expect(r.msg).toBe(msg);
    }
    expect(await count(h, 'user_posts')).toBe(posts);
    const r = await api<MyPost>(h, 'POST', U.postAdd, {
      token: u.token,
      form: { title: '圈子里的帖子', content: '今晚主场必胜！', circleId: circle.id },
    });
    expect(r.code).toBe(Code.OK);
    const feed = await api<PostPage>(h, 'GET', C.posts, { query: { feed: 'circle', circleId: circle.id } });
    const card = feed.data.list.find((p) => p.id === r.data.id)!;
    expect(card.circle).toEqual({ id: circle.id, name: circle.name });
    // Without a circle (empty choice) it posts to the feeds only.
    const plain = await api<MyPost>(h, 'POST', U.postAdd, {
      token: u.token,
      form: { title: '不进圈子的帖子', content: '正文', circleId: '' },
    });
    expect(plain.code).toBe(Code.OK);
    const latest = await api<PostPage>(h, 'GET', C.posts, { query: { feed: 'latest' } });
    expect(latest.data.list.find((p) => p.id === plain.data.id)!.circle).toBeNull();
  });
});
