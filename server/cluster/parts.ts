/** What a cluster process hands `buildServer` (server/app.ts). */
import type { ClusterBus } from './bus';
import type { GatewayRegistry } from './gateways';
import type { LeaderControls } from './leader-controls';
import type { SocketAdmission } from '../ws/socket-admission';

export interface ClusterParts {
  role: 'gateway' | 'feed';
  bus: ClusterBus;
  /** Gateways only: the registry the socket-address call picks from. */
  gateways?: GatewayRegistry;
  /** Shared by every gateway, so any of them opens a socket whose token another one issued. */
  tokenSecret: Buffer;
  /** Gateways: single-use connect tokens and the per-address socket cap, cluster-wide. */
  admission?: SocketAdmission;
  /** Feed: this process holds the feed lock. Gateways: always false. */
  isLeader(): boolean;
  /**
   * A standby feed: its start is readied for the days the leader stored, so a takeover starts at
   * once (/healthz `standbyReady`). Absent on gateways.
   */
  standbyReady?(): boolean;
  /** Dev controls only the feed leader applies; the others forward them to it. */
  controls?: LeaderControls;
}
