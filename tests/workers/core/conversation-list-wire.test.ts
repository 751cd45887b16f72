/**
 * The conversation list on the wire to a tab (issue 13: 1,000 conversations scroll while messages
 * arrive): a first delivery sends every item, later ones only the items that changed and the
 * order; the tab keeps unchanged items as the same objects, follows a reorder and drops an item
 * left out; a new subscription starts over.
 */
import { describe, expect, it } from 'vitest';
import { applyListPatch, listPatchFor, type SentItems } from '../../../workers/core/conversation-list-wire';
import { PRIVATE_CHAT_CODE, CHAT_STATUS_COUNTED, type ChatListItem } from '../../../workers/protocol/api/message';

const item = (n: number, count = 0): ChatListItem => ({
  code: PRIVATE_CHAT_CODE,
  messageStatus: CHAT_STATUS_COUNTED,
  count,
  conversationId: `p:${n}:999`,
  peer: { id: n, nickName: `球友${n}`, avatar: '' },
  pinned: false,
  lastSeq: 1,
  readSeq: 0,
  last: null,
});

/** What crosses the port: a structured clone, as postMessage makes it. */
const cross = <T>(v: T): T => structuredClone(v);

describe('the conversation list on the wire', () => {
  it('sends what changed, keeps the rest as the same objects in the tab, follows order and removals', () => {
    const items = Array.from({ length: 1_000 }, (_, i) => item(i + 1));
    const first = listPatchFor(null, { status: 'ready', items, groupRev: 0 });
    expect(first.patch.full).toBe(true);
    expect(first.patch.changed).toHaveLength(1_000);
    const held: SentItems = new Map();
    const shown = applyListPatch(held, cross(first.patch));
    expect(shown.items.map((c) => c.conversationId)).toEqual(items.map((c) => c.conversationId));
    expect(shown.groupRev).toBe(0);

    // A message to the last conversation: it moves to the top with a count; one item on the wire.
    const moved = { ...items[999]!, count: 1 };
    const next = [moved, ...items.slice(0, 999)];
    const second = listPatchFor(first.sent, { status: 'ready', items: next, groupRev: 0 });
    expect(second.patch.full).toBe(false);
    expect(second.patch.changed).toEqual([moved]);
    const shown2 = applyListPatch(held, cross(second.patch));
    expect(shown2.items[0]).toMatchObject({ conversationId: moved.conversationId, count: 1 });
    expect(shown2.items.map((c) => c.conversationId)).toEqual(next.map((c) => c.conversationId));
    // Unchanged rows are the very objects the tab already held.
    expect(shown2.items[1]).toBe(shown.items[0]);
    expect(shown2.items[999]).toBe(shown.items[998]);

    // A conversation deleted: gone from the list and from what the tab holds.
    const third = listPatchFor(second.sent, { status: 'ready', items: next.slice(1), groupRev: 1 });
    expect(third.patch.changed).toEqual([]);
    const shown3 = applyListPatch(held, cross(third.patch));
    expect(shown3.items).toHaveLength(999);
    expect(shown3.groupRev).toBe(1);
    expect(held.has(moved.conversationId)).toBe(false);

    // A new subscription (another tab, a new core) is sent everything and replaces what was held.
    const fresh = listPatchFor(null, { status: 'ready', items: [item(5)] });
    const shown4 = applyListPatch(held, cross(fresh.patch));
    expect(shown4.items.map((c) => c.peer.id)).toEqual([5]);
    expect(held.size).toBe(1);
  });
});
