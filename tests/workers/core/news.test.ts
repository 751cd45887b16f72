/**
 * The core's news module over the core's real REST client against the real server: the news list
 * goes as JSON, likes and comments as forms with the session token, unknown methods are refused,
 * and a non-200 answer reaches the exceptions hook (the shell's toast) with its Chinese message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestClient } from '../../../workers/core/rest';
import { newsHandler, type NewsMethod } from '../../../workers/core/modules/news';
import { EMBEDDED_API_BASES } from '../../../workers/protocol/index';
import { HEADLINE_TYPE } from '../../../workers/protocol/api/news';
import { createUser, startNews, type NewsHarness } from '../../server/news/harness';

let h: NewsHarness;
let token: string | null = null;
const exceptions: string[] = [];
let news: ReturnType<typeof newsHandler>;

beforeAll(async () => {
  h = await startNews();
  const rest = createRestClient({
    fetch: (url, init) => fetch(url, init),
    baseUrl: (family) => h.base + EMBEDDED_API_BASES[family],
    accessToken: () => token,
    onException: (_code, msg) => exceptions.push(msg),
  });
  news = newsHandler((req) => rest.request(req));
});
afterAll(async () => {
  await h?.close();
});

describe('core news module', () => {
  it('pages the 头条 list by cursor (JSON POST) and reads an article', async () => {
    const first = await news('list', HEADLINE_TYPE, null);
    expect(first.code).toBe(200);
    expect(first.data.list.length).toBeGreaterThan(0);
    const article = await news('article', first.data.list[0]!.id);
    expect(article.data.title).toBe(first.data.list[0]!.title);
    const columns = await news('columns');
    expect(columns.data[0]!.name).toBe('头条');
  });

  it('sends likes and comments with the session token; visitors get the no-token code', async () => {
    const id = (await news('list', HEADLINE_TYPE, null)).data.list[1]!.id;
    token = null;
    expect((await news('likeArticle', id, true)).code).toBe(10010);
    token = (await createUser(h, '核心测试')).token;
    expect((await news('likeArticle', id, true)).data).toEqual({ liked: true, likes: 1 });
    expect((await news('likeArticle', id, false)).data).toEqual({ liked: false, likes: 0 });
    const c = await news('addComment', 'article', id, '来自核心的评论');
    expect(c.data.author.nickName).toBe('核心测试');
    const page = await news('comments', 'article', id, 'new', null);
    expect(page.data.list[0]!.text).toBe('来自核心的评论');
  });

  it('raises refusals on the exceptions hook and refuses unknown methods', async () => {
    exceptions.length = 0;
    const r = await news('addComment', 'article', 999999, '好');
    expect(r.code).toBe(4004);
    expect(exceptions).toEqual(['文章不存在或已下线']);
    await expect(news('toString' as NewsMethod)).rejects.toThrow('unknown news call');
  });
});
