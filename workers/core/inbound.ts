/**
 * The one router of inbound socket events: each kind of the protocol's `TopicEvent` goes to the
 * module that owns it. The switch ends in a never-check, so a kind added to the protocol fails
 * the build here until some module handles it (tests/workers/core/exhaustive.test.ts).
 */
import type { TopicEvent } from '../protocol/frames';
import { parseTopic, type Topic } from '../protocol/topics';
import { exhaustive } from './exhaustive';
import type { AlertsModule } from './modules/alerts';
import type { ChatModule } from './modules/chat';
import type { InboxModule } from './modules/inbox';
import type { MessagingModule } from './modules/messaging';
import type { MatchDetailModule } from './modules/match-detail';
import type { MatchStore } from './modules/matches';
import type { SessionModule } from './modules/session';
import type { StandingsModule } from './modules/standings';
import type { VliveModule } from './modules/vlive';
import type { WalletModule } from './modules/wallet';

export interface InboundTargets {
  store: Pick<MatchStore, 'upsert'>;
  detail: Pick<MatchDetailModule, 'onEvent' | 'addIncident'>;
  alerts: Pick<AlertsModule, 'onIncident'>;
  chat: Pick<ChatModule, 'onEvent'>;
  vlive: Pick<VliveModule, 'onRoomEvent' | 'onReminder'>;
  inbox: Pick<InboxModule, 'onEvent'>;
  messaging: Pick<MessagingModule, 'onEvent'>;
  session: Pick<SessionModule, 'onEvent'>;
  wallet: Pick<WalletModule, 'onEvent'>;
  standings: Pick<StandingsModule, 'onMatch'>;
}

function roomOf(topic: Topic): string | null {
  const p = parseTopic(topic);
  return p && p.kind === 'room' ? p.roomId : null;
}

export function createInbound(t: InboundTargets): (topic: Topic, event: TopicEvent) => void {
  return (topic, event) => {
    switch (event.kind) {
      case 'match':
        t.store.upsert(event.match, false);
        t.standings.onMatch(event.match);
        if (event.incident) {
          t.detail.addIncident(event.incident);
          t.alerts.onIncident(event.incident, event.match);
        }
        return;
      case 'text':
      case 'stats':
      case 'odds':
        return t.detail.onEvent(event);
      case 'chat':
        return t.chat.onEvent(roomOf(topic) ?? event.message.roomId, event);
      case 'gift':
      case 'notice':
      case 'live':
        return t.vlive.onRoomEvent(roomOf(topic), event);
      case 'reminder':
        return t.vlive.onReminder(event);
      case 'im':
      case 'counts':
        t.inbox.onEvent(event);
        return t.messaging.onEvent(event);
      case 'group':
        return t.messaging.onEvent(event);
      case 'logout':
        return t.session.onEvent(event);
      case 'wallet':
        return t.wallet.onEvent(event);
      default:
        return exhaustive(event);
    }
  };
}
