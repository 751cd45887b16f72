/**
 * Group data for the group pages: fetched through the core, fetched again whenever the core sees
 * a `group` event (its conversation list's groupRev moves), so every tab follows a rename, a new
 * member or a dissolve at once.
 */
import { useCallback, useEffect, useState } from 'react';
import { getCore, useConversations } from '../../core/index';
import {
  MessagePaths,
  type GroupDetail,
  type GroupInvitation,
  type GroupSummary,
} from '../../../workers/protocol/api/message';
import { showToast } from '../../state/ui';

export interface Loaded<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | null;
  msg: string;
}

function useFetched<T>(path: string, query: Record<string, string | number> | null, key: string): Loaded<T> {
  const rev = useConversations()?.groupRev ?? 0;
  const [value, setValue] = useState<Loaded<T>>({ status: 'loading', data: null, msg: '' });
  useEffect(() => {
    if (!query) return;
    let live = true;
    void getCore()
      .request<T>({ path, ...(Object.keys(query).length ? { query } : {}), silent: true })
      .then((env) => {
        if (!live) return;
        setValue(
          env.code === 200
            ? { status: 'ready', data: env.data, msg: '' }
            : { status: 'error', data: null, msg: env.msg },
        );
      });
    return () => {
      live = false;
    };
    // `key` stands for the query's contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, key, rev]);
  return value;
}

export function useMyGroups(): Loaded<GroupSummary[]> {
  return useFetched<GroupSummary[]>(MessagePaths.groupList, {}, 'mine');
}

/** Invitations waiting for my answer (I accept messages only from people I follow). */
export function useGroupInvitations(): Loaded<GroupInvitation[]> {
  return useFetched<GroupInvitation[]>(MessagePaths.groupInvitations, {}, 'invitations');
}

export function useGroupDetail(groupId: number | null, code: string | null): Loaded<GroupDetail> {
  const query = groupId ? { groupId, ...(code ? { code } : {}) } : null;
  return useFetched<GroupDetail>(MessagePaths.groupDetail, query, `${groupId}:${code ?? ''}`);
}

/** A group write: shows the server's message when refused; answers the new detail or null. */
export function useGroupAction() {
  return useCallback(async <T = GroupDetail>(path: string, body: Record<string, unknown>): Promise<T | null> => {
    const env = await getCore().request<T>({ path, method: 'POST', body, silent: true });
    if (env.code !== 200) {
      showToast(env.msg);
      return null;
    }
    return env.data;
  }, []);
}
