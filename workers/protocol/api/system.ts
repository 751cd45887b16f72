/** Socket address, app info and dev controls. */
export const SystemPaths = {
  /** POST, empty body, header accessToken → { token, lotteryAddress: [{ protocol, host, port }] } */
  socketAddress: '/chat/message/websocket',
  /** POST ?group=football|basketball|<matchId> → same shape as socketAddress */
  groupToken: '/chat/getToken',
  /** GET app resource info: app name, host, download packages. */
  appInfo: '/inform/app/info',
  /** GET operate config (platform=4, channelId=4). */
  operateConfig: '/inform/operate/config',
  /** GET emoji head. */
  emojis: '/inform/emojis',
  /** The single socket endpoint. */
  socket: '/ws',
  healthz: '/healthz',
  metrics: '/metrics',
  devFeedEvent: '/_dev/feed/event',
  devWsDrop: '/_dev/ws/drop',
  devSms: '/_dev/sms',
  /** GET ?id= → { x }: the gap of a 滑动验证 puzzle, so browser tests can drag to it. */
  devSlide: '/_dev/slide',
} as const;

export interface SocketAddress {
  token: string;
  lotteryAddress: Array<{ protocol: 'ws' | 'wss'; host: string; port: number }>;
  /**
   * Cluster mode only (added field): REST origins of a few live gateways, least loaded first. A
   * client whose address call gets no answer asks these next (workers/core/socket-address.ts).
   */
  gateways?: string[];
}

/** A gateway's REST origin from its socket endpoint (a gateway serves both on one port). */
export function restOriginOf(a: SocketAddress['lotteryAddress'][number]): string {
  const host = a.host.includes(':') ? `[${a.host}]` : a.host;
  return `${a.protocol === 'wss' ? 'https' : 'http'}://${host}:${a.port}`;
}

/** An installable app package offered on /download (null fields: not published for that platform). */
export interface AppPackage {
  url: string;
  version: string;
  /** Size in bytes, when known. */
  size: number | null;
}

/** GET SystemPaths.appInfo → the app's name, public host and download packages (spec §3 appInfo). */
export interface AppInfo {
  /** Short name; the banner shows it followed by 直播. */
  name: string;
  host: string;
  android: AppPackage | null;
  ios: AppPackage | null;
  /** Version of the web app the server is serving. */
  webVersion: string;
  /**
   * Scores and odds come from the built-in feed simulator, not a real data source: the app says
   * so once (演示数据) wherever they appear. False when a real source is plugged in.
   */
  demoData: boolean;
}
