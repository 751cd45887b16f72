/** One subject per room while anyone listens; the room topic watched per listener; forgotten with the last. */
import { describe, expect, it } from 'vitest';
import { Topics } from '../../../workers/protocol/topics';
import type { Topic } from '../../../workers/protocol/topics';
import { createRoomSubjects } from '../../../workers/core/room-subjects';

function fakeKernel() {
  const watching = new Map<Topic, number>();
  return {
    watching,
    watchTopic(topic: Topic) {
      watching.set(topic, (watching.get(topic) ?? 0) + 1);
      return () => watching.set(topic, watching.get(topic)! - 1);
    },
  };
}

describe('room subjects', () => {
  it('shares one subject per room between listeners and forgets it when the last leaves', () => {
    const kernel = fakeKernel();
    const rooms = createRoomSubjects<string>(kernel);
    const a: string[] = [];
    const b: string[] = [];
    const leaveA = rooms.join('r1', (v) => a.push(v));
    const leaveB = rooms.join('r1', (v) => b.push(v));
    expect(rooms.size).toBe(1);
    expect(kernel.watching.get(Topics.room('r1'))).toBe(2);
    rooms.get('r1')?.next('gift');
    expect([a, b]).toEqual([['gift'], ['gift']]);

    leaveA();
    rooms.get('r1')?.next('notice');
    expect([a, b]).toEqual([['gift'], ['gift', 'notice']]);
    expect(rooms.size).toBe(1);

    leaveB();
    expect(rooms.size).toBe(0);
    expect(rooms.get('r1')).toBeUndefined();
    expect(kernel.watching.get(Topics.room('r1'))).toBe(0);
  });

  it('keeps rooms apart', () => {
    const rooms = createRoomSubjects<number>(fakeKernel());
    const one: number[] = [];
    const two: number[] = [];
    rooms.join('1', (v) => one.push(v));
    rooms.join('2', (v) => two.push(v));
    rooms.get('2')?.next(7);
    expect([one, two, rooms.size]).toEqual([[], [7], 2]);
  });
});
