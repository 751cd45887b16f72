/**
 * The group permission table (GROUP_PERMISSIONS, issue 13) cell by cell on a real Fastify, a real
 * hub and a real PGlite: allowed cells change the group, refused cells answer in Chinese and
 * change nothing; nobody removes or mutes the owner, and an outsider can do nothing.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import {
  GROUP_PERMISSIONS,
  MessagePaths as P,
  groupMay,
  type GroupAction,
  type GroupDetail,
  type GroupRole,
} from '../../workers/protocol/api/message';
import { groupCalls, hasChinese, useImServer, type User } from './im-harness';

const im = useImServer();
const { createUser } = im;
const { post, detailOf, sendGroup, create, count } = groupCalls(im);

/**
 * The permission table, cell by cell: every action of GROUP_PERMISSIONS tried by each role in a
 * fresh group (owner O, admin A, member M, another member X, another admin Y, an outsider Z).
 * Allowed cells must change the group; refused cells must answer 4001 in Chinese and change nothing.
 */
describe('the group permission table', () => {
  interface Cast {
    g: GroupDetail;
    O: User;
    A: User;
    M: User;
    X: User;
    Y: User;
    Z: User;
  }
  async function cast(): Promise<Cast> {
    const [O, A, M, X, Y, Z] = [
      await createUser(),
      await createUser(),
      await createUser(),
      await createUser(),
      await createUser(),
      await createUser(),
    ];
    const g = await create(O, [A, M, X, Y], '权限群');
    for (const u of [A, Y])
      expect((await post(O.token, P.groupAdmin, { groupId: g.id, userId: u.id, on: 1 })).code).toBe(Code.OK);
    return { g, O, A, M, X, Y, Z };
  }
  const detail = async (c: Cast) => (await detailOf(c.O.token, c.g.id)).data;
  const roleOf = (d: GroupDetail, id: number) => d.members.find((m) => m.id === id)?.role ?? null;

  /** Each action: what to do as `actor`, and whether the group shows it was done. */
  const actions: Record<
    GroupAction,
    { run: (c: Cast, actor: User) => Promise<{ code: number; msg: string }>; done: (c: Cast) => Promise<boolean> }
  > = {
    rename: {
      run: (c, u) => post(u.token, P.groupUpdate, { groupId: c.g.id, name: '新名字' }),
      done: async (c) => (await detail(c)).name === '新名字',
    },
    notice: {
      run: (c, u) => post(u.token, P.groupUpdate, { groupId: c.g.id, notice: '周六 20:00 一起看德比' }),
      done: async (c) => (await detail(c)).notice === '周六 20:00 一起看德比',
    },
    invite: {
      run: (c, u) => post(u.token, P.groupInvite, { groupId: c.g.id, userIds: String(c.Z.id) }),
      done: async (c) => roleOf(await detail(c), c.Z.id) === 'member',
    },
    removeMember: {
      run: (c, u) => post(u.token, P.groupRemove, { groupId: c.g.id, userId: c.X.id }),
      done: async (c) => roleOf(await detail(c), c.X.id) === null,
    },
    removeAdmin: {
      run: (c, u) => post(u.token, P.groupRemove, { groupId: c.g.id, userId: c.Y.id }),
      done: async (c) => roleOf(await detail(c), c.Y.id) === null,
    },
    muteMember: {
      run: (c, u) => post(u.token, P.groupMute, { groupId: c.g.id, userId: c.X.id, minutes: 30 }),
      done: async (c) => (await detail(c)).members.find((m) => m.id === c.X.id)?.mutedUntil !== undefined,
    },
    muteAdmin: {
      run: (c, u) => post(u.token, P.groupMute, { groupId: c.g.id, userId: c.Y.id, minutes: 30 }),
      done: async (c) => (await detail(c)).members.find((m) => m.id === c.Y.id)?.mutedUntil !== undefined,
    },
    muteAll: {
      run: (c, u) => post(u.token, P.groupMuteAll, { groupId: c.g.id, on: 1 }),
      done: async (c) => (await detail(c)).muteAll,
    },
    setAdmin: {
      run: (c, u) => post(u.token, P.groupAdmin, { groupId: c.g.id, userId: c.X.id, on: 1 }),
      done: async (c) => roleOf(await detail(c), c.X.id) === 'admin',
    },
    speakWhenAllMuted: {
      run: async (c, u) => {
        expect((await post(c.O.token, P.groupMuteAll, { groupId: c.g.id, on: 1 })).code).toBe(Code.OK);
        return sendGroup(u.token, c.g.id, '全员禁言时说话');
      },
      done: async () => (await count('im_messages')) > messagesBefore,
    },
    leave: {
      run: (c, u) => post(u.token, P.groupLeave, { groupId: c.g.id }),
      done: async (c) => (await detail(c)).memberCount === 4,
    },
    dissolve: {
      run: (c, u) => post(u.token, P.groupDissolve, { groupId: c.g.id }),
      done: async (c) => (await detailOf(c.O.token, c.g.id)).code === Code.NOT_FOUND,
    },
  };
  let messagesBefore = 0;
  const roles: GroupRole[] = ['owner', 'admin', 'member'];
  const cells = (Object.keys(GROUP_PERMISSIONS) as GroupAction[]).flatMap((action) =>
    roles.map((role) => [action, role, groupMay(role, action)] as const),
  );

  it('lists every action the server knows', () => {
    expect(Object.keys(actions).sort()).toEqual(Object.keys(GROUP_PERMISSIONS).sort());
  });

  it.each(cells)('%s by %s → allowed: %s', async (action, role, allowed) => {
    const c = await cast();
    const actor = role === 'owner' ? c.O : role === 'admin' ? c.A : c.M;
    messagesBefore = await count('im_messages');
    const r = await actions[action].run(c, actor);
    if (allowed) expect(r.code, r.msg).toBe(Code.OK);
    else {
      expect(r.code).toBe(Code.REFUSED);
      expect(hasChinese(r.msg), r.msg).toBe(true);
    }
    expect(await actions[action].done(c)).toBe(allowed);
  });

  it('nobody removes or mutes the owner, and an outsider can do nothing', async () => {
    const c = await cast();
    for (const u of [c.A, c.M]) {
      expect((await post(u.token, P.groupRemove, { groupId: c.g.id, userId: c.O.id })).code).toBe(Code.REFUSED);
      expect((await post(u.token, P.groupMute, { groupId: c.g.id, userId: c.O.id, minutes: 5 })).code).toBe(
        Code.REFUSED,
      );
    }
    for (const [path, form] of [
      [P.groupUpdate, { groupId: c.g.id, name: '路人改名' }],
      [P.groupInvite, { groupId: c.g.id, userIds: String(c.Z.id) }],
      [P.groupRemove, { groupId: c.g.id, userId: c.M.id }],
      [P.groupMuteAll, { groupId: c.g.id, on: 1 }],
      [P.groupDissolve, { groupId: c.g.id }],
    ] as const) {
      const r = await post(c.Z.token, path, form);
      expect(r.code, path).toBe(Code.NOT_MEMBER);
    }
    const d = await detail(c);
    expect(d).toMatchObject({ name: '权限群', muteAll: false, memberCount: 5 });
  });
});
