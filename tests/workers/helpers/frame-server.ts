/**
 * A bare `ws` server on an ephemeral port that speaks just enough of the protocol (HELLO on
 * connect) and records what each connection receives, for the socket's timing tests.
 */
import { WebSocketServer, type WebSocket } from 'ws';
import { Frame, PROTOCOL_VERSION } from '../../../workers/protocol/index';

export interface Received {
  conn: number;
  text: string;
  at: number;
}

export class FrameServer {
  readonly received: Received[] = [];
  readonly conns: WebSocket[] = [];
  private constructor(
    private readonly wss: WebSocketServer,
    readonly url: string,
    private readonly clock: () => number,
  ) {
    wss.on('connection', (ws) => {
      const id = this.conns.push(ws) - 1;
      ws.send(
        JSON.stringify({
          code: Frame.HELLO,
          data: { serverId: 'srv-1', version: PROTOCOL_VERSION, heartbeatMs: 10_000, idleTimeoutMs: 35_000 },
        }),
      );
      ws.on('message', (data) => this.received.push({ conn: id, text: String(data), at: this.clock() }));
    });
  }

  static async start(clock: () => number): Promise<FrameServer> {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    const addr = wss.address();
    if (!addr || typeof addr === 'string') throw new Error('bad address');
    return new FrameServer(wss, `ws://127.0.0.1:${addr.port}/ws`, clock);
  }

  openCount(): number {
    return this.conns.filter((c) => c.readyState === 1).length;
  }

  framesOf(conn: number): string[] {
    return this.received.filter((r) => r.conn === conn).map((r) => r.text);
  }

  async close(): Promise<void> {
    for (const c of this.conns) c.terminate();
    await new Promise<void>((r) => this.wss.close(() => r()));
  }
}
