/**
 * The operator API answers every route with the same statuses (issue 33): 401 without the
 * operator token, 403 with a wrong one, 400 for bad input, 404 for what does not exist, and no
 * route at all (404) when OPS_TOKEN is unset. The envelope's code says the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, OPS_TOKEN_HEADER, embeddedUrl } from '../../workers/protocol/index';
import { ActivityPaths } from '../../workers/protocol/api/activity';
import { OpsNewsPaths } from '../../workers/protocol/api/news';
import { OpsProposalPaths } from '../../workers/protocol/api/proposal';
import { startTestServer, type TestServer } from '../helpers/ws-client';

const OPS = 'ops-statuses-token';
let on: TestServer;

beforeAll(async () => {
  on = await startTestServer({ config: { opsToken: OPS } });
}, 180_000);
afterAll(async () => {
  await on?.close();
}, 180_000);

async function opsCall(base: string, method: 'GET' | 'POST', path: string, token: string | null, body?: unknown) {
  const res = await fetch(base + embeddedUrl(path), {
    method,
    headers: {
      ...(token !== null ? { [OPS_TOKEN_HEADER]: token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
}

// One route of each operator area: the news, activity and expert routes were written apart.
const ROUTES: Array<[string, 'GET' | 'POST', string, unknown]> = [
  ['news', 'POST', OpsNewsPaths.takedown, { id: 1 }],
  ['activity', 'POST', ActivityPaths.opsClose.replace(':issueNo', '1'), undefined],
  ['experts', 'GET', OpsProposalPaths.applications, undefined],
];

describe('operator API statuses', () => {
  it.each(ROUTES)('%s: 401 without the token, 403 with a wrong one', async (_area, method, path, body) => {
    const none = await opsCall(on.base, method, path, null, body);
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(Code.NO_TOKEN);
    expect(none.body.msg).toContain('运营令牌');
    const wrong = await opsCall(on.base, method, path, 'not-the-token', body);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: Code.REFUSED, msg: '运营令牌不正确' });
  });

  it('400 for bad input and 404 for what does not exist, on every area', async () => {
    const bad = await opsCall(on.base, 'POST', OpsNewsPaths.takedown, OPS, { id: true });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(Code.BAD_INPUT);
    const badDecision = await opsCall(on.base, 'POST', OpsProposalPaths.decide, OPS, { userId: 'x' });
    expect(badDecision.status).toBe(400);
    const noArticle = await opsCall(on.base, 'POST', OpsNewsPaths.takedown, OPS, { id: 999_999 });
    expect(noArticle.status).toBe(404);
    expect(noArticle.body.code).toBe(Code.NOT_FOUND);
    const noIssue = await opsCall(on.base, 'POST', ActivityPaths.opsClose.replace(':issueNo', '999999'), OPS);
    expect(noIssue.status).toBe(404);
    expect(noIssue.body.code).toBe(Code.NOT_FOUND);
    const ok = await opsCall(on.base, 'GET', OpsProposalPaths.applications, OPS);
    expect(ok.status).toBe(200);
    expect(ok.body.code).toBe(Code.OK);
  });

  it('without OPS_TOKEN there is no operator route: 404', async () => {
    const off = await startTestServer({ config: { opsToken: null } });
    try {
      for (const [, method, path, body] of ROUTES) {
        const r = await opsCall(off.base, method, path, OPS, body);
        // (With the client served, the not-found handler's envelope says 接口不存在.)
        expect(r.status).toBe(404);
      }
    } finally {
      await off.close();
    }
  }, 180_000);
});
