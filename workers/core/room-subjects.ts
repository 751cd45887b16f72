/**
 * The rooms a module streams (chat batches, anchor room events): one subject per room while any
 * tab listens, the room's topic watched meanwhile, and both let go with the last listener, so
 * the map never outgrows the rooms open now.
 */
import { Subject } from 'rxjs';
import { Topics } from '../protocol/topics';
import type { Kernel } from './kernel';

export interface RoomSubjects<T> {
  /** The room's subject while anyone listens; undefined otherwise (its events are dropped). */
  get(roomId: string): Subject<T> | undefined;
  /** Rooms listened to now. */
  readonly size: number;
  /** Listens to the room: `onValue` gets its values until the returned leave() is called. */
  join(roomId: string, onValue: (value: T) => void): () => void;
}

export function createRoomSubjects<T>(kernel: Pick<Kernel, 'watchTopic'>): RoomSubjects<T> {
  const rooms = new Map<string, Subject<T>>();
  return {
    get: (roomId) => rooms.get(roomId),
    get size() {
      return rooms.size;
    },
    join(roomId, onValue) {
      let subject = rooms.get(roomId);
      if (!subject) {
        subject = new Subject<T>();
        rooms.set(roomId, subject);
      }
      const subj = subject;
      const s = subj.subscribe(onValue);
      const unwatch = kernel.watchTopic(Topics.room(roomId));
      return () => {
        s.unsubscribe();
        unwatch();
        if (!subj.observed) rooms.delete(roomId);
      };
    },
  };
}
