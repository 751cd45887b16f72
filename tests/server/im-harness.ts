/**
 * The messaging area's test server, shared by the /imapi and /imserver tests: a real Fastify, the
 * real hub with real `ws` sockets on an ephemeral port, the socket address calls and a real
 * PGlite in a temp dir, on a clock the tests move. `useImServer()` starts it before the file's
 * tests and closes it after; its helpers call the running server.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { Code, Frame, Topics, embeddedUrl, type ServerFrame } from '../../workers/protocol/index';
import { MessagePaths as P, type GroupDetail, type SendResult } from '../../workers/protocol/api/message';
import type { ImMessage, InboxEvent } from '../../workers/protocol/chat';
import type { AreaPlugin } from '../../server/context';
import { imArea } from '../../server/im/routes';
import { createTestStorage, type Engine } from '../helpers/test-db';
import { Sock, api as apiOf, createUser as createUserOf, serveAreas, type VliveHarness } from './vlive-harness';

export type ImHarness = VliveHarness;
export type User = { id: number; token: string };

export async function startIm(
  areas: readonly AreaPlugin[] = [imArea],
  startAt = Date.UTC(2026, 10, 24, 8, 0, 0),
  engine: Engine = 'pglite',
): Promise<ImHarness> {
  const ts = await createTestStorage(engine);
  const clock = { now: startAt };
  const { app, hub, base } = await serveAreas(ts, () => clock.now, areas, { topicCatalog: false });
  return {
    app,
    ts,
    hub,
    base,
    clock,
    async close() {
      await hub.close();
      await app.close();
      await ts.cleanup();
    },
  };
}

export const hasChinese = (s: string) => /[\u4e00-\u9fa5]/.test(s);

export const isEvent =
  <K extends InboxEvent['kind']>(kind: K, pred: (e: Extract<InboxEvent, { kind: K }>) => boolean = () => true) =>
  (f: ServerFrame) =>
    f.code === Frame.EVENT && f.topic === Topics.inbox && f.data.kind === kind && pred(f.data as never);

export const eventOf = <K extends InboxEvent['kind']>(f: ServerFrame) =>
  (f as Extract<ServerFrame, { code: typeof Frame.EVENT }>).data as unknown as Extract<InboxEvent, { kind: K }>;

export function imEvents(frames: ServerFrame[]): ImMessage[] {
  return frames.filter(isEvent('im')).map((f) => eventOf<'im'>(f).message);
}

let clientSeq = 0;
export const clientId = () => `c-${Date.now().toString(36)}-${++clientSeq}`;

/** Starts the server for the calling test file; `im.h` is the running harness. */
export function useImServer(areas?: readonly AreaPlugin[]) {
  const im = {
    h: undefined as unknown as ImHarness,
    api<T = unknown>(method: 'GET' | 'POST', path: string, opts: Parameters<typeof apiOf>[3] = {}) {
      return apiOf<T>(im.h, method, embeddedUrl(path), opts);
    },
    createUser(nickName?: string): Promise<User> {
      return createUserOf(im.h, { nickName });
    },
    async inboxSock(token: string): Promise<Sock> {
      const s = await Sock.connect(im.h, token);
      await s.subscribe(Topics.inbox);
      return s;
    },
  };
  beforeAll(async () => {
    im.h = await startIm(areas);
  });
  afterAll(async () => {
    await im.h?.close();
  });
  return im;
}

/** The group calls and row counts the group, privacy and mass-sending tests share. */
export function groupCalls(im: ReturnType<typeof useImServer>) {
  const post = <T = GroupDetail>(token: string, path: string, form: Record<string, string | number>) =>
    im.api<T>('POST', path, { token, form });
  const detailOf = (token: string, groupId: number, code?: string) =>
    im.api<GroupDetail>('GET', P.groupDetail, { token, query: code ? { groupId, code } : { groupId } });
  const sendGroup = (token: string, groupId: number, text: string, cid = clientId()) =>
    post<SendResult>(token, P.groupSend, { groupId, text, clientId: cid });
  async function create(owner: User, members: User[], name = '周末球友群'): Promise<GroupDetail> {
    const r = await post(owner.token, P.groupCreate, { name, memberIds: members.map((m) => m.id).join(',') });
    expect(r.code, r.msg).toBe(Code.OK);
    return r.data;
  }
  async function count(table: 'im_groups' | 'im_messages' | 'im_members'): Promise<number> {
    const r = await im.h.ts.storage.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
  const follow = (userId: number, followeeId: number) =>
    im.h.ts.storage.db
      .insertInto('community_follows')
      .values({ user_id: userId, followee_id: followeeId, created_at: im.h.clock.now })
      .execute();
  return { post, detailOf, sendGroup, create, count, follow };
}
