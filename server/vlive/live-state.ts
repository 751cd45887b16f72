/**
 * A room going live or offline is said twice: on the room's own topic (the open room page reloads
 * its video) and on the room lists' topic `vlive` (/vlive and the home page update their cards).
 */
import { Topics } from '../../workers/protocol/index';
import type { Hub } from '../ws/hub';

export function announceLive(hub: Pick<Hub, 'publish'>, roomId: string, live: boolean): void {
  hub.publish(Topics.room(roomId), { kind: 'live', roomId, live });
  hub.publish(Topics.vlive, { kind: 'live', roomId, live });
}
