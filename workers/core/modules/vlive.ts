/**
 * Anchor live rooms: gifts, notices and live/offline changes of a room, every room's live/offline
 * changes for the room lists (topic `vlive`), and the reminders of reserved broadcasts. A reminder reaches every open tab as an in-app notice; the coordinator
 * marks exactly one tab to raise the system notification, and the core drops a reminder it has
 * already delivered (a replay after a reconnect), so the user hears of a start once per browser.
 */
import { Observable, Subject } from 'rxjs';
import type { InboxEvent, RoomEvent } from '../../protocol/chat';
import { Topics } from '../../protocol/topics';
import type { ReminderEvent, RoomEventValue, RoomLiveEvent } from '../api';
import { exhaustive } from '../exhaustive';
import type { Kernel, StreamBuilders } from '../kernel';
import { createRoomSubjects } from '../room-subjects';

/** Reminder ids remembered against replays. */
const SEEN_MAX = 500;

export type RoomSideEvent = Exclude<RoomEvent, { kind: 'chat' }>;

export interface VliveModule {
  readonly streams: Pick<StreamBuilders, 'roomEvents' | 'roomList' | 'reminders'>;
  /** `roomId`: the room of the topic the event came on; null for the room lists' topic. */
  onRoomEvent(roomId: string | null, event: RoomSideEvent): void;
  onReminder(event: Extract<InboxEvent, { kind: 'reminder' }>): void;
  footprint(): { rooms: number };
}

export function createVliveModule(kernel: Kernel): VliveModule {
  const rooms = createRoomSubjects<RoomEventValue>(kernel);
  const reminders$ = new Subject<ReminderEvent>();
  const list$ = new Subject<RoomLiveEvent>();
  const seen = new Set<string>();

  function roomStream(roomId: string): Observable<RoomEventValue> {
    return new Observable<RoomEventValue>((sub) => rooms.join(roomId, (v) => sub.next(v)));
  }

  return {
    streams: {
      roomEvents: (key) => roomStream(key.roomId),
      roomList: () =>
        new Observable<RoomLiveEvent>((sub) => {
          const s = list$.subscribe(sub);
          const unwatch = kernel.watchTopic(Topics.vlive);
          return () => {
            s.unsubscribe();
            unwatch();
          };
        }),
      // Reminders come on the inbox topic, which the session watches while logged in.
      reminders: () => reminders$,
    },
    onRoomEvent(roomId, event) {
      switch (event.kind) {
        case 'gift':
          rooms.get(event.gift.roomId)?.next({ kind: 'gift', gift: event.gift });
          return;
        case 'notice':
          if (roomId) rooms.get(roomId)?.next({ kind: 'notice', text: event.text, at: event.at });
          return;
        case 'live':
          // The server says it on the room's topic and on the lists' topic: each goes to its own.
          if (roomId === null) list$.next({ roomId: event.roomId, live: event.live });
          else rooms.get(event.roomId)?.next({ kind: 'live', roomId: event.roomId, live: event.live });
          return;
        default:
          return exhaustive(event);
      }
    },
    onReminder(event) {
      const id = `${event.path}@${event.at}`;
      if (seen.has(id)) return;
      seen.add(id);
      if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value as string);
      reminders$.next({ id, title: event.title, text: event.text, path: event.path, at: event.at, system: false });
    },
    footprint: () => ({ rooms: rooms.size }),
  };
}
