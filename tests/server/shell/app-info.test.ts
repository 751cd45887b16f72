import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, SystemPaths, embeddedUrl, type AppInfo, type Envelope } from '../../../workers/protocol/index';
import type { AppContext } from '../../../server/context';
import { installErrorHandler } from '../../../server/http/reply';
import { appInfoConfigFromEnv, saveAppInfoOverride } from '../../../server/shell/app-info';
import type { LiveSourceKind } from '../../../server/config';
import { shellArea } from '../../../server/shell/routes';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';

let t: TestStorage;
let app: FastifyInstance;
const url = embeddedUrl(SystemPaths.appInfo);
/** The live source the routes see: the simulator, or (below) a recorded real feed. */
const feed: { kind: LiveSourceKind } = { kind: 'simulator' };

beforeAll(async () => {
  t = await createTestStorage();
  app = Fastify();
  installErrorHandler(app);
  const ctx = { config: t.config, db: t.storage.db, storage: t.storage, now: Date.now, feed } as unknown as AppContext;
  await shellArea(app, ctx);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

async function getInfo(query = ''): Promise<Envelope<AppInfo>> {
  const res = await app.inject({ method: 'GET', url: url + query, headers: { host: 'qiusai.test:8008' } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /main/inform/app/info', () => {
  it('answers the app name, host and web version in the envelope, packages unpublished by default', async () => {
    const body = await getInfo('?platform=4&channelId=4');
    expect(body.code).toBe(Code.OK);
    expect(body.data.name).toBe(process.env.APP_NAME || '球赛');
    expect(body.data.host).toBe('qiusai.test:8008');
    expect(body.data.webVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('says the scores are demo data (演示数据) with the simulator or its replay, and not with a real provider', async () => {
    expect((await getInfo()).data.demoData).toBe(true);
    try {
      feed.kind = 'replay';
      expect((await getInfo()).data.demoData).toBe(true);
      feed.kind = 'nami';
      expect((await getInfo()).data.demoData).toBe(false);
      feed.kind = 'apisports';
      expect((await getInfo()).data.demoData).toBe(false);
    } finally {
      feed.kind = 'simulator';
    }
  });

  it('rejects a malformed default param with a Chinese message', async () => {
    const body = await getInfo('?platform=abc');
    expect(body.code).toBe(Code.BAD_INPUT);
    expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('publishes a package from the kv override, and unpublishes it with null', async () => {
    await saveAppInfoOverride(t.storage.db, {
      android: { url: 'https://dl.example.org/qiusai-2.3.0.apk', version: '2.3.0', size: 31_457_280 },
    });
    let body = await getInfo();
    expect(body.data.android).toEqual({
      url: 'https://dl.example.org/qiusai-2.3.0.apk',
      version: '2.3.0',
      size: 31_457_280,
    });
    await saveAppInfoOverride(t.storage.db, { android: null, name: '看球' });
    body = await getInfo();
    expect(body.data.android).toBeNull();
    expect(body.data.name).toBe('看球');
  });

  it('refuses to store an override with a bad package URL', async () => {
    await expect(
      saveAppInfoOverride(t.storage.db, { ios: { url: 'javascript:alert(1)', version: '1' } }),
    ).rejects.toThrow();
    const body = await getInfo();
    expect(body.data.ios).toBeNull();
  });
});

describe('appInfoConfigFromEnv', () => {
  it('reads packages from the environment', () => {
    const c = appInfoConfigFromEnv({
      APP_NAME: '球赛',
      APP_IOS_URL: 'itms-services://?action=download-manifest&url=https://x/y.plist',
      APP_IOS_VERSION: '2.0.1',
    });
    expect(c.ios).toEqual({
      url: 'itms-services://?action=download-manifest&url=https://x/y.plist',
      version: '2.0.1',
      size: null,
    });
    expect(c.android).toBeNull();
  });
  it('stops on a malformed package URL', () => {
    expect(() => appInfoConfigFromEnv({ APP_ANDROID_URL: 'ftp://nope' })).toThrow(/APP_ANDROID/);
  });
});
